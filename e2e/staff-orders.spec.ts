import type { Locator, Page } from '@playwright/test';
import { ORDER_TEXTS, REDEEM_TEXTS } from '@testerhub/shared/redeem-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { escapeRegExp, randomSuffix } from './support/accounts';
import { waitForMessage } from './support/mailbox';
import { grantCoins } from './support/test-support';
import { expectStaffPageSound, openFromConsoleHome, openStaffConsole } from './support/staff';
import type { Reward } from '@testerhub/shared/redeem-schemas';
import { readApi } from './support/api-read';

/**
 * Issue 12 section 6 (decision 047): a tester redeems two rewards; a staff member with the rewards
 * role (made by test support, set up with a TOTP code computed here) fulfils one with a gift code,
 * which reaches the tester by e-mail with the report window, and rejects the other, whose coins
 * come back to the tester's balance and earnings history. axe on the page, at 360 px.
 */

const FIVE = '$5 e-gift card';
const TEN = '$10 e-gift card';
const coinsText = (coins: number) => `${coins.toLocaleString('en-US')} coins`;

/** The tester's pending order of a reward in the staff list (other tests' orders may be there too). */
const orderCard = (page: Page, username: string, reward: string): Locator =>
  page
    .getByTestId('order-row')
    .filter({ has: page.getByRole('cell', { name: reward, exact: true }) })
    .filter({ hasText: username });

test('rewards staff fulfil one order with a code the tester receives, and reject another, whose coins come back @postgres', async ({
  loggedInPage: tester,
  testerSession,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { username, email, testerId } = testerSession.tester;
  const balance = await grantCoins(request, testerId, 1500);

  // The tester redeems the $5 card in the popup and the $10 card as a second call.
  await tester.goto('/community/main/account/coins');
  await tester.getByRole('link', { name: 'redeem a reward' }).click();
  const dialog = tester.getByRole('dialog', { name: 'Redeem a reward' });
  await dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(FIVE)}`) }).check();
  await dialog.getByRole('button', { name: 'Get a reward' }).click();
  await expect(tester.getByRole('dialog', { name: REDEEM_TEXTS.succeeded })).toBeVisible();
  const rewards = await readApi<Reward[]>(tester.request, '/api/reward/GetRewardList');
  const tenNo = rewards.find((reward) => reward.rItemName === TEN)!.rItemNo;
  expect((await (await tester.request.post('/api/reward/SpendCoin', { data: tenNo })).json()).status).toBe('succeed');

  // The rewards staff member finds Orders from the home page.
  const { page: staff } = await openStaffConsole(browser, baseURL!, request, { roles: ['rewards'], name: `Rex Rewards ${randomSuffix()}` });
  await openFromConsoleHome(staff, 'Orders');
  const five = orderCard(staff, username, FIVE);
  const ten = orderCard(staff, username, TEN);
  await expect(five).toContainText('Pending');
  await expect(five).toContainText('Starts when the reward is sent');
  await expect(ten).toContainText('1000');
  await expectStaffPageSound(staff);

  // Fulfil the $5 card: a code is required, then the tester's e-mail carries it and the window.
  await five.getByRole('button', { name: 'Fulfil' }).click();
  await expect(five.getByText(ORDER_TEXTS.codeRequired)).toBeVisible();
  const code = `GIFT-${randomSuffix()}`;
  await five.getByLabel('Gift code or note').fill(code);
  await five.getByRole('button', { name: 'Fulfil' }).click();
  await expect(staff.getByText(new RegExp(`Order #\\d+: ${escapeRegExp(ORDER_TEXTS.fulfilled)}`))).toBeVisible();
  await expect(five).toHaveCount(0);
  const sent = await waitForMessage({ to: email, subject: 'Your reward has been sent' });
  expect(sent.text).toContain(code);
  expect(sent.text).toMatch(/please report it within 30 days, by [A-Z][a-z]+ \d{1,2}, \d{4}/);

  // Reject the $10 card with a reason.
  await ten.getByLabel('Reason for rejecting').fill('This card is out of stock');
  await ten.getByRole('button', { name: 'Reject' }).click();
  await expect(staff.getByText(new RegExp(`Order #\\d+: ${escapeRegExp(ORDER_TEXTS.rejected)}`))).toBeVisible();
  const refusal = await waitForMessage({ to: email, subject: 'was not fulfilled' });
  expect(refusal.text).toContain('This card is out of stock');

  // The fulfilled order shows its code and the end of its report window.
  await staff.getByLabel('Show').selectOption('fulfilled');
  const done = orderCard(staff, username, FIVE);
  await expect(done).toContainText(code);
  await expect(done.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expectNoAxeViolations(staff);

  // The tester's coins came back: balance minus the $5 card, and the refund in the history.
  await tester.goto('/community/main/account/coins');
  await expect(tester.locator('.coins__balance')).toHaveText(`Your balance: ${coinsText(balance - 500)}`);
  await tester.getByRole('link', { name: 'Earnings history' }).click();
  const newest = tester.getByRole('table').first().getByRole('row').nth(1);
  await expect(newest).toContainText(`Reward order refunded: ${TEN}`);
  await expect(newest).toContainText('1,000');

  // The same page lists the orders with their status: the code of the sent one, the reason of the other (issue 29).
  const orders = tester.getByRole('region', { name: 'Reward orders' }).getByRole('listitem');
  await expect(orders.filter({ hasText: TEN })).toContainText('Not sent');
  await expect(orders.filter({ hasText: TEN })).toContainText('This card is out of stock. Your 1,000 coins were returned.');
  await expect(orders.filter({ hasText: FIVE }).locator('code')).toHaveText(code);
  await expectNoAxeViolations(tester);
});
