import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectQuickSurveysStayPut, holdAnswer, recordLayoutShifts } from './support/layout-shifts';

/**
 * Issue 28, decision 130: the call-out banner lands without moving anything the tester already
 * sees. In CI a click pressed on a button, the banner arrived above it, and the release landed
 * elsewhere: no click at all. The test holds the call-outs' answer back until the portal has shown
 * what it shows without them, lets it go, and checks that nothing on screen moved: the survey
 * button kept its place and the browser recorded no layout shift.
 */

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the call-out banner lands without moving what is on screen', async ({ loggedInPage: page }) => {
      await recordLayoutShifts(page);
      const callouts = await holdAnswer(page, '**/api/callout/GetCalloutList');
      // Every tester has the seeded call-out, which opens in full on the first page it is met on.
      const banner = page.getByRole('complementary', { name: 'Call-outs' });
      await expectQuickSurveysStayPut(page, callouts, () => expect(banner).toContainText('Holiday taste tests are open'), 'the banner');
      // Its place in the keyboard order is as before: after the skip link, before the portal's navigation.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: 'Hide call-out: Holiday taste tests are open' })).toBeFocused();
      await expectNoAxeViolations(page);
    });
  });
}
