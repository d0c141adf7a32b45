import { expect, test } from './fixtures';
import { bornYearsAgo, INVITATION_TEST_AGES, randomSuffix } from './support/accounts';
import { findLink, waitForMessage } from './support/mailbox';
import { expectStaffPageSound, followStaffNav, openStaffConsole } from './support/staff';
import { addSessionCookie, createTester, startSession } from './support/test-support';

/**
 * Issue 12 section 3 (decision 052): a recruiter chooses testers by filters, sees the live count and
 * sends a seeded study's invitation; the tester made to match (aged 97, an age no other test's
 * testers have) receives the e-mail over SMTP and opens its link in a second browser context; the
 * invitation's page then shows the e-mail sent and clicked. axe on both pages, at 360 px.
 */

const STUDY = 24106; // the seeded hosted-screener study (cleaning products)
const AGE = INVITATION_TEST_AGES.staffInvitations;

test('a recruiter invites the testers the filters match; the tester’s click shows on the invitation @postgres', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const tester = await createTester(request, { firstName: 'Ida', birthDate: bornYearsAgo(AGE) });

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rae Recruiter ${randomSuffix()}`,
  });
  await followStaffNav(staff, 'Invitations');
  await expect(staff.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  await staff.getByLabel('Study', { exact: true }).selectOption(String(STUDY));
  await staff.getByLabel('Lowest age').fill(String(AGE));
  await staff.getByLabel('Highest age').fill(String(AGE));
  // The count follows the filters as they are typed (decision 121): no button to ask for it.
  const preview = staff.getByTestId('invitation-preview');
  await expect(preview).toContainText(/\d+ testers? match/);
  await expectStaffPageSound(staff);

  await staff.getByRole('button', { name: /^Send to \d+ testers?$/ }).click();
  await expect(staff.getByText(/Invitation queued for \d+ testers?\./)).toBeVisible();
  await staff.getByRole('link', { name: /^Follow invitation #\d+$/ }).click();
  await expect(staff.getByRole('heading', { level: 1, name: /^Invitation #\d+: / })).toBeVisible();
  // The recipients table pages on the server (decision 136): its filter finds the tester on any page.
  await staff.getByRole('searchbox', { name: 'Find a username' }).fill(tester.username);
  const recipient = staff.getByTestId('recipient').filter({ has: staff.getByRole('rowheader', { name: tester.username, exact: true }) });
  await expect(recipient).toBeVisible();

  // The e-mail reaches the tester at the sending rate; its link opens the study's screener.
  const mail = await waitForMessage({ to: tester.email, subject: 'You are invited to a new', timeoutMs: 60_000 });
  const link = findLink(mail, '/community');
  const context = await browser.newContext({ baseURL });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  const testerPage = await context.newPage();
  await testerPage.goto(`${link.pathname}${link.search}`);
  await expect(testerPage).toHaveURL(`/community/main/screener/${STUDY}`);

  // The invitation's page shows the e-mail sent and clicked, and the screener opened (answered).
  await expect(async () => {
    await staff.reload();
    await expect(recipient.getByTestId('recipient-state')).toHaveText('Sent', { timeout: 2000 });
    await expect(recipient.getByTestId('recipient-clicked')).not.toHaveText('Not yet', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(staff.getByTestId('invitation-counts').locator('[data-count="clicked"]')).not.toHaveText('0');
  await expectStaffPageSound(staff);
  await context.close();
});
