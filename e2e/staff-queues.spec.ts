import type {} from '@playwright/test';
import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { CATALOGUE_TEXTS, CHILD_QUEUE_TEXTS, REFERRAL_PIPELINE_TEXTS } from '@testerhub/shared/staff-queues-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { escapeRegExp, randomSuffix } from './support/accounts';
import { CONFIRM_CHILD_SUBJECT, findLink, waitForMessage } from './support/mailbox';
import { expectStaffPageSound, followStaffNav, openFromConsoleHome, openStaffConsole } from './support/staff';
import { attendStudy, grantCoins } from './support/test-support';

/**
 * Issue 12 sections 5 and 6 (decisions 054, 055): a recruiter confirms a tester's child by phone
 * (the e-mailed link alone does not, decision 079; the parent's list stops saying 'Awaiting confirmation') and moves the tester's referral to
 * Outreach (the referral history shows it); rewards staff add a reward the redeem popup then
 * offers, change its price and retire it. axe on each page, at 360 px.
 */

const ACCOUNT = '/community/main/account/general';
const HISTORY = '/community/main/referral/history';
const letters = () => randomSuffix(6).replace(/[^a-z]/gi, 'x');

test('a recruiter confirms a child by phone and moves a referral to Outreach; the tester sees both', async ({
  loggedInPage: tester,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await attendStudy(request, testerSession.tester.testerId);
  await tester.goto(ACCOUNT);
  const childFirst = `Kid${letters()}`;
  const today = new Date();
  const registered = await tester.evaluate(
    async (body) => {
      const response = await fetch('/api/account/RegistChildrenWithoutStudyNo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    {
      firstName: childFirst,
      lastName: 'Example',
      race: 'A',
      gender: 'F',
      year: today.getFullYear() - 8,
      month: 2,
      day: 3,
      phone: '3125550123',
    },
  );
  expect(registered).toEqual({ status: 'succeed' });
  // The parent opens the e-mailed link: the e-mail step, not the child's confirmation (decision 079).
  const confirmLink = findLink(
    await waitForMessage({ to: testerSession.tester.email, subject: CONFIRM_CHILD_SUBJECT, text: `You registered ${childFirst} on` }),
    '/community',
  );
  await tester.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await expect(tester.getByRole('dialog', { name: `${childFirst} Example awaits a call from Tester Services` })).toContainText(
    CHILD_TEXTS.emailConfirmed,
  );
  const friendFirst = `Fr${letters()}`;
  const referred = await tester.request.post('/api/account/UpdateReferralList', {
    headers: { 'x-requested-with': 'TesterHub' },
    data: {
      firstname: friendFirst,
      lastname: 'Pipeline',
      age: '41',
      emailAddress: `${friendFirst.toLowerCase()}@friends.example.test`,
      phoneNumber: `773${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    },
  });
  expect(await referred.json()).toEqual({ status: 'succeed' });

  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });

  // The children queue: a call without an answer, then the confirming one.
  await openFromConsoleHome(staff, 'Children to confirm');
  const card = staff
    .getByTestId('child-queue')
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: `${childFirst} Example` }) });
  await expect(card).toContainText(testerSession.tester.username);
  await expect(card.getByTestId('calls-made')).toHaveText('0 of 3');
  await expect(card).toContainText('Opened by the parent (confirms the e-mail, not the child)');
  await expect(card.getByTestId('time-left')).toContainText(/\d+ h \d+ min left/);
  await expectStaffPageSound(staff);
  await card.getByRole('button', { name: 'Record call' }).click();
  await expect(card.getByText('Choose what the call came to.')).toBeVisible();
  await card.getByLabel('What the call came to').selectOption({ label: 'No answer' });
  await card.getByLabel('Note (optional)').fill('Voicemail full');
  await card.getByRole('button', { name: 'Record call' }).click();
  await expect(staff.getByText(`${childFirst} Example: ${CHILD_QUEUE_TEXTS.recorded}`)).toBeVisible();
  await expect(card.getByTestId('calls-made')).toHaveText('1 of 3');
  await expect(card).toContainText('Voicemail full');
  await tester.goto(ACCOUNT);
  await tester.getByRole('button', { name: 'Register your kid(s)' }).click();
  await expect(tester.getByRole('list', { name: 'Your kids' })).toContainText(`${childFirst} Example ${CHILD_TEXTS.awaitingConfirmation}`);
  await expect(tester.getByRole('list', { name: 'Your kids' })).toContainText(CHILD_TEXTS.awaitingCall);
  await card.getByRole('button', { name: 'Confirm child' }).click();
  await expect(staff.getByText(`${childFirst} Example: ${CHILD_QUEUE_TEXTS.confirmed}`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await tester.goto(ACCOUNT);
  await tester.getByRole('button', { name: 'Register your kid(s)' }).click();
  const kids = tester.getByRole('list', { name: 'Your kids' });
  await expect(kids).toContainText(`${childFirst} Example`);
  await expect(kids).not.toContainText(`${childFirst} Example ${CHILD_TEXTS.awaitingConfirmation}`);

  // The referral pipeline: New to Outreach; Paid is not offered for it.
  await followStaffNav(staff, 'Referrals');
  await expect(staff.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  await staff.getByLabel('Show').selectOption('New');
  const referral = staff
    .getByTestId('referrals')
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: `${friendFirst} Pipeline` }) });
  await expect(referral.getByTestId('referral-status')).toContainText('New');
  await expectStaffPageSound(staff);
  const choice = referral.getByLabel('New status');
  await expect(choice.locator('option')).toHaveText(['Choose…', 'Bad Number', 'Outreach', 'Closed']);
  await choice.selectOption('Outreach');
  await referral.getByRole('button', { name: 'Set status' }).click();
  await expect(staff.getByText(`${friendFirst} Pipeline: ${REFERRAL_PIPELINE_TEXTS.moved}`)).toBeVisible();
  await tester.goto(HISTORY);
  await expect(tester.getByTestId('referral-row').filter({ hasText: friendFirst })).toContainText('Outreach');
});

test('rewards staff add a reward the redeem popup offers, change its price, and retire it', async ({
  loggedInPage: tester,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await grantCoins(request, testerSession.tester.testerId, 500);
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['rewards'] });
  await followStaffNav(staff, 'Catalogue', 'Rewards');
  await expect(staff.getByRole('heading', { level: 1, name: 'Reward catalogue' })).toBeVisible();
  await expect(staff.getByTestId('catalogue')).toContainText('$5 e-gift card');
  await expectStaffPageSound(staff);

  const name = `Queue mug ${randomSuffix(5)}`;
  const add = staff.getByRole('form', { name: 'Add a reward' });
  await add.getByRole('button', { name: 'Add reward' }).click();
  await expect(add.getByText(CATALOGUE_TEXTS.nameRequired)).toBeVisible();
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Coins').fill('120');
  await add.getByLabel('Picture').selectOption({ label: 'Tote bag' });
  await add.getByLabel('Position on the redeem page').fill('0');
  await add.getByRole('button', { name: 'Add reward' }).click();
  await expect(staff.getByText(`${name}: ${CATALOGUE_TEXTS.added}`)).toBeVisible();

  const redeemOffers = async () => {
    await tester.goto('/community/main/account/coins');
    await tester.getByRole('link', { name: 'redeem a reward' }).click();
    return tester.getByRole('dialog', { name: 'Redeem a reward' });
  };
  let dialog = await redeemOffers();
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(name)}`) })).toBeVisible();
  await expect(dialog).toContainText('120');

  const card = staff
    .getByTestId('catalogue')
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name }) });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = card.getByRole('form', { name: `Edit ${name}` });
  await edit.getByLabel('Coins').fill('90');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(staff.getByText(`${name}: ${CATALOGUE_TEXTS.saved}`)).toBeVisible();
  await expect(card).toContainText('90');
  await expectNoAxeViolations(staff);

  await card.getByRole('button', { name: `Retire ${name}` }).click();
  await expect(staff.getByText(`${name}: ${CATALOGUE_TEXTS.retired}`)).toBeVisible();
  await expect(card.getByTestId('reward-state')).toHaveText('Retired');
  dialog = await redeemOffers();
  await expect(dialog.getByRole('radio', { name: '$5 e-gift card', exact: false }).first()).toBeVisible();
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(name)}`) })).toHaveCount(0);
});
