import { STAFF_ACCOUNT_TEXTS, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectStaffPageSound, openStaffConsole, openStaffMenu } from './support/staff';
import { totpNow } from './support/totp';

/**
 * A staff member moves their authenticator to a new phone from Your sign-in (decision 128): the
 * current password and a code from the current phone, then the new key, switched on the new phone's
 * code. Signed out and in again, a code from the new secret signs in and one from the old is refused.
 *
 * Each accepted code must be of a later 30-second step than the last the server took for the
 * account; the server accepts the step after now, so each code here is one step later than the one
 * before, without waiting.
 */

test('a member moves their authenticator, then signs in with the new phone and not the old', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  // The set-up spent the current step's code of the old secret.
  const { context, page, name, email, password, secret } = await openStaffConsole(browser, baseURL!, request, { roles: ['content'] });

  // On a phone Your sign-in is behind the Menu (decision 126).
  await openStaffMenu(page);
  await page.getByRole('link', { name: 'Your sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your sign-in' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Move your authenticator to a new phone' });
  const startForm = section.getByRole('form', { name: 'Start moving your authenticator' });
  await startForm.getByLabel('Current password').fill(password);
  await startForm.getByLabel('The 6-digit code the app shows').fill(totpNow(secret, 1));
  await startForm.getByRole('button', { name: 'Start the move' }).click();

  const shownKey = section.getByTestId('new-totp-secret');
  await expect(shownKey).toBeVisible();
  const newSecret = (await shownKey.textContent())!.replace(/\s/g, '');
  await expect(section.getByRole('img', { name: "QR code for your new phone's authenticator app" })).toBeVisible();
  // On the phone the console opened on: the new key and its QR code fit the 360 px screen.
  await expectStaffPageSound(page);

  // The new phone's code switches; the confirming code is then spent, so the sign-in takes the next step's.
  const confirm = section.getByRole('form', { name: 'Confirm your new phone' });
  await confirm.getByLabel('The 6-digit code your new phone shows').fill(totpNow(newSecret));
  await confirm.getByRole('button', { name: 'Switch to the new phone' }).click();
  await expect(section.getByText(STAFF_ACCOUNT_TEXTS.moved)).toBeVisible();
  await expectNoAxeViolations(page);

  await openStaffMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  // The old phone's next code is no longer taken.
  await page.getByLabel('Code').fill(totpNow(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(STAFF_TEXTS.codeWrong)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code').fill(totpNow(newSecret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${name}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
