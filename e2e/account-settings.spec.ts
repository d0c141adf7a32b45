import type { Page } from '@playwright/test';
import { message } from '@testerhub/shared/account-messages';
import { ACCOUNT_SETTINGS_TEXTS } from '@testerhub/shared/account-settings-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectFieldError, logInThroughForm } from './support/accounts';
import { expectNoAxeViolationsOnHeldClock, holdPageClock } from './support/clock';
import { addSessionCookie, startSession } from './support/test-support';

/**
 * Issue 11, section 6 (decision 035): the contact and password pages with their messages, the
 * opt-in popup's switches and 1-second lock, and the call-out dismissed until its end.
 */

const CONTACT = '/community/main/account/contact';
const PASSWORD = '/community/main/account/password';
const ACCOUNT = '/community/main/account/general';
/** The seeded call-out showing now (apps/server/src/modules/callouts/callout-seed.ts). */
const SEEDED_CALLOUT = 'Holiday taste tests are open';

async function openFromMenu(page: Page, entry: 'Contact' | 'Password', heading: string) {
  await page.goto(ACCOUNT);
  await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('contact: the stored contact, every message, the too-far notice, then a saved change that is still there after a reload', async ({
  loggedInPage: page,
}) => {
  await openFromMenu(page, 'Contact', 'Change contact info');
  await expect(page).toHaveURL(CONTACT);
  const main = page.getByTestId('portal-content');
  const address = main.getByRole('textbox', { name: 'Address' });
  const city = main.getByRole('textbox', { name: 'City' });
  const zip = main.getByRole('textbox', { name: 'Zip code' });
  const phone = main.getByRole('textbox', { name: 'Phone number' });
  await expect(zip).not.toHaveValue('');
  await expect(phone).toHaveValue(/^\(\d{3}\)\d{3}-\d{4}$/);
  await expectNoAxeViolations(page);

  await address.fill('');
  await city.fill('');
  await zip.fill('6061');
  await phone.fill('312555');
  await phone.blur();
  await expectFieldError(address, message('required'));
  await expectFieldError(city, message('required'));
  await expectFieldError(zip, message('zipInvalid'));
  await expectFieldError(phone, message('phoneInvalid'));
  await expect(phone).toHaveValue('312555');
  await expectNoAxeViolations(page);

  await address.fill('77 Lakeside Drive');
  await city.fill('Billings');
  await zip.fill('59001');
  await zip.blur();
  await expect(main.getByRole('status').filter({ hasText: message('zipTooFar') })).toBeVisible();
  await phone.fill('4065550142');
  await phone.blur();
  await expect(phone).toHaveValue('(406)555-0142');
  await expectNoAxeViolations(page);

  await main.getByRole('button', { name: 'Save contact info' }).click();
  const saved = page.getByRole('dialog', { name: 'Contact Updated' });
  await expect(saved).toContainText(ACCOUNT_SETTINGS_TEXTS.contactSaved);
  await expectNoAxeViolations(page);
  await saved.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await expect(address).toHaveValue('77 Lakeside Drive');
  await expect(city).toHaveValue('Billings');
  await expect(zip).toHaveValue('59001');
  await expect(phone).toHaveValue('(406)555-0142');
});

test('password: every message, the failure for a wrong current password, a change that ends the other session, then login with the new password @postgres', async ({
  loggedInPage: page,
  testerSession,
  browser,
  request,
  baseURL,
}) => {
  const { tester } = testerSession;
  // The same tester logged in on another browser: the change must end that session.
  const otherContext = await browser.newContext();
  await addSessionCookie(otherContext, baseURL!, await startSession(request, { testerId: tester.testerId }));
  const otherPage = await otherContext.newPage();
  await otherPage.goto(ACCOUNT);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

  await openFromMenu(page, 'Password', 'Change password');
  const main = page.getByTestId('portal-content');
  const current = main.getByLabel(/^Current password/);
  const next = main.getByLabel(/^New password/);
  const confirmation = main.getByLabel(/^Confirm new password/);
  const submit = main.getByRole('button', { name: 'Change password' });
  await expectNoAxeViolations(page);

  await submit.click();
  await expectFieldError(current, ACCOUNT_SETTINGS_TEXTS.currentPasswordRequired);
  await expectFieldError(next, message('required'));
  await expectNoAxeViolations(page);
  for (const [password, key] of [
    ['Abcdefg#', 'passwordDigit'],
    ['ABCDEF1#', 'passwordLowercase'],
    ['abcdef1#', 'passwordUppercase'],
    ['Abcdefg1', 'passwordSpecial'],
    ['Ab1#xyz', 'passwordTooShort'],
    ['Ab1#xxxxxxxxxxxxxxxxx', 'passwordTooLong'],
  ] as const) {
    await next.fill(password);
    await expectFieldError(next, message(key));
  }
  const newPassword = 'Brand#New42';
  await next.fill(newPassword);
  await confirmation.fill('Brand#New43');
  await confirmation.blur();
  await expectFieldError(confirmation, message('passwordMismatch'));

  await confirmation.fill(newPassword);
  await current.fill('Not#MyPass1');
  await submit.click();
  const failed = page.getByRole('dialog', { name: ACCOUNT_SETTINGS_TEXTS.passwordFailedTitle });
  await expect(failed).toContainText(ACCOUNT_SETTINGS_TEXTS.passwordFailedBody);
  await expectNoAxeViolations(page);
  await failed.getByRole('button', { name: 'Close' }).click();

  await current.fill(tester.password);
  await submit.click();
  const changed = page.getByRole('dialog', { name: 'Password Changed' });
  await expect(changed).toContainText(ACCOUNT_SETTINGS_TEXTS.passwordChanged);
  await changed.getByRole('button', { name: 'Close' }).click();

  // This session goes on; the other browser's has ended.
  await page.goto(ACCOUNT);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await otherPage.goto(ACCOUNT);
  await expect(otherPage).toHaveURL('/community/login');
  await otherContext.close();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL('/community/login');
  await logInThroughForm(page, { username: tester.username, password: newPassword });
});

test('opt-ins: three labelled switches, a toggle locks every switch for 1 second, Text stays disabled once off, and the choices are kept', async ({
  loggedInPage: page,
}) => {
  await page.goto(ACCOUNT);
  await page.getByRole('button', { name: 'Notification settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification settings' });
  const phone = dialog.getByRole('switch', { name: 'Phone' });
  const text = dialog.getByRole('switch', { name: 'Text' });
  const email = dialog.getByRole('switch', { name: 'Email' });
  for (const channel of [phone, text, email]) await expect(channel).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page);

  // From here the page's clock moves only when the test moves it.
  await holdPageClock(page);
  await email.click();
  await expect(email).toHaveAttribute('aria-checked', 'false');
  for (const channel of [phone, text, email]) await expect(channel).toHaveAttribute('aria-disabled', 'true');
  // A click during the lock (forced: Playwright waits for an enabled control) changes nothing.
  await phone.click({ force: true });
  await expect(phone).toHaveAttribute('aria-checked', 'true');
  await page.clock.runFor(999);
  await expect(phone).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolationsOnHeldClock(page);
  await page.clock.runFor(1);
  await expect(phone).toHaveAttribute('aria-disabled', 'false');

  await text.click();
  await expect(text).toHaveAttribute('aria-checked', 'false');
  await page.clock.runFor(1000);
  await expect(phone).toHaveAttribute('aria-disabled', 'false');
  await expect(text).toHaveAttribute('aria-disabled', 'true');
  await page.clock.resume();

  await page.reload();
  await page.getByRole('button', { name: 'Notification settings' }).click();
  await expect(dialog.getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByRole('switch', { name: 'Text' })).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByRole('switch', { name: 'Text' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('switch', { name: 'Phone' })).toHaveAttribute('aria-checked', 'true');
});

test('the call-out shows on portal pages and, once dismissed, stays gone after a reload', async ({ loggedInPage: page }) => {
  await page.goto('/community/main/screener');
  const callouts = page.getByRole('complementary', { name: 'Call-outs' });
  await expect(callouts).toContainText(SEEDED_CALLOUT);
  await expect(callouts).toContainText('Earn 50 coins');
  await expectNoAxeViolations(page);
  await callouts.getByRole('button', { name: `Dismiss call-out: ${SEEDED_CALLOUT}` }).click();
  await expect(callouts).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
  await expect(callouts).toHaveCount(0);
  await page.goto(ACCOUNT);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(callouts).toHaveCount(0);
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the contact and password pages, the opt-in popup and the call-out fit and pass axe', async ({ loggedInPage: page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(CONTACT);
    await expect(page.getByRole('complementary', { name: 'Call-outs' })).toContainText(SEEDED_CALLOUT);
    await expect(page.getByRole('textbox', { name: 'Zip code' })).not.toHaveValue('');
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.goto(PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.goto(ACCOUNT);
    await page.getByRole('button', { name: 'Notification settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Notification settings' }).getByRole('switch', { name: 'Email' })).toBeVisible();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
