import type { Locator, Page } from '@playwright/test';
import { REDEEM_TEXTS } from '@testerhub/shared/redeem-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { escapeRegExp, randomSuffix } from './support/accounts';
import { waitForMessage } from './support/mailbox';
import { addSessionCookie, createTester, grantCoins, startSession } from './support/test-support';
import type { Reward } from '@testerhub/shared/redeem-schemas';
import { readApi } from './support/api-read';

/**
 * Issue 11, section 5 (decision 034): a tester redeems coins for a reward from the coins page's
 * popup, the order's confirmation e-mail arrives, and the earnings history lists the spend. The
 * seeded catalogue starts with the $5 e-gift card (500 coins) and the $10 one (1,000 coins).
 */

const COINS = '/community/main/account/coins';
const FIVE = '$5 e-gift card';
const TEN = '$10 e-gift card';

const coinsText = (coins: number) => `${coins.toLocaleString('en-US')} coins`;
/** A reward's radio: its label starts with the reward's name. */
const rewardRadio = (dialog: Locator, name: string) => dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(name)}`) });
const navCoins = (page: Page) => page.getByTestId('level-progress-button').locator('.level-progress__coins');

async function openRedeemPopup(page: Page) {
  await page.goto(COINS);
  await expect(page.getByRole('heading', { level: 1, name: 'My coins' })).toBeVisible();
  await page.getByRole('link', { name: 'redeem a reward' }).click();
  await expect(page).toHaveURL(/\/popup\/redeem-item$/);
  const dialog = page.getByRole('dialog', { name: 'Redeem a reward' });
  await expect(rewardRadio(dialog, FIVE)).toBeVisible();
  return dialog;
}

test('a tester with coins redeems a reward: success, the balance drops, the confirmation e-mail, the earnings history @postgres', async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  const { tester } = testerSession;
  const balance = await grantCoins(request, tester.testerId, 700);
  await page.goto(COINS);
  await expect(page.getByRole('heading', { level: 1, name: 'My coins' })).toBeVisible();
  await expect(page.locator('.coins__balance')).toHaveText(`Your balance: ${coinsText(balance)}`);
  await expect(navCoins(page)).toHaveText(coinsText(balance));
  await expectNoAxeViolations(page);

  const dialog = await openRedeemPopup(page);
  await expect(dialog).toContainText(`Your balance: ${coinsText(balance)}`);
  const five = rewardRadio(dialog, FIVE);
  const getReward = dialog.getByRole('button', { name: 'Get a reward' });
  await expect(getReward).toBeDisabled();
  await expectNoAxeViolations(page);
  await five.check();
  await expect(getReward).toBeEnabled();
  await getReward.click();

  const done = page.getByRole('dialog', { name: REDEEM_TEXTS.succeeded });
  await expect(done).toContainText(REDEEM_TEXTS.succeededDetail);
  await expect(done).toContainText(`Your balance: ${coinsText(balance - 500)}`);
  await expect(navCoins(page)).toHaveText(coinsText(balance - 500));
  await expectNoAxeViolations(page);
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`${COINS}$`));
  await expect(page.locator('.coins__balance')).toHaveText(`Your balance: ${coinsText(balance - 500)}`);

  const mail = await waitForMessage({ to: tester.email, subject: `: ${FIVE}` });
  expect(mail.subject).toMatch(/^Your reward order #\d+: \$5 e-gift card$/);
  expect(mail.text).toContain('Your order is pending');
  expect(mail.text).toContain('please report it within 30 days');

  await page.getByRole('link', { name: 'Earnings history' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings history' })).toBeVisible();
  const newest = page.getByRole('table').first().getByRole('row').nth(1);
  await expect(newest).toContainText(`Reward redeemed: ${FIVE}`);
  await expect(newest).toContainText('−500');
  await expect(page.getByText('No attended studies yet.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a tester short of coins cannot choose a reward they cannot pay for, and a spend the balance no longer covers is 'Failed to use coin' @postgres", async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  // 600 coins pay for the $5 card (500) but not the $10 one (1,000).
  const balance = await grantCoins(request, testerSession.tester.testerId, 600 - testerSession.tester.coins);
  expect(balance).toBe(600);
  const dialog = await openRedeemPopup(page);
  const ten = rewardRadio(dialog, TEN);
  await expect(ten).toBeDisabled();
  await expect(dialog).toContainText(`${TEN}1,000 coins (not enough coins)`);
  await expect(dialog.getByRole('button', { name: 'Get a reward' })).toBeDisabled();
  await expectNoAxeViolations(page);

  // The $5 card is chosen, but the coins go elsewhere first (another tab): 'Failed to use coin'.
  await rewardRadio(dialog, FIVE).check();
  const rewards = await readApi<Reward[]>(page.request, '/api/reward/GetRewardList');
  const fiveNo = rewards.find((reward) => reward.rItemName === FIVE)!.rItemNo;
  expect((await (await page.request.post('/api/reward/SpendCoin', { data: fiveNo })).json()).status).toBe('succeed');
  await dialog.getByRole('button', { name: 'Get a reward' }).click();
  const failed = page.getByRole('dialog', { name: REDEEM_TEXTS.failed });
  await expect(failed).toContainText(REDEEM_TEXTS.failedDetail);
  await expect(failed).toContainText(`Your balance: ${coinsText(100)}`);
  await expectNoAxeViolations(page);
  await failed.getByRole('button', { name: 'Back to the rewards' }).click();
  await expect(rewardRadio(page.getByRole('dialog'), FIVE)).toBeDisabled();
});

test('a tester whose e-mail address cannot take the confirmation sees the e-mail failure, and nothing is spent @postgres', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const tester = await createTester(request, { email: `nobody${randomSuffix()}@localhost` });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  const balance = await grantCoins(request, tester.testerId, 600);
  const dialog = await openRedeemPopup(page);
  await rewardRadio(dialog, FIVE).check();
  await dialog.getByRole('button', { name: 'Get a reward' }).click();
  const failed = page.getByRole('dialog', { name: REDEEM_TEXTS.emailFailedTitle });
  await expect(failed).toContainText(REDEEM_TEXTS.emailFailed);
  await expect(failed).toContainText(`Your balance: ${coinsText(balance)}`);
  await expectNoAxeViolations(page);
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the coins page, the popup, a redemption and the earnings history fit and pass axe', async ({
    loggedInPage: page,
    testerSession,
    request,
  }) => {
    const balance = await grantCoins(request, testerSession.tester.testerId, 1000);
    await page.goto(COINS);
    await expect(page.locator('.coins__balance')).toHaveText(`Your balance: ${coinsText(balance)}`);
    await expectNoAxeViolations(page);
    // On a phone the cookie notice covers the foot of the page until it is accepted.
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
    const dialog = await openRedeemPopup(page);
    await expectNoAxeViolations(page);
    await rewardRadio(dialog, TEN).check();
    await dialog.getByRole('button', { name: 'Get a reward' }).click();
    await expect(page.getByRole('dialog', { name: REDEEM_TEXTS.succeeded })).toContainText(`Your balance: ${coinsText(balance - 1000)}`);
    await expectNoAxeViolations(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/community/main/account/earnings');
    await expect(page.getByRole('table').first()).toContainText(`Reward redeemed: ${TEN}`);
    await expectNoAxeViolations(page);
  });
});
