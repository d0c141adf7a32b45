import { describe, expect, it } from 'vitest';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { demoDailyRewardDays } from './daily-bonus-seed.ts';

/**
 * The daily login bonus (spec 3, "Daily login bonus"; spec 2, "Login bonus at entry"; decision 033):
 * GET /api/reward/CheckLastTimeLogin, GetDailyRewardList and GetDailyReward, and the Login Count
 * of GetPKTesterInfo. A day is the company's (America/Chicago by default), set with the fake clock.
 */

// Noon in Chicago (18:00 UTC in January, UTC-6).
const NOON_JAN_15 = '2026-01-15T18:00:00Z';
const DAY_MS = 24 * HOUR_MS;
const clock = createFakeClock(NOON_JAN_15);
const db = () => testApp.database.db;
const calendar = demoDailyRewardDays();

const testApp = useTestApp({ clock });

const get = (url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie, ...OUR_PAGE } });
const checkLastTimeLogin = async (cookie: string) => (await get('/api/reward/CheckLastTimeLogin', cookie)).json() as boolean;
const rewardList = async (cookie: string) => (await get('/api/reward/GetDailyRewardList', cookie)).json();
const claim = async (cookie: string) => (await get('/api/reward/GetDailyReward', cookie)).json();
const loginDays = async (cookie: string) =>
  ((await get('/api/account/GetPKTesterInfo', cookie)).json() as { loginDaysThisMonth: number }).loginDaysThisMonth;

describe('the daily login bonus', () => {
  it("opens for a tester who has not claimed today, pays day 1's coins and experience once, then stays shut until tomorrow", async () => {
    clock.set(NOON_JAN_15);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 0, exp: 0 });
    expect(await checkLastTimeLogin(cookie)).toBe(true);
    const list = await rewardList(cookie);
    expect(list).toMatchObject({ status: 'succeed', day: 1, receivedToday: false });
    expect(list.rewards).toHaveLength(28);
    expect(list.rewards[27]).toEqual({ day: 28, coins: calendar[27]!.coins, exp: calendar[27]!.experience });

    expect(await claim(cookie)).toEqual({ status: 'succeed', day: 1, reward: calendar[0]!.coins, exp: calendar[0]!.experience });
    expect(await claim(cookie)).toEqual({ status: 'alreadyReceived', reward: 0, exp: 0 });
    expect(await checkLastTimeLogin(cookie)).toBe(false);
    expect(await rewardList(cookie)).toMatchObject({ day: 1, receivedToday: true });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 10, exp: 5, ledgerCoins: 10, ledgerExp: 5, entries: 1 });

    clock.advance(DAY_MS);
    expect(await checkLastTimeLogin(cookie)).toBe(true);
    expect(await rewardList(cookie)).toMatchObject({ day: 2, receivedToday: false });
  });

  it("belongs to the company's day: 11 pm and 1 am in Chicago are two days though one UTC date", async () => {
    const { cookie } = await createLoggedInTester(db());
    clock.set('2026-01-16T05:00:00Z'); // 11 pm on the 15th in Chicago
    expect(await claim(cookie)).toMatchObject({ status: 'succeed', day: 1 });
    clock.set('2026-01-16T07:00:00Z'); // 1 am on the 16th
    expect(await claim(cookie)).toMatchObject({ status: 'succeed', day: 2 });
    clock.set('2026-01-16T23:00:00Z'); // 5 pm on the 16th
    expect(await claim(cookie)).toMatchObject({ status: 'alreadyReceived' });
  });

  it('runs the 28-day cycle (every 7th day gold, the 28th special), wraps to day 1 after day 28, and a missed day does not reset it', async () => {
    clock.set(NOON_JAN_15);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 0, exp: 0 });
    const paid: number[] = [];
    for (let day = 1; day <= 28; day += 1) {
      const answer = await claim(cookie);
      expect(answer).toMatchObject({ status: 'succeed', day });
      paid.push(answer.reward);
      // A missed day (after day 10) leaves the cycle where it was.
      clock.advance(day === 10 ? 2 * DAY_MS : DAY_MS);
    }
    expect(paid).toEqual(calendar.map((row) => row.coins));
    expect(paid[27]).toBe(200);
    expect(await rewardList(cookie)).toMatchObject({ day: 1, receivedToday: false });
    expect(await claim(cookie)).toMatchObject({ status: 'succeed', day: 1 });
    const total = calendar.reduce((sum, row) => sum + row.coins, 0) + calendar[0]!.coins;
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: total, ledgerCoins: total, entries: 29 });
  });

  it('pays once to 64 simultaneous GetDailyReward calls', async () => {
    clock.set(NOON_JAN_15);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 0, exp: 0 });
    const answers = await Promise.all(Array.from({ length: 64 }, () => claim(cookie)));
    expect(answers.filter((answer) => answer.status === 'succeed')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 'alreadyReceived')).toHaveLength(63);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 10, ledgerCoins: 10, entries: 1 });
  });

  it('counts each day of this month the tester came once (the Login Count), and starts again with the month', async () => {
    clock.set('2026-01-30T18:00:00Z');
    const { cookie } = await createLoggedInTester(db());
    expect(await loginDays(cookie)).toBe(0);
    await Promise.all(Array.from({ length: 5 }, () => checkLastTimeLogin(cookie)));
    expect(await loginDays(cookie)).toBe(1);
    clock.advance(DAY_MS);
    await checkLastTimeLogin(cookie);
    expect(await loginDays(cookie)).toBe(2);
    clock.advance(DAY_MS); // 1 February
    expect(await loginDays(cookie)).toBe(0);
    await claim(cookie); // a claim is a visit too
    expect(await loginDays(cookie)).toBe(1);
  });

  it('refuses the two calls that write from another site without our header, and every call without a session', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const url of ['/api/reward/CheckLastTimeLogin', '/api/reward/GetDailyReward']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
    }
    for (const url of ['/api/reward/CheckLastTimeLogin', '/api/reward/GetDailyRewardList', '/api/reward/GetDailyReward']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: OUR_PAGE })).statusCode).toBe(401);
    }
  });
});
