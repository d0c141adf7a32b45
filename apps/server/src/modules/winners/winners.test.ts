import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oddsText, wheelResultMessage } from '@testerhub/shared/winners-schemas';
import { latestMail, OUR_PAGE } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester, createTester } from '../../../test/factories.ts';
import { winnersOn } from '../../../test/winners-helpers.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, MINUTE_MS } from '../../core/clock.ts';
import { coinLedger, eventSettings, goldCardDrawings, goldCardEntries, wheelSegments, wheelSpins } from '../../core/db/schema.ts';
import { DEMO_WHEEL } from './winners-seed.ts';
import { drawSegment, LEDGER_REASONS } from './winners-service.ts';

/**
 * Spin the wheel, the weekly gift-card drawing and the winners (spec 3, "Wheel", "Gift-card
 * drawing", section 7 "Wheel and drawings"; decision 037). Weeks run Monday to Sunday in Chicago.
 */

// Wednesday 14 January 2026, noon in Chicago; the week began on Monday the 12th.
const WEDNESDAY = '2026-01-14T18:00:00Z';
const NEXT_MONDAY = '2026-01-19T08:00:00Z';
const clock = createFakeClock(WEDNESDAY);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const get = (url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie, ...OUR_PAGE } });
const json = async (url: string, cookie: string) => (await get(url, cookie)).json();
const spin = (cookie: string) => json('/api/event/ApplyEvent', cookie);

/** Changes the wheel or the figures behind the service's back (no notice): its minute of cache is let run out. */
async function withWheel(segments: { coins: number; rate: number }[], settings: Partial<typeof eventSettings.$inferInsert> = {}) {
  await db().delete(wheelSegments);
  await db().insert(wheelSegments).values(segments);
  await db()
    .update(eventSettings)
    .set({ spinCost: 50, spinsPerWeek: 3, goldCardCost: 100, ...settings });
  clock.advance(2 * MINUTE_MS);
}

