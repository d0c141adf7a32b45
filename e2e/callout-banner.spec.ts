import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Issue 28, decision 130: the call-out banner lands without moving anything the tester already
 * sees. In CI a click pressed on a button, the banner arrived above it, and the release landed
 * elsewhere: no click at all. The test holds the call-outs' answer back until the portal has shown
 * what it shows without them, lets it go, and checks that nothing on screen moved: the survey
 * button kept its place and the browser recorded no layout shift.
 */

const QUICK_SURVEYS = '/community/main/quick-survey';

/** What the browser's layout-shift entries say, kept from the page's start (an init script). */
interface RecordedShift {
  value: number;
  moved: string[];
}

async function recordLayoutShifts(page: Page) {
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

/** GetCalloutList's answer waits until `release()`; `asked` settles when the page has asked for it. */
async function holdCallouts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked!: () => void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await page.route('**/api/callout/GetCalloutList', async (route) => {
    markAsked();
    await released;
    await route.continue();
  });
  return { asked, release };
}

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

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the call-out banner lands without moving what is on screen', async ({ loggedInPage: page }) => {
      await recordLayoutShifts(page);
      const callouts = await holdCallouts(page);
      await page.goto(QUICK_SURVEYS);
      await callouts.asked;
      const survey = page
        .getByRole('list', { name: 'Quick surveys' })
        .getByRole('button', { name: 'Streaming at home 25 coins', exact: true });
      // What the portal shows while the call-outs are not known: the page itself, or its loading status.
      await expect(survey.or(page.getByRole('status').filter({ hasText: 'Loading your account' }))).toBeVisible();
      const before = (await survey.isVisible()) ? await settledBox(survey) : null;

      callouts.release();
      // Every tester has the seeded call-out, which opens in full on the first page it is met on.
      const banner = page.getByRole('complementary', { name: 'Call-outs' });
      await expect(banner).toContainText('Holiday taste tests are open');
      const after = await settledBox(survey);
      if (before) expect(after, 'the survey button moved when the banner came').toEqual(before);
      expect(await layoutShifts(page)).toEqual([]);
      // Its place in the keyboard order is as before: after the skip link, before the portal's navigation.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: 'Hide call-out: Holiday taste tests are open' })).toBeFocused();
      await expectNoAxeViolations(page);
    });
  });
}
