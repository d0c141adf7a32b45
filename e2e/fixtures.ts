import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { addSessionCookie, createTester, startSession, type SessionCookie, type SupportTester } from './support/test-support';

/** A tester of this test alone, already logged in: the `testerSession` fixture. */
export interface TesterSession {
  tester: SupportTester;
  cookie: SessionCookie;
}

/**
 * Every test calls expectNoAxeViolations on each page it visits, once the content has loaded.
 *
 * `testerSession` makes a confirmed tester for this test and logs it in the way the epic
 * stack does: the server writes the session row (test-support routes, decision 014) and the
 * cookie goes straight into the browser context; no registration form, no e-mail, no login
 * form. `loggedInPage` is `page` in that context. Tests of login, registration, recovery and
 * the credential change keep driving the real forms.
 */
export const test = base.extend<{ testerSession: TesterSession; loggedInPage: Page; showLoginBonus: boolean; closeOwnContexts: void }>({
  /**
   * The daily bonus calendar opens on a tester's first portal page of the day (decision 033). Other
   * tests start as a tester who chose 'Later' today (its cookie), so it does not cover their page;
   * the bonus's own tests set showLoginBonus.
   */
  showLoginBonus: [false, { option: true }],
  context: async ({ context, baseURL, showLoginBonus }, use) => {
    if (!showLoginBonus) {
      await context.addCookies([{ name: 'loginBonusLater', value: '1', url: baseURL!, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
    }
    await use(context);
  },
  testerSession: async ({ context, request, baseURL }, use) => {
    const tester = await createTester(request);
    const cookie = await startSession(request, { testerId: tester.testerId });
    await addSessionCookie(context, baseURL!, cookie);
    await use({ tester, cookie });
  },
  loggedInPage: async ({ page, testerSession }, use) => {
    expect(testerSession.cookie.value).toBeTruthy();
    await use(page);
  },
  /**
   * The browser contexts a test opens itself (a staff member's console, a second visitor) close
   * when it ends, as `context` does. Playwright leaves them open for the worker's life: their pages
   * kept running, and every later test of the worker traced each of them again (decision 146).
   */
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((opened) => !before.has(opened))
          .map((opened) => opened.close()),
      );
    },
    { auto: true },
  ],
});

export { expect };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is now and fails with a readable list of what it found.
 * axe is injected into each frame that lacks it and asked for violations only: about a
 * quarter of a second a call, where @axe-core/playwright took two seconds or more (it opens
 * an extra page per call to merge results and serialises every passing node).
 *
 * axe runs once per page state: a state that already passed in this run (the same markup, form
 * values, focus, hover, scroll position, window size, style sheets and media features, in a page
 * without frames) passes again without running it. axe's verdict depends only on those, and many
 * tests stop at the same state (the home page at rest alone was checked twenty times a run, at
 * about 4 s a check under load). The states that passed are files in E2E_AXE_DIR, shared by the
 * workers of the run; a violation is never stored, so a failing state fails in every test.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await animationsEnded(page);
  const state = await pageStateKey(page);
  const passed = state && process.env.E2E_AXE_DIR ? path.join(process.env.E2E_AXE_DIR, state) : undefined;
  if (passed && fs.existsSync(passed)) return;
  await runAxe(page);
  if (passed) fs.writeFileSync(passed, page.url());
}

/** A digest of everything axe's verdict depends on, or undefined when the page has frames (always checked). */
async function pageStateKey(page: Page): Promise<string | undefined> {
  if (page.frames().length > 1) return undefined;
  const state = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('*'));
    const indexes = (selector: string) => Array.from(document.querySelectorAll(selector), (element) => all.indexOf(element));
    const controls = Array.from(document.querySelectorAll('input, textarea, select'), (control) => {
      const field = control as HTMLInputElement;
      return [field.value, field.checked, field.indeterminate, field.disabled];
    });
    return JSON.stringify({
      html: document.documentElement.outerHTML,
      controls,
      pseudo: [':focus', ':focus-visible', ':focus-within', ':hover', ':active', ':checked', ':invalid', ':open', ':modal'].map(
        (selector) => {
          try {
            return indexes(selector);
          } catch {
            return null;
          }
        },
      ),
      scroll: [
        window.scrollX,
        window.scrollY,
        ...all
          .filter((element) => element.scrollTop || element.scrollLeft)
          .map((element) => [all.indexOf(element), element.scrollTop, element.scrollLeft]),
      ],
      window: [window.innerWidth, window.innerHeight, window.devicePixelRatio],
      sheets: Array.from(document.styleSheets, (sheet) => [sheet.href, sheet.disabled, sheet.cssRules.length]),
      media: [
        '(prefers-reduced-motion: reduce)',
        '(prefers-color-scheme: dark)',
        '(forced-colors: active)',
        '(prefers-contrast: more)',
      ].map((query) => window.matchMedia(query).matches),
    });
  });
  return createHash('sha256').update(page.url()).update(state).digest('hex');
}

/** The landmark rules (axe's best practices, outside the WCAG tags): one main landmark, at the top level. */
const MAIN_LANDMARK_RULES = ['landmark-one-main', 'landmark-no-duplicate-main', 'landmark-main-is-top-level'];

/** The page has exactly one main landmark, which no other landmark contains. */
export async function expectOneMainLandmark(page: Page): Promise<void> {
  await runAxe(page, { type: 'rule', values: MAIN_LANDMARK_RULES });
}

/**
 * Waits until the page's finite CSS animations and transitions have ended. A fade still running
 * blends text into its background, so axe would measure the contrast of one frame of it (the
 * burger menu's 0.2 s fade-in read 2.97:1 on a loaded machine). CSS animations run on the
 * browser's own time, also on a held page clock; endless ones (spinners) are not waited for.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function runAxe(page: Page, runOnly: { type: 'tag' | 'rule'; values: string[] } = { type: 'tag', values: AXE_TAGS }): Promise<void> {
  await animationsEnded(page);
  for (const frame of page.frames()) {
    const hasAxe = await frame.evaluate(() => 'axe' in window);
    if (!hasAxe) await frame.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: rules, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary })),
    }));
  }, runOnly);
  const report = violations.map((violation) => {
    const nodes = violation.nodes.map((node) => `    - ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
    return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
  });
  expect(report, `axe found ${report.length} violation(s) on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}

/** The year the site shows in its winners texts (the browser and the tests share this machine's clock). */
export function currentYear(): number {
  return new Date().getFullYear();
}