describe('the wheel', () => {
  it('GetEventCount: the cost, spins left of the week, the coins, and the nine segments shuffled with their odds', async () => {
    clock.set(WEDNESDAY);
    const { cookie } = await createLoggedInTester(db(), { coins: 420 });
    const count = await json('/api/event/GetEventCount', cookie);
    expect(count).toMatchObject({ coins: 50, count: 3, totalCount: 3, currentCoins: 420 });
    expect(count.winningRate).toHaveLength(9);
    expect([...count.winningRate].sort((a: { coins: number }, b: { coins: number }) => a.coins - b.coins)).toEqual(DEMO_WHEEL);
    expect(oddsText(50)).toBe('1 in 2,000');
    expect(oddsText(30000)).toBe('1 in 4');
  });

  it('draws by the odds with a cryptographic source: each ticket falls in its segment, a segment of rate 0 never comes up', () => {
    const wheel = [
      { id: 1, coins: 10, rate: 70 },
      { id: 2, coins: 999, rate: 0 },
      { id: 3, coins: 20, rate: 30 },
    ];
    expect(drawSegment(wheel, () => 0).coins).toBe(10);
    expect(drawSegment(wheel, () => 69).coins).toBe(10);
    expect(drawSegment(wheel, () => 70).coins).toBe(20);
    expect(drawSegment(wheel, () => 99).coins).toBe(20);
    const drawn = Array.from({ length: 2000 }, () => drawSegment(wheel).coins);
    expect(drawn).not.toContain(999);
    expect(drawn.filter((coins) => coins === 10).length).toBeGreaterThan(1200);
  });

  it('a spin charges the cost and pays the drawn segment through the ledger; three a week, then noSpins until Monday', async () => {
    clock.set(WEDNESDAY);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 1000 });
    let expected = 1000;
    for (const left of [2, 1, 0]) {
      const answer = await spin(cookie);
      expect(answer.status).toBe('succeed');
      expect(answer.count).toBe(left);
      expect(DEMO_WHEEL.map((segment) => segment.coins)).toContain(answer.reward);
      expected += answer.reward - 50;
    }
    expect(await spin(cookie)).toEqual({ status: 'noSpins', reward: 0, count: 0 });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: expected, ledgerCoins: expected });
    expect(await json('/api/event/GetEventCount', cookie)).toMatchObject({ count: 0, currentCoins: expected });

    clock.set(NEXT_MONDAY);
    expect(await json('/api/event/GetEventCount', cookie)).toMatchObject({ count: 3, totalCount: 3 });
  });

  it('the result message: a win is at least twice the cost', () => {
    expect(wheelResultMessage(100, 50)).toBe("Congratulations! You've received 100 coins.");
    expect(wheelResultMessage(75, 50)).toBe("You've received 75 coins. Better luck next time!");
  });

  it('refuses a blackListed tester and charges nothing; checkCoins says what the coins allow', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 500, blackList: true });
    expect(await spin(cookie)).toEqual({ status: 'blackListed', reward: 0, count: 0 });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 500, entries: 1 });
    expect(await json('/api/event/checkCoins', cookie)).toEqual({ checkGiftCard: true, checkWheel: true });
    const poor = await createLoggedInTester(db(), { coins: 60 });
    expect(await json('/api/event/checkCoins', poor.cookie)).toEqual({ checkGiftCard: false, checkWheel: true });
  });

  it('64 simultaneous spins with coins for 3 charge exactly 3', async () => {
    clock.set(WEDNESDAY);
    await withWheel([{ coins: 10, rate: 100000 }], { spinsPerWeek: 100 });
    try {
      // 150 coins: 150 -> 110 -> 70 -> 30, then short of the 50 a spin costs.
      const { tester, cookie } = await createLoggedInTester(db(), { coins: 150 });
      const answers = await Promise.all(Array.from({ length: 64 }, () => spin(cookie)));
      expect(answers.filter((answer) => answer.status === 'succeed')).toHaveLength(3);
      expect(answers.filter((answer) => answer.status === 'notEnoughCoins')).toHaveLength(61);
      const spins = await db().select().from(wheelSpins).where(eq(wheelSpins.testerId, tester.id));
      expect(spins).toHaveLength(3);
      const charges = await db()
        .select()
        .from(coinLedger)
        .where(and(eq(coinLedger.testerId, tester.id), eq(coinLedger.reason, LEDGER_REASONS.spin)));
      expect(charges).toHaveLength(3);
      expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 30, ledgerCoins: 30 });
    } finally {
      await withWheel(DEMO_WHEEL);
    }
  });
});

describe('the weekly gift-card drawing', () => {
  it('one entry a week for 100 coins, then applied ("come back next Monday"); a new week opens it again', async () => {
    clock.set(WEDNESDAY);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 250 });
    expect(await json('/api/event/CheckGoldRewardAvailable', cookie)).toEqual({
      status: 'available',
      goldCardCoin: 100,
      prize: '$25 e-gift card',
      drawingDay: 1,
    });
    expect(await json('/api/event/ApplyGoldCardEvent', cookie)).toEqual({ status: 'succeed', coins: 150 });
    expect(await json('/api/event/ApplyGoldCardEvent', cookie)).toEqual({ status: 'applied', coins: 150 });
    expect(await json('/api/event/CheckGoldRewardAvailable', cookie)).toMatchObject({ status: 'applied' });
    clock.set(NEXT_MONDAY);
    expect(await json('/api/event/CheckGoldRewardAvailable', cookie)).toMatchObject({ status: 'available' });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 150, ledgerCoins: 150 });
  });

  it('64 simultaneous entries make one; short of coins, none is made', async () => {
    clock.set(WEDNESDAY);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 1000 });
    const answers = await Promise.all(Array.from({ length: 64 }, () => json('/api/event/ApplyGoldCardEvent', cookie)));
    expect(answers.filter((answer) => answer.status === 'succeed')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 'applied')).toHaveLength(63);
    expect(await db().select().from(goldCardEntries).where(eq(goldCardEntries.testerId, tester.id))).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 900, ledgerCoins: 900, entries: 2 });

    const poor = await createLoggedInTester(db(), { coins: 99 });
    expect(await json('/api/event/ApplyGoldCardEvent', poor.cookie)).toEqual({ status: 'notEnoughCoins', coins: 99 });
    expect(await db().select().from(goldCardEntries).where(eq(goldCardEntries.testerId, poor.tester.id))).toHaveLength(0);
  });
});

