import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { loginForm } from './support/accounts';
import { createTester } from './support/test-support';

/**
 * Issue 28, decision 138: nothing lands on an open portal page. The password reminder is in place
 * from the first paint, as the call-out banner is (decision 130), and a Spanish tester who logs in
 * from an English tab keeps a page on screen while the portal switches to Spanish.
 */

test.use({ viewport: { width: 360, height: 740 } });

const QUICK_SURVEYS = '/community/main/quick-survey';

interface RecordedShift {
  value: number;
  moved: string[];
}

/** The browser's layout-shift entries from the page's start (an init script). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null }[];
    }
    const name = (node: Node | null) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}.${String(node.className)}` : String(node);
    const shifts: RecordedShift[] = [];
    (window as unknown as { layoutShifts: RecordedShift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
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

test('the password reminder is there with the page, never landing on it', async ({ loggedInPage: page }) => {
  await recordLayoutShifts(page);
  // The fixture's tester changed its password just now: the answer says a change is due, and waits for `release`.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked!: () => void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await page.route('**/api/account/GetPasswordAge', async (route) => {
    markAsked();
    await released;
    await route.fulfill({
      json: { status: 'succeed', passwordChangedAt: '2025-01-01T00:00:00.000Z', changeRecommended: true, reminderMonths: 6 },
    });
  });
  await page.goto(QUICK_SURVEYS);
  await asked;
  const survey = page.getByRole('list', { name: 'Quick surveys' }).getByRole('button', { name: 'Streaming at home 25 coins', exact: true });
  // What the portal shows while the reminder is not known: the page itself, or its loading status.
  await expect(survey.or(page.getByRole('status').filter({ hasText: 'Loading your account' }))).toBeVisible();
  const before = (await survey.isVisible()) ? await settledBox(survey) : null;

  release();
  await expect(page.getByRole('complementary', { name: 'Password reminder' })).toContainText('We recommend changing it every 6 months.');
  const after = await settledBox(survey);
  if (before) expect(after, 'the survey button moved when the reminder came').toEqual(before);
  expect(await layoutShifts(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test('a Spanish tester logging in from an English tab keeps a page on screen while it turns Spanish', async ({ page, request }) => {
  const tester = await createTester(request, { language: 'es' });
  // From the portal's first page on, the page records every moment it has no main landmark on screen
  // (a suspended boundary that was shown hides its content with display: none rather than removing it).
  await page.addInitScript(() => {
    const record = { portalShown: false, mainMissing: 0 };
    (window as unknown as { mainRecord: typeof record }).mainRecord = record;
    const look = () => {
      const main = document.querySelector('main');
      const shown = main?.checkVisibility() === true;
      if (shown && main?.matches('.portal-gate, .portal__content')) record.portalShown = true;
      if (record.portalShown && !shown) record.mainMissing += 1;
    };
    new MutationObserver(look).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'hidden'],
    });
  });
  await page.goto('/community/login');
  const form = loginForm(page);
  await form.username.fill(tester.username);
  await form.password.fill(tester.password);
  await form.submit.click();
  await expect(page).toHaveURL('/community/main/screener');
  await expect(page.getByRole('navigation', { name: 'Menú del portal' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('main')).toBeVisible();
  const record = await page.evaluate(() => (window as unknown as { mainRecord: { portalShown: boolean; mainMissing: number } }).mainRecord);
  expect(record).toEqual({ portalShown: true, mainMissing: 0 });
  await expectNoAxeViolations(page);
});
