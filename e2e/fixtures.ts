import fs from 'node:fs';
import { createRequire } from 'node:module';
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
export const test = base.extend<{ testerSession: TesterSession; loggedInPage: Page }>({
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
});

export { expect };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is now and fails with a readable list of what it found.
 * axe is injected into each frame that lacks it and asked for violations only: about a
 * quarter of a second a call, where @axe-core/playwright took two seconds or more (it opens
 * an extra page per call to merge results and serialises every passing node).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const hasAxe = await frame.evaluate(() => 'axe' in window);
    if (!hasAxe) await frame.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary })),
    }));
  }, AXE_TAGS);
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
