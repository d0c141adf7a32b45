import type { Page } from '@playwright/test';
import { LEADERBOARD_TEXTS } from '@testerhub/shared/leaderboard-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { grantCoins } from './support/test-support';
import type { Reward } from '@testerhub/shared/redeem-schemas';
import { readApi } from './support/api-read';

/**
 * Issue 11, section 3 (decision 039): the leaderBoard popup from the account page, its three tabs
 * by mouse and keyboard, and the tester's own figures after a redemption (a spend through the ledger).
 */

const ACCOUNT = '/community/main/account/general';

async function openLeaderboard(page: Page) {
  await page.goto(ACCOUNT);
  await page.getByRole('button', { name: 'Open the leaderboard' }).click();
  return page.getByRole('dialog', { name: LEADERBOARD_TEXTS.title });
}

async function spendOnFiveCard(page: Page) {
  const rewards = await readApi<Reward[]>(page.request, '/api/reward/GetRewardList');
  const five = rewards.find((reward) => reward.rItemName === '$5 e-gift card')!.rItemNo;
  expect((await (await page.request.post('/api/reward/SpendCoin', { data: five })).json()).status).toBe('succeed');
}

test("my figures count a redemption's 500 coins; the tabs switch by click and arrow keys @postgres", async ({
  loggedInPage: page,
  testerSession,
  request,
}) => {
  const { tester } = testerSession;
  await grantCoins(request, tester.testerId, 600 - tester.coins);
  let dialog = await openLeaderboard(page);
  const mine = dialog.getByTestId('leaderboard-mine');
  await expect(mine).toContainText(`${LEADERBOARD_TEXTS.spent}0`);
  await expect(dialog.getByRole('heading', { name: `${LEADERBOARD_TEXTS.mine}: ${tester.username}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await spendOnFiveCard(page);
  dialog = await openLeaderboard(page);
  await expect(dialog.getByTestId('leaderboard-mine')).toContainText(`${LEADERBOARD_TEXTS.spent}500`);
  await expect(dialog.getByTestId('leaderboard-mine')).toContainText(`${LEADERBOARD_TEXTS.referred}0`);

  const tabs = dialog.getByRole('tab');
  await expect(tabs).toHaveText(['Deep Pockets', 'Referral Pro', 'Screener Wizard']);
  const panel = dialog.getByRole('tabpanel');
  // The demo figures of this month (seed) and this redemption: the list has ranked rows with pictures.
  await expect(panel.getByRole('listitem').first()).toContainText(/^1.+coins$/);
  await expect(panel.getByRole('listitem').first().locator('img')).toHaveAttribute('src', /^\/media\/avatars\//);
  await expectNoAxeViolations(page);

  await dialog.getByRole('tab', { name: 'Referral Pro' }).click();
  await expect(panel).toHaveAccessibleName('Referral Pro');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Screener Wizard' })).toBeFocused();
  await expect(dialog.getByRole('tab', { name: 'Screener Wizard' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('listitem').first()).toContainText(/screeners?$/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Deep Pockets' })).toBeFocused();
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the popup fits, its list is half the window high and scrolls within it', async ({ loggedInPage: page }) => {
    const dialog = await openLeaderboard(page);
    const panel = dialog.getByRole('tabpanel');
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await expect.poll(async () => Math.round((await panel.boundingBox())?.height ?? 0)).toBe(370);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const tab of await dialog.getByRole('tab').all())
      await expect
        .poll(async () => {
          const box = await tab.boundingBox();
          return box ? box.x + box.width : Infinity;
        })
        .toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
