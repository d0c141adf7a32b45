import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REDEEM_LIMITS } from '@testerhub/shared/redeem-schemas';
import { getWith, latestMail, postJson } from '../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createBooking,
  createLoggedInTester,
  createRewardItem,
  createSessionGroup,
  createStudy,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { coinLedger, emailOutbox, redemptionOrders, rewardItems } from '../../core/db/schema.ts';
import { seedDemoData } from '../../core/db/seed.ts';
import { DEMO_REWARDS } from './redeem-seed.ts';

/**
 * Coins and redeeming (spec 3: "Redeem", GetRewardList, GetCurrentCoin, SpendCoin, 'Failed to use
 * coin', the 30-day limit; decision 034) and the earnings history, through the routes.
 */

const NOW = new Date('2026-11-20T15:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const get = (url: string, cookie?: string) => getWith(testApp.app, url, { cookie });
/** SpendCoin with a raw JSON text as the body (the reward number is a bare JSON number). */
const spend = (cookie: string | undefined, body: string) => postJson(testApp.app, '/api/reward/SpendCoin', body, { cookie, raw: true });
const ordersOf = (testerId: string) => db().select().from(redemptionOrders).where(eq(redemptionOrders.testerId, testerId));
const redeemEntriesOf = (testerId: string) =>
  db()
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, 'redeem')));

describe('the reward calls', () => {
  it('answer 401 without a session', async () => {
    expect((await get('/api/reward/GetRewardList')).statusCode).toBe(401);
    expect((await get('/api/reward/GetCurrentCoin')).statusCode).toBe(401);
    expect((await get('/api/reward/GetEarningsHistory')).statusCode).toBe(401);
    expect((await spend(undefined, '1')).statusCode).toBe(401);
  });

  it('list the active rewards in catalogue order with the spec fields, the seeded ones among them', async () => {
    const { cookie } = await createLoggedInTester(db());
    const hidden = await createRewardItem(db(), { active: false });
    const list = (await get('/api/reward/GetRewardList', cookie)).json() as { rItemNo: number; rItemName: string }[];
    expect(list.slice(0, DEMO_REWARDS.length).map((reward) => reward.rItemName)).toEqual(DEMO_REWARDS.map((reward) => reward.name));
    expect(list[0]).toEqual({
      rItemNo: expect.any(Number),
      rItemName: DEMO_REWARDS[0].name,
      rItemCoins: DEMO_REWARDS[0].coins,
      rItemImagePath: DEMO_REWARDS[0].imagePath,
    });
    expect(list.map((reward) => reward.rItemNo)).not.toContain(hidden.id);
  });

  it('the demo catalogue goes in once: a second seed adds no reward', async () => {
    const count = async () => (await db().select({ id: rewardItems.id }).from(rewardItems)).length;
    const before = await count();
    expect(await seedDemoData(db())).toBe(false);
    expect(await count()).toBe(before);
  });

  it('GetCurrentCoin answers the ledger balance', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 345 });
    expect((await get('/api/reward/GetCurrentCoin', cookie)).json()).toEqual({ coins: 345 });
  });

  it('SpendCoin answers 400 naming the body for anything but a reward number', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 500 });
    for (const body of ['"1"', '{}', '{"rItemNo":1}', '-1', '0', '1.5', '[1]', 'null', '2147483648']) {
      const response = await spend(cookie, body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().field, body).toBe('body');
      expect(response.json().message, body).toBe('Choose a reward.');
    }
    expect((await spend(cookie, 'nope')).statusCode).toBe(400);
  });

  it('SpendCoin is refused from another site', async () => {
    const { cookie, tester } = await createLoggedInTester(db(), { coins: 500 });
    const reward = await createRewardItem(db());
    const response = await postJson(testApp.app, '/api/reward/SpendCoin', reward.id, {
      cookie,
      headers: { origin: 'http://elsewhere.invalid', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(await ordersOf(tester.id)).toEqual([]);
  });

  it('GetEarningsHistory answers 400 naming page for a bad page', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const page of ['0', '-1', 'x', '1.5', String(REDEEM_LIMITS.historyMaxPage + 1)]) {
      const response = await get(`/api/reward/GetEarningsHistory?page=${page}`, cookie);
      expect(response.statusCode, page).toBe(400);
      expect(response.json().field, page).toBe('page');
    }
  });
});

