import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { DUPLICATE_TEXTS } from '@testerhub/shared/staff-testers-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomLetters, randomPhone, randomSuffix } from './support/accounts';
import { expectStaffPageSound, followStaffNav, openStaffConsole } from './support/staff';
import { addSessionCookie, attendStudy, createTester, grantCoins, startSession } from './support/test-support';

/**
 * Issue 29, duplicate signals (decision 129): two accounts with one phone and a Gmail address
 * written with a dot and a +tag; the newer one's screener says it is held; the recruiter sees the
 * pair on the duplicates page and blocks the newer account. Decision 144: the list is a table whose
 * row actions open one confirmation; a recruiter merges a pair with coins and a child on the newer
 * account, and the older account shows both, the newer is blocked, the audit log names both. axe on
 * the pages visited, at 360 px (the staff console's default) with no sideways scroll.
 */

const HELD = /We need to check your account before you can take screeners/;

test('a recruiter sees two accounts of one phone and one mailbox, the newer one is held, and blocks it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = randomPhone();
  const local = `ana${randomLetters(8)}`;
  const older = await createTester(request, { email: `${local}@gmail.com`, phone, firstName: 'Ana' });
  const newer = await createTester(request, { email: `${local.slice(0, 3)}.${local.slice(3)}+again@gmail.com`, phone, firstName: 'Anna' });

  // The newer account's screener is held until the review.
  const context = await browser.newContext({ baseURL });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: newer.testerId }));
  const portal = await context.newPage();
  await portal.goto('/community/main/screener');
  // A new tester's first page offers the daily bonus: 'Later' puts it off, as a tester would.
  await portal.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title }).getByRole('button', { name: 'Later' }).click();
  const card = portal
    .getByTestId('screener-card')
    .filter({ has: portal.getByRole('button', { name: /^Take the screener/ }) })
    .first();
  await card.getByRole('button', { name: /^Take the screener/ }).click();
  await expect(portal.getByText(HELD)).toBeVisible();
  await expectNoAxeViolations(portal);

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rae Recruiter ${randomSuffix()}`,
  });
  await followStaffNav(staff, 'Testers', 'Recruiting');
  await staff.getByRole('link', { name: 'Possible duplicate accounts' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Possible duplicate accounts' })).toBeVisible();
  const row = staff.getByRole('row', { name: `${older.firstName} ${older.lastName} and ${newer.firstName} ${newer.lastName}` });
  await expect(row.getByText('Same e-mail (dots or +tag aside)')).toBeVisible();
  await expect(row.getByText('Same phone')).toBeVisible();
  await expectStaffPageSound(staff);

  // The row's action opens one confirmation, which asks the reason.
  await row.getByRole('button', { name: /^Block the newer/ }).click();
  const confirm = staff.getByRole('dialog', { name: `Block ${newer.firstName} ${newer.lastName}, the newer account?` });
  await confirm.getByLabel('Reason for the review').fill('One person, two accounts');
  await expectNoAxeViolations(staff);
  await confirm.getByRole('button', { name: 'Block the newer account' }).click();
  await expect(staff.getByText('The newer account is on the blackList: it sees no studies.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expectStaffPageSound(staff);
  await context.close();
});

test('a recruiter merges a newer account with coins and a child into the older one; the older shows both, the newer is blocked, the audit log names both', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  const older = await createTester(request, { phone, firstName: 'Mara', email: `mara${randomLetters(8)}@example.test` });
  const newer = await createTester(request, { phone, firstName: 'Marah', email: `marah${randomLetters(8)}@example.test` });
  // The balance after the grant: the welcome coins and these.
  const coins = await grantCoins(request, newer.testerId, 275);
  const olderCoins = older.coins;

  // The newer account registers a child from the portal (it has attended a study, so it may).
  await attendStudy(request, newer.testerId);
  const portal = await browser.newContext({ baseURL });
  await addSessionCookie(portal, baseURL!, await startSession(request, { testerId: newer.testerId }));
  const child = `Kit${randomLetters(6)}`;
  const registered = await portal.request.post('/api/account/RegistChildrenWithoutStudyNo', {
    headers: { 'x-requested-with': 'TesterHub' },
    data: {
      firstName: child,
      lastName: 'Example',
      race: 'H',
      gender: 'F',
      year: new Date().getUTCFullYear() - 9,
      month: 3,
      day: 4,
      phone: randomPhone(),
    },
  });
  expect(await registered.json()).toMatchObject({ status: 'succeed' });
  await portal.close();

  const { page: staff, context } = await openStaffConsole(browser, baseURL!, request, {
    roles: ['recruiter'],
    name: `Rui Recruiter ${randomSuffix()}`,
  });
  await staff.goto('/staff/testers/duplicates');
  const table = staff.getByRole('table', { name: 'Possible duplicate accounts' });
  await expect(table).toBeVisible();
  await staff.getByLabel('Find a name or username').fill(newer.username);
  const row = table.getByRole('row', { name: `${older.firstName} ${older.lastName} and ${newer.firstName} ${newer.lastName}` });
  await expect(row.getByText('Same phone')).toBeVisible();
  await expectStaffPageSound(staff);

  // The confirmation says what the merge will move before anything is sent.
  await row.getByRole('button', { name: /^Merge into the older/ }).click();
  const confirm = staff.getByRole('dialog', {
    name: `Merge ${newer.firstName} ${newer.lastName} into ${older.firstName} ${older.lastName}?`,
  });
  const summary = confirm.getByTestId('merge-summary');
  await expect(summary).toContainText(`${coins} coins`);
  await expect(summary).toContainText('1 child');
  await expectStaffPageSound(staff);
  await confirm.getByLabel('Reason for the review').fill('Same person, second account');
  await confirm.getByRole('button', { name: 'Merge into the older account' }).click();
  await expect(staff.getByText(DUPLICATE_TEXTS.merged)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The older account holds the coins and the child; the newer one is on the blackList with nothing left.
  await staff.goto(`/staff/testers/${older.testerId}`);
  await expect(staff.getByTestId('tester-coins')).toHaveText(String(olderCoins + coins));
  await expect(staff.getByRole('table', { name: 'Children' })).toContainText(`${child} Example`);
  await expectStaffPageSound(staff);
  await staff.goto(`/staff/testers/${newer.testerId}`);
  await expect(staff.getByTestId('tester-coins')).toHaveText('0');
  await expect(staff.getByTestId('tester-blacklist')).toHaveText('On: sees no studies');
  await expect(staff.getByTestId('tester-audit')).toContainText('tester.duplicate-merge');
  await context.close();

  // The audit log's entry names both accounts.
  const { page: admin, context: adminContext } = await openStaffConsole(browser, baseURL!, request, { roles: ['admin'] });
  await admin.goto('/staff/admin/audit?action=tester.duplicate-merge');
  const entry = admin.getByTestId('audit-entries').getByRole('listitem').filter({ hasText: newer.testerId });
  await expect(entry).toContainText(older.testerId);
  await expect(entry).toContainText(newer.testerId);
  await expect(entry).toContainText('Same person, second account');
  await expectStaffPageSound(admin);
  await adminContext.close();
});