describe('winners', () => {
  it('POST GetWinners: the latest 5 social-giveaway (eCard) or 1 new-tester winners; a count other than 5 or 1 is refused', async () => {
    const { cookie } = await createLoggedInTester(db());
    const post = (payload: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/reward/GetWinners',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const eCard = (await post({ count: 5, type: 'eCard' })).json();
    expect(eCard.length).toBeGreaterThan(0);
    expect(eCard.length).toBeLessThanOrEqual(5);
    expect((await post({ count: 1, type: 'newTester' })).json()).toHaveLength(1);
    expect((await post({ count: 3, type: 'eCard' })).statusCode).toBe(400);
    expect((await post({ count: 5, type: 'other' })).statusCode).toBe(400);
  });

  it('refuses the spin and the entry from another site without our header, and every call without a session', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 500 });
    for (const url of ['/api/event/ApplyEvent', '/api/event/ApplyGoldCardEvent']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
    }
    for (const url of [
      '/api/event/GetEventCount',
      '/api/event/ApplyEvent',
      '/api/event/GetWinnerList',
      '/api/event/CheckGoldRewardAvailable',
    ]) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: OUR_PAGE })).statusCode).toBe(401);
    }
  });
});

describe("Monday's drawing with two server instances", () => {
  const instances = useInstanceDatabases();

  it('draws one winner among the entrants once, e-mails the winner, lists it; a second run and a second instance draw nothing', async () => {
    const drawingClock = createFakeClock('2026-03-04T18:00:00Z'); // Wednesday; the week began on Monday 2 March
    const [first, second] = instances.handles().length > 1 ? instances.handles() : [instances.handles()[0]!, instances.handles()[0]!];
    const one = winnersOn(first!.db, drawingClock);
    const two = winnersOn(second!.db, drawingClock);
    const entrants = await Promise.all([1, 2, 3].map(() => createTester(instances.db(), { coins: 300 })));
    for (const tester of entrants) expect((await one.enterGoldCard(tester.id)).status).toBe('succeed');

    drawingClock.set('2026-03-09T06:05:00Z'); // Monday 00:05 in Chicago (CDT from 8 March)
    const runs = await Promise.all([one.drawDue(), two.drawDue(), one.drawDue()]);
    const drawn = runs.filter((run) => run.status === 'drawn');
    expect(drawn).toHaveLength(1);
    const winnerId = drawn[0]!.status === 'drawn' ? drawn[0]!.winnerId : null;
    expect(entrants.map((tester) => tester.id)).toContain(winnerId);
    const [row] = await instances.db().select().from(goldCardDrawings).where(eq(goldCardDrawings.weekStart, '2026-03-02'));
    expect(row).toMatchObject({ entries: 3, winnerId, prize: '$25 e-gift card' });

    const winner = entrants.find((tester) => tester.id === winnerId)!;
    const mail = await latestMail(first!, winner.email, 'gold-card-winner');
    expect(mail?.subject).toBe('You won the weekly drawing: $25 e-gift card');
    const mails = await instances.db().execute(sql`select count(*)::int as n from email_outbox where kind = 'gold-card-winner'`);
    expect((mails as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    const list = await one.winnerList(entrants[0]!.id);
    expect(list.giftCardWinners[0]).toMatchObject({ username: winner.username, prize: '$25 e-gift card' });
  });
});