describe('redeeming a reward', () => {
  it('spends the cost: one pending order, one ledger debit referencing it, and the confirmation e-mail with the 30 days', async () => {
    const { cookie, tester } = await createLoggedInTester(db(), { coins: 1000 });
    const reward = await createRewardItem(db(), { name: 'Blender', coins: 400 });
    expect((await spend(cookie, String(reward.id))).json()).toEqual({ status: 'succeed', coins: 600 });

    const [order, ...more] = await ordersOf(tester.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ itemNo: reward.id, coins: 400, status: 'pending', createdAt: NOW, fulfilledAt: null, note: null });
    expect(await redeemEntriesOf(tester.id)).toEqual([
      expect.objectContaining({ coins: -400, experience: 0, reference: String(order!.id), createdAt: NOW }),
    ]);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 600, ledgerCoins: 600 });
    const mail = await latestMail(testApp.database, tester.email, 'redeem-order');
    expect(mail?.subject).toBe(`Your reward order #${order!.id}: Blender`);
    expect(mail?.text).toContain('Your order is pending');
    expect(mail?.text).toContain('please report it within 30 days');
    expect((await get('/api/reward/GetCurrentCoin', cookie)).json()).toEqual({ coins: 600 });
  });

  it('may spend the whole balance, and not one coin more: failed, with nothing written', async () => {
    const { cookie, tester } = await createLoggedInTester(db(), { coins: 300 });
    const exact = await createRewardItem(db(), { coins: 300 });
    const dearer = await createRewardItem(db(), { coins: 301 });
    expect((await spend(cookie, String(dearer.id))).json()).toEqual({ status: 'failed', coins: 300 });
    expect(await ordersOf(tester.id)).toEqual([]);
    expect(await latestMail(testApp.database, tester.email, 'redeem-order')).toBeNull();
    expect((await spend(cookie, String(exact.id))).json()).toEqual({ status: 'succeed', coins: 0 });
    expect((await spend(cookie, String(exact.id))).json()).toEqual({ status: 'failed', coins: 0 });
    expect(await ordersOf(tester.id)).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 0, ledgerCoins: 0 });
  });

  it('fails for an unknown or inactive reward, spending nothing', async () => {
    const { cookie, tester } = await createLoggedInTester(db(), { coins: 5000 });
    const inactive = await createRewardItem(db(), { active: false });
    expect((await spend(cookie, String(inactive.id))).json()).toEqual({ status: 'failed', coins: 5000 });
    expect((await spend(cookie, '2147483647')).json()).toEqual({ status: 'failed', coins: 5000 });
    expect(await ordersOf(tester.id)).toEqual([]);
  });

  it('answers changeEmailAddress, spending nothing, when the confirmation cannot reach the tester', async () => {
    const reward = await createRewardItem(db(), { coins: 50 });
    for (const overrides of [{ emailConfirmedAt: null }, { email: 'not-an-address' }]) {
      const { cookie, tester } = await createLoggedInTester(db(), { coins: 500, ...overrides });
      expect((await spend(cookie, String(reward.id))).json()).toEqual({ status: 'changeEmailAddress', coins: 500 });
      expect(await ordersOf(tester.id)).toEqual([]);
      expect(await emailOutboxTo(tester.email)).toEqual([]);
    }
  });

  it('charges what the catalogue says at the time, and keeps that price on the order', async () => {
    const { cookie, tester } = await createLoggedInTester(db(), { coins: 1000 });
    const reward = await createRewardItem(db(), { coins: 100 });
    await db().update(rewardItems).set({ coins: 250 }).where(eq(rewardItems.id, reward.id));
    expect((await spend(cookie, String(reward.id))).json()).toEqual({ status: 'succeed', coins: 750 });
    expect((await ordersOf(tester.id))[0]?.coins).toBe(250);
  });
});

const emailOutboxTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('the earnings history', () => {
  it('lists every change newest first with its reason in words, names the redeemed reward, and pages', async () => {
    const { cookie, tester } = await createLoggedInTester(db(), { coins: 2000 });
    const reward = await createRewardItem(db(), { name: 'Coffee mug', coins: 150 });
    // After the factory's opening balance, which is stamped with the real time.
    const spentAt = new Date(Date.now() + HOUR_MS);
    clock.set(spentAt);
    expect((await spend(cookie, String(reward.id))).json().status).toBe('succeed');
    clock.set(NOW);

    const first = (await get('/api/reward/GetEarningsHistory', cookie)).json();
    expect(first.page).toBe(1);
    expect(first.hasMore).toBe(false);
    expect(first.entries).toEqual([
      { coins: -150, exp: 0, description: 'Reward redeemed: Coffee mug', loggedAt: spentAt.toISOString() },
      expect.objectContaining({ coins: 2000, description: 'Coins and experience' }),
    ]);

    // A page holds historyPageSize entries; the next one holds the rest.
    for (let index = 0; index < REDEEM_LIMITS.historyPageSize; index += 1) {
      await db()
        .insert(coinLedger)
        .values({ testerId: tester.id, coins: 1, reason: 'screener', reference: `s${index}`, createdAt: NOW });
    }
    const paged = (await get('/api/reward/GetEarningsHistory?page=1', cookie)).json();
    expect(paged.entries).toHaveLength(REDEEM_LIMITS.historyPageSize);
    expect(paged.hasMore).toBe(true);
    const second = (await get('/api/reward/GetEarningsHistory?page=2', cookie)).json();
    expect(second.entries).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    expect(paged.entries.some((entry: { description: string }) => entry.description === 'Screener completed')).toBe(true);
  });

  it("shows the compensation of the tester's attended studies, not of booked or cancelled ones, nor another tester's", async () => {
    const { cookie, tester } = await createLoggedInTester(db());
    const other = await createLoggedInTester(db());
    const study = await createStudy(db(), { studyBasicInfo: 'Snack taste test' });
    const ended = new Date(NOW.getTime() - 48 * HOUR_MS);
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      coOpCostCents: 7550,
      sessions: [{ startsAt: new Date(ended.getTime() - 2 * HOUR_MS), endsAt: ended }],
    });
    const booking = { studyNo: study.studyNo, groupId: group.id, startsAt: new Date(ended.getTime() - 2 * HOUR_MS), endsAt: ended };
    await createBooking(db(), { ...booking, testerId: tester.id, status: 'attended' });
    await createBooking(db(), { ...booking, testerId: other.tester.id, status: 'attended' });
    const cancelled = await createStudy(db());
    await createBooking(db(), { testerId: tester.id, studyNo: cancelled.studyNo, status: 'cancelled' });

    expect((await get('/api/reward/GetEarningsHistory', cookie)).json().compensation).toEqual([
      { studyName: 'Snack taste test', attendedAt: ended.toISOString(), amount: 75.5 },
    ]);
  });
});
