import type { Page } from '@playwright/test';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { PERK_TEXTS } from '@testerhub/shared/perks-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { addSessionCookie, createTester, startSession } from './support/test-support';

/**
 * Issue 11, section 3 (decision 038): the skill tree from the account page, a perk whose effect
 * changes a later figure (the daily bonus), and the picture choice.
 */

const ACCOUNT = '/community/main/account/general';

async function openPerks(page: Page) {
  await page.goto(ACCOUNT);
  await page.getByRole('button', { name: 'Open perks' }).click();
  return page.getByRole('dialog', { name: PERK_TEXTS.title });
}

test.describe('with the login bonus shown', () => {
  test.use({ showLoginBonus: true });

  test("Early Bird: upgraded for 50 coins, 'Perk Upgraded', then the daily bonus pays 5 coins more @postgres", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const tester = await createTester(request, { coins: 120 });
    await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
    await page.goto(ACCOUNT);
    // Not the bonus yet: 'Later' keeps the calendar for after the perk.
    await page.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title }).getByRole('button', { name: 'Later' }).click();

    const perks = await openPerks(page);
    await expect(perks.getByRole('button', { name: /Early Bird\s*None/ })).toBeVisible();
    await expect(perks.getByRole('button', { name: /Lucky Spinner\s*None/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await perks.getByRole('button', { name: /Lucky Spinner/ }).click();
    // Lucky Spinner needs level 2: a new tester is level 1.
    await expect(perks.getByTestId('perk-detail')).toContainText('Level 2');
    await expect(perks.getByRole('button', { name: 'Upgrade' })).toBeDisabled();
    await perks.getByRole('button', { name: /Early Bird/ }).click();
    await expect(perks.getByTestId('perk-detail')).toContainText('Lv 1: +5 coins from the daily bonus');
    await expectNoAxeViolations(page);
    await perks.getByRole('button', { name: 'Upgrade' }).click();
    const upgraded = page.getByRole('dialog', { name: PERK_TEXTS.upgraded });
    await expect(upgraded.getByTestId('perk-upgraded')).toHaveText('Early Bird: Lv 1. +5 coins from the daily bonus.');
    await expect(page.getByTestId('level-progress-button')).toContainText('70');
    await expectNoAxeViolations(page);
    await upgraded.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: PERK_TEXTS.title }).getByRole('button', { name: /Early Bird\s*Lv 1/ })).toBeVisible();
    // Level 2 of Early Bird needs level 3: 'Not enough conditions' is never reached, the button stays off.
    await expect(page.getByRole('dialog', { name: PERK_TEXTS.title }).getByRole('button', { name: 'Upgrade' })).toBeDisabled();

    // The bonus, now 10 + 5 coins on day 1.
    await context.clearCookies({ name: 'loginBonusLater' });
    await page.goto('/community/main/screener');
    await expect(page.getByTestId('daily-day-1')).toContainText('15');
    await page.getByRole('button', { name: "Get today's reward" }).click();
    await expect(page.getByTestId('daily-today-coins')).toHaveText('15 coins');
    await page.getByRole('dialog', { name: 'Day 1 reward' }).getByRole('button', { name: 'Collect' }).click();
    await expect(page.getByRole('dialog').getByTestId('reward-coins')).toHaveText('+15 coins');
  });
});

test("a refused upgrade says which condition is missing: 'Not enough conditions', the coins it needs and those the tester has", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const tester = await createTester(request, { coins: 30 });
  await addSessionCookie(context, baseURL!, await startSession(request, { testerId: tester.testerId }));
  const perks = await openPerks(page);
  await perks.getByRole('button', { name: /Early Bird/ }).click();
  // Level 1 of Early Bird needs level 1 (met: the button is on) and 50 coins (short).
  await expect(perks.getByTestId('perk-detail')).toContainText('50 coins');
  await perks.getByRole('button', { name: 'Upgrade' }).click();
  const refusal = page.getByRole('dialog', { name: PERK_TEXTS.notEnough });
  await expect(refusal.getByTestId('perk-missing')).toHaveText(PERK_TEXTS.needsCoins(50, 30));
  await expectNoAxeViolations(page);
});

test('My Profile: a picture the level allows is saved and shown; one above it cannot be chosen', async ({ loggedInPage: page }) => {
  await page.goto(ACCOUNT);
  const tile = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'My Profile' }) });
  await expect(tile.getByTestId('profile-summary')).toContainText('level 1');
  await tile.getByRole('button', { name: 'Change picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog.getByRole('radio', { name: 'Picture avatar-03, needs level 2' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await dialog.getByRole('radio', { name: 'Picture avatar-02' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tile.locator('img')).toHaveAttribute('src', '/media/avatars/avatar-02.svg');
  await expect(page.getByTestId('level-progress-button').locator('img')).toHaveAttribute('src', '/media/avatars/avatar-02.svg');
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the skill tree fits the screen', async ({ loggedInPage: page }) => {
    const perks = await openPerks(page);
    await perks.getByRole('button', { name: /Early Bird/ }).click();
    await expect(perks.getByTestId('perk-detail')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
