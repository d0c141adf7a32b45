import type {} from '@playwright/test';
import { STAFF_TESTER_TEXTS } from '@testerhub/shared/staff-testers-schemas';
import { expect, test } from './fixtures';
import { randomSuffix } from './support/accounts';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';
import { addSessionCookie, createTester, startSession, suspendTester } from './support/test-support';

/**
 * Issue 12 section 5 (decision 053): a recruiter finds a tester made here by e-mail and by phone,
 * opens the tester's page, adjusts the coins (the tester's balance and earnings history show it in
 * their own browser context), sets and clears the blackList, and lifts a suspension. axe on both
 * pages, at 360 px.
 */

test('a recruiter finds a tester by e-mail and phone, adjusts coins, sets and clears the blackList and lifts a suspension', async ({
  page: testerPage,
  context: testerContext,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const phone = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const tester = await createTester(request, { phone, coins: 500, lastName: `Searchable${randomSuffix(4)}` });
  await addSessionCookie(testerContext, baseURL!, await startSession(request, { testerId: tester.testerId }));

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  await openFromConsoleHome(staff, 'Testers');
  await expectStaffPageSound(staff);

  // By e-mail: the start of the address is enough.
  const field = staff.getByLabel('Name, username, e-mail or phone');
  await field.fill(tester.email.slice(0, tester.email.indexOf('@') + 2));
  await staff.getByRole('button', { name: 'Search' }).click();
  const card = staff
    .getByTestId('tester-result')
    .filter({ has: staff.getByRole('rowheader', { name: `${tester.firstName} ${tester.lastName}` }) });
  await expect(card).toContainText(tester.username);
  await expectStaffPageSound(staff);

  // By phone, written the way people say it.
  await field.fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.getByTestId('tester-result')).toHaveCount(1);
  await expect(card).toContainText(phone);
  await card.getByRole('link').click();
  await expect(staff.getByRole('heading', { level: 1, name: `${tester.firstName} ${tester.lastName}` })).toBeVisible();
  await expect(staff.getByTestId('tester-coins')).toHaveText('500');
  await expectStaffPageSound(staff);

  // A coin adjustment needs a reason; a debit below zero is refused; a credit shows on the tester's side.
  const adjust = staff.getByRole('form', { name: 'Adjust coins' });
  await adjust.getByLabel('Coins', { exact: false }).fill('-600');
  await adjust.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(adjust.getByText(STAFF_TESTER_TEXTS.reasonRequired)).toBeVisible();
  await adjust.getByLabel('Reason for the adjustment').fill('Too much');
  await adjust.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(staff.getByText(STAFF_TESTER_TEXTS.belowZero)).toBeVisible();
  await adjust.getByLabel('Coins', { exact: false }).fill('250');
  await adjust.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(staff.getByText(STAFF_TESTER_TEXTS.adjusted)).toBeVisible();
  await expect(staff.getByTestId('tester-coins')).toHaveText('750');
  await expect(staff.getByTestId('tester-audit')).toContainText('Too much');

  await testerPage.goto('/community/main/account/coins');
  await expect(testerPage.locator('.coins__balance')).toHaveText('Your balance: 750 coins');
  await testerPage.getByRole('link', { name: 'Earnings history' }).click();
  const newest = testerPage.getByRole('table').first().getByRole('row').nth(1);
  await expect(newest).toContainText('Adjusted by Tester Services');
  await expect(newest).toContainText('250');

  // The blackList on, then off, each with a reason.
  const blackList = staff.getByRole('form', { name: 'BlackList' });
  await blackList.getByLabel('Reason for the blackList').fill('Abusive calls to the front desk');
  await blackList.getByRole('button', { name: 'Put on the blackList' }).click();
  await expect(staff.getByText(STAFF_TESTER_TEXTS.blackListOn)).toBeVisible();
  await expect(staff.getByTestId('tester-blacklist')).toHaveText('On: sees no studies');
  await blackList.getByLabel('Reason for taking them off the blackList').fill('Apologised in writing');
  await blackList.getByRole('button', { name: 'Take off the blackList' }).click();
  await expect(staff.getByText(STAFF_TESTER_TEXTS.blackListOff)).toBeVisible();
  await expect(staff.getByTestId('tester-blacklist')).toHaveText('Off');

  // A suspension by the no-show rule, lifted with a reason.
  await suspendTester(request, tester.testerId);
  await staff.reload();
  await expect(staff.getByTestId('tester-suspension')).toContainText('Suspended until');
  const lift = staff.getByRole('form', { name: 'Lift the suspension' });
  await lift.getByLabel('Reason for lifting the suspension').fill('Car broke down, tow receipt seen');
  await lift.getByRole('button', { name: 'Lift the suspension' }).click();
  await expect(staff.getByText(STAFF_TESTER_TEXTS.suspensionLifted)).toBeVisible();
  await expect(staff.getByTestId('tester-suspension')).toHaveText('None in force');
  await expect(staff.getByTestId('tester-suspensions')).toContainText('Car broke down, tow receipt seen');
  await expect(staff.getByTestId('tester-audit')).toContainText('Suspension lifted');
  await expectStaffPageSound(staff);
});
