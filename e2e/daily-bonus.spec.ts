import type { Page } from '@playwright/test';
import { DAILY_BONUS_TEXTS } from '@testerhub/shared/daily-bonus-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { nextBonusAnswer } from './support/daily-bonus';

/**
 * Issue 11, section 1 (decision 033): the login bonus at entry. A tester's first portal page of the
 * day opens the 28-day calendar; today's reward is claimed by closing its popup, once. The days
 * that follow (day 28 and its wrap, a missed day) are in server-clock.spec.ts, on the server's clock.
 */

test.use({ showLoginBonus: true });

const SCREENER = '/community/main/screener';
const calendar = (page: Page) => page.getByRole('dialog', { name: DAILY_BONUS_TEXTS.title });
const day = (page: Page, n: number) => page.getByTestId(`daily-day-${n}`);
const coinsInNav = (page: Page) => page.getByTestId('level-progress-button').locator('.level-progress__coins');

test('a new tester: the calendar at entry, what coins are, day 1 collected once, the login count @postgres', async ({
  loggedInPage: page,
  testerSession,
}) => {
  await page.goto(SCREENER);
  await expect(calendar(page)).toBeVisible();
  await expect(day(page, 1)).toHaveAttribute('aria-current', 'date');
  await expect(day(page, 28)).toContainText('special reward');
  await expect(calendar(page).getByText('received')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await calendar(page).getByRole('button', { name: DAILY_BONUS_TEXTS.whatAreCoins }).click();
  const explainer = page.getByRole('dialog', { name: DAILY_BONUS_TEXTS.whatAreCoins });
  await expect(explainer.getByRole('link', { name: /redeem a reward/ })).toHaveAttribute('href', '/community/main/account/coins');
  await expectNoAxeViolations(page);
  await explainer.getByRole('button', { name: 'Back' }).click();

  await calendar(page).getByRole('button', { name: "Get today's reward" }).click();
  const coin = page.getByRole('dialog', { name: 'Day 1 reward' });
  await expect(coin.getByTestId('daily-today-coins')).toHaveText('10 coins');
  await expectNoAxeViolations(page);
  await coin.getByRole('button', { name: 'Collect' }).click();

  const result = page.getByRole('dialog');
  await expect(result.getByText(DAILY_BONUS_TEXTS.thanks)).toBeVisible();
  await expect(result.getByTestId('reward-coins')).toHaveText('+10 coins');
  await expect(coinsInNav(page)).toContainText((testerSession.tester.coins + 10).toLocaleString('en-US'));
  await expectNoAxeViolations(page);
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Claimed: the next pages of the day open no calendar (each asks again; the heading and the
  // login count can show before the answer, so the answer is read before "no dialog").
  let answered = nextBonusAnswer(page);
  await page.reload();
  expect(await answered, 'today still to claim, after the reload').toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  answered = nextBonusAnswer(page);
  await page.goto('/community/main/account/general');
  expect(await answered, 'today still to claim, on the next page').toBe(false);
  await expect(page.getByTestId('login-count')).toHaveText('1 day this month');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("'Later' keeps the calendar shut for the rest of the day", async ({ loggedInPage: page }) => {
  await page.goto(SCREENER);
  await calendar(page).getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/community/main/about-me');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the calendar fits the screen: seven days a row, no sideways scrolling', async ({ loggedInPage: page }) => {
    await page.goto(SCREENER);
    await expect(calendar(page)).toBeVisible();
    // Measured together until the calendar's layout has settled.
    await expect
      .poll(async () => {
        const [first, seventh, eighth] = await Promise.all([1, 7, 8].map((number) => day(page, number).boundingBox()));
        return (
          first &&
          seventh &&
          eighth && {
            seventhOnFirstRow: seventh.y === first.y,
            eighthBelow: eighth.y > first.y,
            seventhFits: seventh.x + seventh.width <= 360,
          }
        );
      })
      .toEqual({ seventhOnFirstRow: true, eighthBelow: true, seventhFits: true });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
