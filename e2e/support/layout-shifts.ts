import type { Locator, Page, Route } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Issue 28 (decisions 130 and 138): nothing lands on an open portal page. These helpers hold back
 * one answer the portal waits for, record the browser's layout-shift entries from the page's start,
 * and check that the quick-survey button kept its place when the held answer arrived.
 */

interface RecordedShift {
  value: number;
  moved: string[];
}

/** Keeps the browser's layout-shift entries from the page's start (an init script). */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null }[];
    }
    const name = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
        : String(node);
    const shifts: RecordedShift[] = [];
    (window as unknown as { layoutShifts: RecordedShift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        // A shift right after the tester's own input is expected (a menu opening); none happen here.
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((source) => name(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: RecordedShift[] }).layoutShifts);

/** The element's box once two readings in a row agree (the layout has settled). */
async function settledBox(locator: Locator) {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await locator.boundingBox());
      const settled = box === last && box !== 'null';
      last = box;
      return settled;
    })
    .toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

export interface HeldAnswer {
  /** Settles when the page has asked. */
  asked: Promise<void>;
  release: () => void;
}

/** The answer to `url` waits until `release()`; then the server's (or `answer`'s, when given) goes out. */
export async function holdAnswer(page: Page, url: string, answer?: (route: Route) => Promise<void>): Promise<HeldAnswer> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked!: () => void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await page.route(url, async (route) => {
    markAsked();
    await released;
    await (answer ? answer(route) : route.continue());
  });
  return { asked, release };
}

/**
 * Opens the quick surveys with `held` holding back an answer the portal waits for, lets it go, waits
 * for `arrived` (what the answer brings), and checks that the survey button did not move and the
 * browser recorded no layout shift. Call `recordLayoutShifts` before `holdAnswer`'s page loads.
 */
export async function expectQuickSurveysStayPut(page: Page, held: HeldAnswer, arrived: () => Promise<void>, what: string) {
  await page.goto('/community/main/quick-survey');
  await held.asked;
  const survey = page.getByRole('list', { name: 'Quick surveys' }).getByRole('button', { name: 'Streaming at home 25 coins', exact: true });
  // What the portal shows while the answer is not known: the page itself, or its loading status.
  await expect(survey.or(page.getByRole('status').filter({ hasText: 'Loading your account' }))).toBeVisible();
  const before = (await survey.isVisible()) ? await settledBox(survey) : null;

  held.release();
  await arrived();
  const after = await settledBox(survey);
  if (before) expect(after, `the survey button moved when ${what} came`).toEqual(before);
  expect(await layoutShifts(page)).toEqual([]);
}
