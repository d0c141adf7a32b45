import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { randomLetters, randomPhone, randomSuffix } from './support/accounts';
import { expectStaffPageSound, followStaffNav, openStaffConsole } from './support/staff';
import { addSessionCookie, createTester, startSession } from './support/test-support';

/**
 * Issue 29, duplicate signals (decision 129): two accounts with one phone and a Gmail address
 * written with a dot and a +tag; the newer one's screener says it is held; the recruiter sees the
 * pair on the duplicates page and blocks the newer account. axe on the pages visited.
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

  await row.getByLabel('Reason for the review').fill('One person, two accounts');
  await row.getByRole('button', { name: 'Block the newer account' }).click();
  await expect(staff.getByText('The newer account is on the blackList: it sees no studies.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectStaffPageSound(staff);
  await context.close();
});
