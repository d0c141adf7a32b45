import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { STAFF_ACCOUNT_TEXTS, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { findLink, waitForMessage } from './support/mailbox';
import { randomSuffix } from './support/accounts';
import { followStaffNav, openStaffMenu } from './support/staff';
import { addSessionCookie, createTester, startSession } from './support/test-support';
import { totpNow } from './support/totp';

/**
 * The staff console's foundation (issue 12 section 1; decisions 043, 044): an admin made by test
 * support (the staff:create-admin command's service) sets up with a TOTP code computed here, logs
 * out and in, invites a recruiter; the recruiter sets up from the e-mailed link and sees only what
 * a recruiter may, then sets up again from a new link the admin sends (decision 073); a tester's
 * session reaches no staff call. axe on every staff page, at 360 px.
 */

const PHONE = { width: 360, height: 740 };

function secretHeader() {
  return { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET ?? '' };
}

async function createStaffAccount(request: APIRequestContext, fields: { name: string; email: string; roles: string[] }) {
  const response = await request.post('/api/test-support/staff', { headers: secretHeader(), data: fields });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { staffId: string; link: string };
}

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  return { context, page: await context.newPage() };
}

/** Nothing wider than the phone's screen. */
async function expectFitsPhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The set-up page from its link: password, the authenticator (QR and key), then the recovery codes. Answers the TOTP secret and the code that confirmed it. */
async function setUpThroughLink(page: Page, link: URL, password: string): Promise<{ secret: string; confirmingCode: string }> {
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your staff account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: your password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByLabel('New password', { exact: true }).fill('too short');
  await page.getByLabel('Repeat the new password').fill('too short');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(STAFF_TEXTS.passwordTooShort)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();

  await expect(page.getByRole('heading', { name: 'Step 2 of 3: your sign-in code' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  const wrong = String((Number(totpNow(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await page.getByLabel('The 6-digit code the app shows').fill(wrong);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page.getByText(STAFF_TEXTS.codeWrong)).toBeVisible();
  const confirmingCode = totpNow(secret);
  await page.getByLabel('The 6-digit code the app shows').fill(confirmingCode);
  await page.getByRole('button', { name: 'Confirm code' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 3: your recovery codes' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByRole('link', { name: 'I have saved them: open the staff console' }).click();
  return { secret, confirmingCode };
}

test('an admin sets up, logs in with a code, invites a recruiter, who sets up from the e-mail and sees only what a recruiter may @postgres', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = randomSuffix();
  const adminEmail = `admin.${suffix}@staff.example.test`;
  const adminPassword = `Admin passphrase ${suffix}`;
  const adminName = `Ada Admin ${suffix}`;
  const { link } = await createStaffAccount(request, { name: adminName, email: adminEmail, roles: ['admin'] });

  const admin = await phonePage(browser, baseURL!);
  const page = admin.page;
  const { secret, confirmingCode } = await setUpThroughLink(page, new URL(link), adminPassword);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${adminName}` })).toBeVisible();
  await expect(page.getByTestId('staff-roles')).toHaveText('Admin');
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);

  // Log out, then in: password, then a code. The set-up's code is spent (replay refused, even in its
  // 30 seconds); the next step's code, inside the server's window, is taken.
  await openStaffMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail address').fill(adminEmail);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(STAFF_TEXTS.loginFailed)).toBeVisible();
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByLabel('Code').fill(confirmingCode);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(STAFF_TEXTS.codeReplayed)).toBeVisible();
  await page.getByLabel('Code').fill(totpNow(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${adminName}` })).toBeVisible();

  // Invite a recruiter.
  await followStaffNav(page, 'Staff accounts', 'Administration');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  const recruiterEmail = `recruiter.${suffix}@staff.example.test`;
  const recruiterName = `Rita Recruiter ${suffix}`;
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(STAFF_TEXTS.rolesRequired)).toBeVisible();
  await invite.getByLabel('Name').fill(recruiterName);
  await invite.getByLabel('E-mail address').fill(recruiterEmail);
  await invite.getByRole('checkbox', { name: 'Recruiter' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`${recruiterName} is invited.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: recruiterName })).toBeVisible();
  await expectNoAxeViolations(page);

  // The audit log shows the invitation, and filters by action.
  await followStaffNav(page, 'Audit log', 'Administration');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByTestId('audit-entries').getByText('staff.invite').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await page.getByLabel('Staff member').selectOption({ label: adminName });
  await page.getByLabel('Action').selectOption('staff.invite');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/action=staff\.invite/);
  await expect(page.getByTestId('audit-entries').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('audit-entries')).toContainText(recruiterEmail);

  // The recruiter opens the e-mailed link in a browser of their own.
  const message = await waitForMessage({ to: recruiterEmail, subject: 'staff console' });
  const recruiter = await phonePage(browser, baseURL!);
  await setUpThroughLink(recruiter.page, findLink(message, '/staff/setup'), `Recruiter passphrase ${suffix}`);
  await expect(recruiter.page.getByRole('heading', { level: 1, name: `Hello, ${recruiterName}` })).toBeVisible();
  await expect(recruiter.page.getByTestId('staff-roles')).toHaveText('Recruiter');
  // With the menu open: the links would be there to see if the recruiter had them.
  await openStaffMenu(recruiter.page);
  await expect(recruiter.page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Studies' })).toBeVisible();
  await expect(recruiter.page.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
  await expect(recruiter.page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expectNoAxeViolations(recruiter.page);
  await recruiter.page.goto('/staff/admin/staff');
  await expect(recruiter.page.getByText('Only admins can open this page.')).toBeVisible();
  await expectNoAxeViolations(recruiter.page);
  expect((await recruiter.page.request.get('/api/staff/admin/StaffList')).status()).toBe(403);
  expect((await recruiter.page.request.get('/api/staff/Me')).status()).toBe(200);

  // The recruiter lost their phone: the admin sends a new set-up link (decision 073), asked in a
  // dialog; the recruiter's session ends, and they set up again from the e-mail and sign in.
  await followStaffNav(page, 'Staff accounts', 'Administration');
  const card = page.getByRole('listitem', { name: recruiterName });
  await card.getByRole('button', { name: STAFF_TEXTS.resetAction }).click();
  const dialog = page.getByRole('dialog', { name: STAFF_TEXTS.resetTitle(recruiterName) });
  await expect(dialog).toContainText(recruiterEmail);
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);
  await dialog.getByRole('button', { name: STAFF_TEXTS.resetConfirm }).click();
  await expect(card.getByRole('status')).toHaveText(STAFF_TEXTS.setupLinkSent(recruiterName));
  await expect(dialog).toBeHidden();
  expect((await recruiter.page.request.get('/api/staff/Me')).status()).toBe(401);

  const again = await waitForMessage({ to: recruiterEmail, subject: 'new set-up link' });
  const newPassword = `New recruiter passphrase ${suffix}`;
  const { secret: newSecret } = await setUpThroughLink(recruiter.page, findLink(again, '/staff/setup'), newPassword);
  await expect(recruiter.page.getByRole('heading', { level: 1, name: `Hello, ${recruiterName}` })).toBeVisible();
  await openStaffMenu(recruiter.page);
  await recruiter.page.getByRole('button', { name: 'Log out' }).click();
  await recruiter.page.getByLabel('E-mail address').fill(recruiterEmail);
  await recruiter.page.getByLabel('Password').fill(newPassword);
  await recruiter.page.getByRole('button', { name: 'Continue' }).click();
  await recruiter.page.getByLabel('Code').fill((await codeAfter(newSecret, Math.floor(Date.now() / 30_000))).code);
  await recruiter.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(recruiter.page.getByRole('heading', { level: 1, name: `Hello, ${recruiterName}` })).toBeVisible();

  await admin.context.close();
  await recruiter.context.close();
});

/**
 * A code of a step after `spent` (the server takes each step once and only later ones after it, and
 * accepts the step after now): waits for the clock when the next step is spent too.
 */
async function codeAfter(secret: string, spent: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000) + 1;
    if (step > spent) return { code: totpNow(secret, 1), step };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test('a staff member makes new recovery codes and changes their password on "Your sign-in", then signs in with both', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = randomSuffix();
  const email = `content.${suffix}@staff.example.test`;
  const password = `Content passphrase ${suffix}`;
  const newPassword = `Another passphrase ${suffix}`;
  const { link } = await createStaffAccount(request, { name: `Cora Content ${suffix}`, email, roles: ['content'] });
  const { context, page } = await phonePage(browser, baseURL!);
  const { secret } = await setUpThroughLink(page, new URL(link), password);
  let spent = Math.floor(Date.now() / 30_000);

  await openStaffMenu(page);
  await page.getByRole('link', { name: 'Your sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your sign-in' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('10 of 10 recovery codes unused.');
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);

  // A new set of codes for a fresh TOTP code; a recovery code is refused in its place.
  const codes = page.getByRole('form', { name: 'Make new recovery codes' });
  await codes.getByLabel('The 6-digit code the app shows').fill('abcde-fghij');
  await codes.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(codes.getByText(STAFF_ACCOUNT_TEXTS.totpOnly)).toBeVisible();
  const forCodes = await codeAfter(secret, spent);
  spent = forCodes.step;
  await codes.getByLabel('The 6-digit code the app shows').fill(forCodes.code);
  await codes.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(page.getByText(STAFF_ACCOUNT_TEXTS.codesMade)).toBeVisible();
  // The status line and the list are two updates of the answer: wait for the list, then read it.
  const newCodeItems = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(newCodeItems).toHaveCount(10);
  const newCodes = await newCodeItems.allTextContents();
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);

  // A new password: the wrong current one is refused at its field, then the change goes through.
  const change = page.getByRole('form', { name: 'Change your password' });
  await change.getByLabel('Current password').fill('not my password at all');
  await change.getByLabel('New password', { exact: true }).fill(newPassword);
  await change.getByLabel('Repeat the new password').fill(newPassword);
  const forPassword = await codeAfter(secret, spent);
  await change.getByLabel('The 6-digit code the app shows').fill(forPassword.code);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText(STAFF_ACCOUNT_TEXTS.currentPasswordWrong)).toBeVisible();
  await change.getByLabel('Current password').fill(password);
  await change.getByLabel('The 6-digit code the app shows').fill(forPassword.code);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(STAFF_ACCOUNT_TEXTS.passwordChanged)).toBeVisible();

  // Out and in again: the old password is refused; the new one with a code of the new set signs in, and the count drops.
  await openStaffMenu(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(STAFF_TEXTS.loginFailed)).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(newCodes[4]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, Cora Content ${suffix}` })).toBeVisible();
  await openStaffMenu(page);
  await page.getByRole('link', { name: 'Your sign-in' }).click();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('9 of 10 recovery codes unused.');
  await context.close();
});

test('a tester’s session reaches no staff call, and /staff sends a visitor to the staff sign-in', async ({ browser, baseURL, request }) => {
  const tester = await createTester(request);
  const { context, page } = await phonePage(browser, baseURL!);
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  expect((await page.request.get('/api/account/CheckAuthorize')).status()).toBe(200);
  expect((await page.request.get('/api/staff/Me')).status()).toBe(401);
  expect((await page.request.get('/api/staff/admin/StaffList')).status()).toBe(401);
  const invite = await page.request.post('/api/staff/admin/Invite', {
    data: { name: 'Nobody', email: `nobody.${randomSuffix()}@staff.example.test`, roles: ['admin'] },
  });
  expect(invite.status()).toBe(401);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.goto('/staff/setup?token=not-a-real-token');
  await expect(page.getByText(STAFF_TEXTS.setupLinkInvalid)).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
