import { test, expect, expectNoAxeViolations } from './fixtures';
import { CONFIRM_SUBJECT, DEMO, newTester } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';

/**
 * /community/join/attention (spec 2, sections 2, 4 and 8): the re-engagement form, refused with
 * the catalogue text for a wrong code, and the existing-user Complete path for the seeded
 * tester (code 1234567, phone 3125550100). The seeded code can be claimed once per database,
 * so this is the only test that uses it.
 */
test.describe('join page', () => {
  test('re-engagement: a wrong code is refused, the seeded code leads to the single Complete button', async ({ page }) => {
    test.slow(); // a long flow; this 2-core machine is often busy
    const tester = newTester('eng');
    await page.goto('/community/join/attention');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to TesterHub' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('One account per person');
    await expectNoAxeViolations(page);

    const returning = page.getByRole('region', { name: 'Already a tester with us?' });
    const code = returning.getByLabel('Registration code', { exact: true });
    const phone = returning.getByLabel('Phone number', { exact: true });
    const submit = returning.getByRole('button', { name: 'Check my code' });

    // The form's own rule first: 6 to 7 digits.
    await code.fill('12345');
    await code.blur();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(/Please enter valid code/);

    await code.fill('7654321');
    await phone.fill(DEMO.reEngagementPhone);
    await submit.click();
    await expect(returning.getByRole('alert')).toHaveText('Invalid code detected. Please review your code for errors.');
    await expectNoAxeViolations(page);

    await code.fill(DEMO.reEngagementCode);
    await submit.click();
    await expect(returning.getByRole('heading', { name: 'We found you!' })).toBeVisible();
    expect(await page.evaluate(() => ({ v: sessionStorage.getItem('v'), p: sessionStorage.getItem('p') }))).toEqual({
      v: expect.any(String),
      p: DEMO.reEngagementPhone,
    });
    await expectNoAxeViolations(page);
    await returning.getByRole('link', { name: 'Complete my account' }).click();

    await expect(page).toHaveURL(/\/community\/join\/account\?v=.+/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Complete your online account' })).toBeVisible();
    await expect(main.getByRole('button')).toHaveText(['English', 'Español', 'Complete']);
    await expectNoAxeViolations(page);
    await main.getByLabel('Username', { exact: true }).fill(tester.username);
    await main.getByLabel('E-mail address', { exact: true }).fill(tester.email);
    await main.getByLabel('Password', { exact: true }).fill(tester.password);
    await main.getByLabel('Confirm password', { exact: true }).fill(tester.password);
    await main.getByRole('button', { name: 'Complete', exact: true }).click();

    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(thanks).toContainText('Thank you for registering... Please check your email to confirm your account');
    await expectNoAxeViolations(page);
    await thanks.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/community/login');
    await expectNoAxeViolations(page);

    const message = await waitForMessage({ to: tester.email, subject: CONFIRM_SUBJECT.en });
    findLink(message, '/community/checkConfirmEmail');
  });
});
