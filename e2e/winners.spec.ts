import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { EVENT_TEXTS } from '@testerhub/shared/winners-schemas';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { addSessionCookie, createTester, startSession, type SupportTester } from './support/test-support';

/**
 * Issue 11, section 2 (decision 037): spin the wheel and the winners pages. The weekly gift-card
 * drawing, its entries and its Monday draw are in server-clock.spec.ts, on the server's clock.
 */

const TRY_YOUR_LUCK = '/community/main/winners/try-your-luck';
const RESULT = /^(Congratulations! You've received \d+ coins\.|You've received \d+ coins\. Better luck next time!)$/;

async function loggedInWith(request: APIRequestContext, context: BrowserContext, baseURL: string, coins: number): Promise<SupportTester> {
  const tester = await createTester(request, { coins });
  await addSessionCookie(context, baseURL, await startSession(request, { testerId: tester.testerId }));
  return tester;
}

const wheel = (page: Page) => page.getByTestId('wheel-panel');
const spinButton = (page: Page) => wheel(page).getByRole('button', { name: /^(Spin for 50 coins|Spinning…)$/ });

test.describe('with motion', () => {
  // The suite runs with reduced motion (the wheel then stops at once); this test watches the real spin.
  test.use({ reducedMotion: 'no-preference' });

  test('the wheel: three stages to a result, the odds table, the coins and spins counted @postgres', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await loggedInWith(request, context, baseURL!, 500);
    await page.goto(TRY_YOUR_LUCK);
    await expect(wheel(page).getByRole('heading', { name: EVENT_TEXTS.wheelTitle })).toBeVisible();
    await expect(wheel(page).getByTestId('wheel-spins')).toHaveText('3/3');
    await expect(wheel(page).getByTestId('wheel-coins')).toHaveText('500');
    await expectNoAxeViolations(page);

    await wheel(page).getByRole('button', { name: 'Odds' }).click();
    const odds = page.getByRole('dialog', { name: 'Odds' });
    await expect(odds.getByRole('row')).toHaveCount(10);
    await expect(odds.getByRole('row').nth(1)).toHaveText('101 in 4');
    await expectNoAxeViolations(page);
    await odds.getByRole('cell').first().click();
    await expect(odds).toHaveCount(0);

    // A real spin: disabled while it turns (about 11.35 s), then the result.
    const started = Date.now();
    await spinButton(page).click();
    await expect(wheel(page).getByRole('button', { name: 'Spinning…' })).toBeDisabled();
    await expect(wheel(page).getByTestId('wheel-coins')).toHaveText('450');
    const result = page.getByTestId('wheel-result');
    await expect(result).toHaveText(RESULT, { timeout: 25_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(11_000);
    const reward = Number((await result.textContent())!.match(/[\d,]+/)![0].replace(/,/g, ''));
    await expectNoAxeViolations(page);
    await page.getByRole('dialog', { name: EVENT_TEXTS.wheelTitle }).getByRole('button', { name: 'Close' }).click();
    await expect(wheel(page).getByTestId('wheel-coins')).toHaveText((450 + reward).toLocaleString('en-US'));
    await expect(wheel(page).getByTestId('wheel-spins')).toHaveText('2/3');
    await expect(page.getByTestId('my-spins')).toContainText(reward.toLocaleString('en-US'));
  });
});

test('the spin button is off without spins left this week, and short of coins', async ({ page, context, request, baseURL, browser }) => {
  // With the suite's reduced motion the wheel stops at once: three spins take no half a minute.
  await loggedInWith(request, context, baseURL!, 500);
  await page.goto(TRY_YOUR_LUCK);
  for (const left of ['2/3', '1/3', '0/3']) {
    await spinButton(page).click();
    await expect(page.getByTestId('wheel-result')).toHaveText(RESULT);
    await page.getByRole('dialog', { name: EVENT_TEXTS.wheelTitle }).getByRole('button', { name: 'Close' }).click();
    await expect(wheel(page).getByTestId('wheel-spins')).toHaveText(left);
  }
  await expect(spinButton(page)).toBeDisabled();
  await expect(wheel(page).getByText(EVENT_TEXTS.noSpins)).toBeVisible();
  await expectNoAxeViolations(page);

  const poorContext = await browser.newContext({ baseURL });
  await poorContext.addCookies([{ name: 'loginBonusLater', value: '1', url: baseURL!, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
  await loggedInWith(request, poorContext, baseURL!, 40);
  const poorPage = await poorContext.newPage();
  await poorPage.goto(TRY_YOUR_LUCK);
  await expect(wheel(poorPage).getByTestId('wheel-coins')).toHaveText('40');
  await expect(spinButton(poorPage)).toBeDisabled();
  await expect(wheel(poorPage).getByText('You need 50 coins to spin.')).toBeVisible();
  await poorContext.close();
});

test('the giveaway winners pages and the fun events page', async ({ loggedInPage: page }) => {
  await page.goto('/community/main/winners/eCard');
  await expect(page.getByRole('heading', { level: 1, name: 'Social giveaway winners' })).toBeVisible();
  await expect(page.getByTestId('giveaway-winners').getByRole('listitem')).not.toHaveCount(0);
  expect(await page.getByTestId('giveaway-winners').getByRole('listitem').count()).toBeLessThanOrEqual(5);
  await expectNoAxeViolations(page);

  await page.goto('/community/main/winners/new-tester');
  await expect(page.getByRole('heading', { level: 1, name: 'New tester drawing' })).toBeVisible();
  await expect(page.getByTestId('giveaway-winners').getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.goto('/community/main/winners/0');
  await page.getByRole('link', { name: 'Try your luck' }).first().click();
  await expect(page).toHaveURL(/\/winners\/try-your-luck$/);
});

test.describe('at 360 px (a phone)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('try your luck fits the screen', async ({ page, context, request, baseURL }) => {
    await loggedInWith(request, context, baseURL!, 200);
    await page.goto(TRY_YOUR_LUCK);
    await expect(wheel(page).getByTestId('wheel-spins')).toHaveText('3/3');
    await expect(page.getByRole('heading', { name: 'My spins' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
