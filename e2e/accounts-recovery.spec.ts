import { test, expect, expectNoAxeViolations } from './fixtures';
import { logInThroughForm, loginForm, newTester, pathOf, readyTester, registerThroughApi } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';

/**
 * Find username and reset password (spec 2, sections 2, 4, 5 and 8): the two tabs, their
 * popups, the reset e-mail over SMTP and its single-use link. Each test uses its own new
 * account, so the demo accounts stay as they are.
 */
test.describe('account recovery', () => {
  test('forgot password: the e-mail, the reset, the new password logs in, the same link is refused a second time', async ({ page }) => {
    test.slow(); // a long flow; this 2-core machine is often busy
    const tester = await readyTester(page, 'rst');
    const newPassword = 'New#Pass42';

    await page.goto('/community/findinfo/password');
    await expect(page.getByRole('tab', { name: 'Reset password' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username', { exact: true }).fill(tester.username);
    await panel.getByLabel('E-mail address', { exact: true }).fill(tester.email);
    await panel.getByRole('button', { name: 'Reset password' }).click();
    const sent = page.getByRole('dialog');
    await expect(sent).toContainText('Please check your email for instructions on resetting your password.');
    await expectNoAxeViolations(page);
    await sent.getByRole('button', { name: 'Go to log in' }).click();
    await expect(page).toHaveURL('/community/login');

    const message = await waitForMessage({ to: tester.email, subject: 'Reset your TesterHub password' });
    const link = findLink(message, '/account/resetPassword');
    expect(link.searchParams.get('userId')).toBeTruthy();
    // At least 128 random bits in the code.
    expect(link.searchParams.get('code')?.length ?? 0).toBeGreaterThanOrEqual(22);
    expect(message.html).toContain('Choose a new password');

    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page);
    const newPasswordField = page.getByLabel('New password', { exact: true });
    const confirmation = page.getByLabel('Confirm new password', { exact: true });
    const submit = page.getByRole('main').getByRole('button', { name: 'Reset password' });
    // The registration rules apply here too.
    await newPasswordField.fill('Short1#');
    await expect(newPasswordField).toHaveAccessibleDescription(/Password must contain at least 8 characters\./);
    await expect(submit).toBeDisabled();
    await newPasswordField.fill(newPassword);
    await confirmation.fill(newPassword);
    await submit.click();
    const reset = page.getByRole('dialog');
    await expect(reset).toContainText('Your password has been reset. Click Close to redirect to log in page');
    await expectNoAxeViolations(page);
    await reset.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/community/login');

    // The old password no longer works; the new one does.
    const form = loginForm(page);
    await form.username.fill(tester.username);
    await form.password.fill(tester.password);
    await form.submit.click();
    const refused = page.getByRole('dialog');
    await expect(refused).toContainText('Incorrect username or password.');
    await refused.getByRole('button', { name: 'Close' }).click();
    await logInThroughForm(page, { username: tester.username, password: newPassword });

    // The same link a second time: refused, then login.
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await newPasswordField.fill('Other#Pass77');
    await confirmation.fill('Other#Pass77');
    await submit.click();
    const refusedLink = page.getByRole('dialog');
    await expect(refusedLink).toContainText('Something went wrong with your link, please select link from your email again...');
    await expectNoAxeViolations(page);
    await refusedLink.getByRole('button', { name: 'Go to log in' }).click();
    await expect(page).toHaveURL('/community/login');
    await expectNoAxeViolations(page);
  });

  test('forgot password with an e-mail that does not match: the failure popup, no e-mail', async ({ page }) => {
    const tester = newTester('rsf');
    await registerThroughApi(page.request, tester);
    await page.goto('/community/findinfo/password');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username', { exact: true }).fill(tester.username);
    await panel.getByLabel('E-mail address', { exact: true }).fill(`other.${tester.email}`);
    await panel.getByRole('button', { name: 'Reset password' }).click();
    const failed = page.getByRole('dialog');
    await expect(failed).toContainText('Oops! Something went wrong with your information. Please try again.');
    await expectNoAxeViolations(page);
  });

  test('find username: the name is shown (and mailed); wrong data gets "Username not found"', async ({ page }) => {
    const tester = newTester('fnd');
    await registerThroughApi(page.request, tester);

    await page.goto('/community/findinfo/username');
    await expect(page.getByRole('tab', { name: 'Find username' })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);
    const panel = page.getByRole('tabpanel');
    const firstName = panel.getByLabel('First name', { exact: true });
    const lastName = panel.getByLabel('Last name', { exact: true });
    const email = panel.getByLabel('E-mail address', { exact: true });
    const submit = panel.getByRole('button', { name: 'Find username' });

    // Wrong data first.
    await firstName.fill(tester.firstName);
    await lastName.fill('Nobody');
    await email.fill(tester.email);
    await submit.click();
    const notFound = page.getByRole('dialog');
    await expect(notFound).toContainText('Username not found');
    await expectNoAxeViolations(page);
    await notFound.getByRole('button', { name: 'Close' }).click();
    await expect(notFound).toHaveCount(0);

    await lastName.fill(tester.lastName);
    await submit.click();
    const found = page.getByRole('dialog', { name: 'Your username' });
    await expect(found).toContainText(`Your username is ${tester.username}`);
    await expectNoAxeViolations(page);

    const message = await waitForMessage({ to: tester.email, subject: 'Your TesterHub username' });
    expect(message.text).toContain(`Your username is ${tester.username}.`);

    await found.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/community/login');
    await expect(loginForm(page).username).toHaveValue(tester.username);
  });
});
