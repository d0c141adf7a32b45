import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { balanceAndLedger, createTester } from '../../../test/factories.ts';
import { createFakeClock } from '../../core/clock.ts';
import { inTransaction } from '../../core/db/client.ts';
import { coinLedger } from '../../core/db/schema.ts';
import { InsufficientBalanceError } from '../../core/errors.ts';
import { createLedgerService, type LedgerService } from './ledger-service.ts';

/**
 * The ledger (issue 4, section 1; GUIDE section 4): the only writer of coins and experience.
 * Service-level tests against a real database copy.
 */
let ledger: LedgerService;
const clock = createFakeClock('2026-11-20T15:00:00Z');
const changed: string[] = [];

const testApp = useTestApp({ clock });
beforeAll(async () => {
  ledger = createLedgerService(testApp.database.db, { clock, onTesterChanged: (id) => changed.push(id) });
});

const db = () => testApp.database.db;

describe('recording a change', () => {
  it('adds coins and experience, writes one entry at the clock time, and keeps the balance equal to the entries', async () => {
    const tester = await createTester(db(), { coins: 100 });
    const result = await ledger.record({ testerId: tester.id, coins: 25, experience: 40, reason: 'screener', reference: 'study-1' });
    expect(result).toEqual({ status: 'recorded', coins: 125, exp: 40, level: 1 });
    const entries = await db().select().from(coinLedger).where(eq(coinLedger.testerId, tester.id));
    expect(entries.find((entry) => entry.reason === 'screener')).toMatchObject({
      coins: 25,
      experience: 40,
      reference: 'study-1',
      createdAt: new Date('2026-11-20T15:00:00Z'),
    });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 125, exp: 40, ledgerCoins: 125, ledgerExp: 40 });
    expect(changed).toContain(tester.id);
  });

  it('moves the level with the experience, from the level table (100 for level 2, 250 for level 3)', async () => {
    const tester = await createTester(db());
    expect(await ledger.record({ testerId: tester.id, coins: 0, experience: 99, reason: 'survey', reference: 'a' })).toMatchObject({
      level: 1,
    });
    expect(await ledger.record({ testerId: tester.id, coins: 0, experience: 1, reason: 'survey', reference: 'b' })).toMatchObject({
      level: 2,
      exp: 100,
    });
    expect(await ledger.record({ testerId: tester.id, coins: 0, experience: 150, reason: 'survey', reference: 'c' })).toMatchObject({
      level: 3,
    });
  });

  it('pays a (reason, reference) once: the second time records nothing and says so', async () => {
    const tester = await createTester(db());
    const change = { testerId: tester.id, coins: 10, experience: 5, reason: 'daily-bonus', reference: '2026-11-20' };
    expect((await ledger.record(change)).status).toBe('recorded');
    expect(await ledger.record(change)).toEqual({ status: 'alreadyRecorded' });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 10, exp: 5, entries: 1 });
    // The same reference for another reason is another payment.
    expect((await ledger.record({ ...change, reason: 'spin' })).status).toBe('recorded');
  });

  it('refuses a spend larger than the balance, recording nothing', async () => {
    const tester = await createTester(db(), { coins: 30 });
    await expect(
      ledger.record({ testerId: tester.id, coins: -31, experience: 0, reason: 'redeem', reference: 'reward-1' }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 30, ledgerCoins: 30, entries: 1 });
    // Exactly the balance is allowed, down to zero.
    expect(await ledger.record({ testerId: tester.id, coins: -30, experience: 0, reason: 'redeem', reference: 'reward-2' })).toMatchObject({
      coins: 0,
    });
  });

  it('records changes together in order (a spin: its cost, then its win), each once, none when the cost exceeds the balance before the win', async () => {
    const tester = await createTester(db(), { coins: 30 });
    const spin = (reference: string, cost: number, win: number) => [
      { testerId: tester.id, coins: -cost, experience: 0, reason: 'wheelSpin', reference },
      { testerId: tester.id, coins: win, experience: 0, reason: 'wheelWin', reference },
    ];
    // The win would cover it, but the cost is sized on the balance before it.
    await expect(ledger.recordAll(spin('1', 40, 50))).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 30, ledgerCoins: 30, entries: 1 });
    const recorded = { status: 'recorded', coins: 50, exp: 0, level: 1 };
    expect(await ledger.recordAll(spin('2', 30, 50))).toEqual([recorded, recorded]);
    expect(await ledger.recordAll(spin('2', 30, 50))).toEqual([{ status: 'alreadyRecorded' }, { status: 'alreadyRecorded' }]);
    // Only the change not recorded before moves the balance.
    expect(await ledger.recordAll([...spin('3', 10, 0).slice(0, 1), ...spin('2', 0, 50).slice(1)])).toEqual([
      { status: 'recorded', coins: 40, exp: 0, level: 1 },
      { status: 'alreadyRecorded' },
    ]);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 40, ledgerCoins: 40, entries: 4 });
  });

  it('refuses fractions and a change for an unknown tester', async () => {
    const tester = await createTester(db());
    await expect(ledger.record({ testerId: tester.id, coins: 1.5, experience: 0, reason: 'x', reference: 'y' })).rejects.toThrow(TypeError);
    await expect(
      ledger.record({ testerId: '00000000-0000-4000-8000-000000000000', coins: 5, experience: 0, reason: 'x', reference: 'y' }),
    ).rejects.toThrow();
  });
});

