import { expect, expectNoAxeViolations, test } from './fixtures';
import { loginForm } from './support/accounts';
import { expectQuickSurveysStayPut, holdAnswer, recordLayoutShifts } from './support/layout-shifts';
import { createTester } from './support/test-support';

/**
 * Issue 28, decision 138: nothing lands on an open portal page. The password reminder is in place
 * from the first paint, as the call-out banner is (decision 130), and a Spanish tester who logs in
 * from an English tab keeps a page on screen while the portal switches to Spanish.
 */

test.use({ viewport: { width: 360, height: 740 } });

test('the password reminder is there with the page, never landing on it', async ({ loggedInPage: page }) => {
  await recordLayoutShifts(page);
  // The fixture's tester changed its password just now: the answer says a change is due, and waits for `release`.
  const reminder = await holdAnswer(page, '**/api/account/GetPasswordAge', (route) =>
    route.fulfill({
      json: { status: 'succeed', passwordChangedAt: '2025-01-01T00:00:00.000Z', changeRecommended: true, reminderMonths: 6 },
    }),
  );
  await expectQuickSurveysStayPut(
    page,
    reminder,
    () => expect(page.getByRole('complementary', { name: 'Password reminder' })).toContainText('We recommend changing it every 6 months.'),
    'the reminder',
  );
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
