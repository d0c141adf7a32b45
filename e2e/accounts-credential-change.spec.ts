import { test, expect, expectNoAxeViolations } from './fixtures';
import { DEMO, loginForm, randomSuffix } from './support/accounts';

/**
 * The forced credential change (spec 2, sections 4, 5 and 8) on the seeded account changeme01,
 * which this test changes for good: no other test may use that account.
 */
test.describe('forced credential change', () => {
  test('changeme01 must choose new credentials in the popup, then is logged in with them', async ({ page }) => {
    const suffix = randomSuffix(8);
    const next = { username: `chg${suffix}`, email: `chg.${suffix}@e2e.testerhub.example`, phone: '9725550188', password: 'Fresh#Pass9' };

    await page.goto('/community/login');
    const form = loginForm(page);
    await form.username.fill(DEMO.changeUsername);
    await form.password.fill(DEMO.changePassword);
    await form.submit.click();

    const popup = page.getByRole('dialog', { name: 'Update your account' });
    await expect(popup).toBeVisible();
    await expectNoAxeViolations(page);
    const username = popup.getByLabel('Username', { exact: true });
    const email = popup.getByLabel('E-mail address', { exact: true });
    const phone = popup.getByLabel('Phone number', { exact: true });
    const newPassword = popup.getByLabel('New password', { exact: true });
    const confirmation = popup.getByLabel('Confirm new password', { exact: true });
    const save = popup.getByRole('button', { name: 'Save and continue' });
    await expect(save).toBeDisabled();

    // The rules of spec 2, section 5 for this form.
    await username.fill('short12');
    await expect(username).toHaveAccessibleDescription(/Username must contain at least 8 characters\./);
    await email.fill('not-an-address');
    await expect(email).toHaveAccessibleDescription(/Please enter a valid email address\./);
    await phone.fill('972555018');
    await expect(phone).toHaveAccessibleDescription(/Please enter a valid phone number with a 10-digit format, including the area code\./);
    await newPassword.fill('fresh#pass9');
    await expect(newPassword).toHaveAccessibleDescription(/Password must contain at least one uppercase letter\./);
    await confirmation.fill('Fresh#Pass8');
    await expect(confirmation).toHaveAccessibleDescription(/Passwords do not match\. Please ensure they are identical\./);
    await expect(save).toBeDisabled();
    await expectNoAxeViolations(page);

    // An address already in use: the removable message, and nothing is changed.
    await username.fill(DEMO.changeUsername);
    await email.fill(DEMO.email);
    await phone.fill(next.phone);
    await newPassword.fill(next.password);
    await confirmation.fill(next.password);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(email).toHaveAccessibleDescription(/Sorry, this email is already in use\. Please choose another one\./);
    await email.fill(next.email);
    await expect(email).toHaveAttribute('aria-invalid', 'false');

    // A new username, e-mail, phone and password.
    await username.fill(next.username);
    await save.click();
    const done = page.getByRole('dialog', { name: 'Password Reset Successful' });
    const refusal = popup.getByRole('alert').filter({ hasText: 'The username or password you entered is incorrect.' });
    await expect(done.or(refusal)).toBeVisible();
    const acceptedNewUsername = await done.isVisible();
    expect
      .soft(acceptedNewUsername, 'the popup accepts a new username (spec 2, sections 3 and 5: Username 8-20 in the forced update payload)')
      .toBe(true);
    if (!acceptedNewUsername) {
      // Known app bug (reported): the server looks the tester up by the new username. Go on with
      // the current one, so the rest of the flow is still checked.
      next.username = DEMO.changeUsername;
      await username.fill(next.username);
      await save.click();
    }
    await expect(done).toBeVisible();
    await expectNoAxeViolations(page);
    await done.getByRole('button', { name: 'Close and log in' }).click();
    await expect(page).toHaveURL('/community/main/screener');
    await expect(page.getByRole('heading', { level: 1, name: 'Available studies' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The new credentials are the account's now; the old password is refused.
    const refused = await page.request.post('/api/account/Login', {
      data: { username: DEMO.changeUsername, password: DEMO.changePassword },
    });
    expect((await refused.json()).status).toBe('failed');
    const accepted = await page.request.post('/api/account/Login', { data: { username: next.username, password: next.password } });
    expect((await accepted.json()).status).toBe('succeed');
  });
});