describe('inside a unit of work', () => {
  it('rolls back with the caller: a failure after the change leaves neither entry nor balance', async () => {
    const tester = await createTester(db(), { coins: 50 });
    await expect(
      inTransaction(db(), async (tx) => {
        await ledger.record({ testerId: tester.id, coins: 20, experience: 0, reason: 'referral', reference: 'r-1' }, tx);
        throw new Error('the rest of the unit of work failed');
      }),
    ).rejects.toThrow('the rest of the unit of work failed');
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 50, entries: 1 });
  });

  it('lets the caller go on after a refused spend: only the refused change is taken back', async () => {
    const tester = await createTester(db(), { coins: 50 });
    await inTransaction(db(), async (tx) => {
      await ledger.record({ testerId: tester.id, coins: 5, experience: 0, reason: 'survey', reference: 's-1' }, tx);
      await expect(
        ledger.record({ testerId: tester.id, coins: -500, experience: 0, reason: 'redeem', reference: 'big' }, tx),
      ).rejects.toBeInstanceOf(InsufficientBalanceError);
    });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 55, ledgerCoins: 55, entries: 2 });
  });
});

describe('under concurrent requests', () => {
  it('spends 20 times 10 coins at once from 100: exactly 10 go through, the balance ends at 0 and equals the ledger', async () => {
    const tester = await createTester(db(), { coins: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        ledger.record({ testerId: tester.id, coins: -10, experience: 0, reason: 'redeem', reference: `spend-${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof InsufficientBalanceError)).toHaveLength(10);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 0, ledgerCoins: 0, entries: 11 });
  });

  it('takes 20 spins (a cost of 10, a win of 5) at once from 50: exactly 9 go through, the balance ends at 5 and equals the ledger', async () => {
    const tester = await createTester(db(), { coins: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        ledger.recordAll([
          { testerId: tester.id, coins: -10, experience: 0, reason: 'wheelSpin', reference: `spin-${index}` },
          { testerId: tester.id, coins: 5, experience: 0, reason: 'wheelWin', reference: `spin-${index}` },
        ]),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(9);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof InsufficientBalanceError)).toHaveLength(11);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 5, ledgerCoins: 5, entries: 19 });
  });

  it('pays one reward claimed 20 times at once exactly once', async () => {
    const tester = await createTester(db());
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.record({ testerId: tester.id, coins: 15, experience: 10, reason: 'spin', reference: 'week-47' }),
      ),
    );
    expect(results.filter((result) => result.status === 'recorded')).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 15, exp: 10, entries: 1 });
  });

  it('adds 30 different rewards at once without losing one', async () => {
    const tester = await createTester(db());
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        ledger.record({ testerId: tester.id, coins: 3, experience: 1, reason: 'survey', reference: `q-${index}` }),
      ),
    );
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 90, exp: 30, ledgerCoins: 90, entries: 30 });
  });
});
