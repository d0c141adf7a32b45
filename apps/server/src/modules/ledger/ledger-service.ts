import type { Clock } from '../../core/clock.ts';
import { cachedRead } from '../../core/cached-read.ts';
import { LOYALTY_SETTINGS_CACHE_MS } from '../../core/db/loyalty-settings-notice.ts';
import { afterCommit, inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import type { BusinessCounters } from '../../core/metrics/app-metrics.ts';
import { InsufficientBalanceError } from '../../core/errors.ts';
import {
  createLedgerRepository,
  writeEntriesCountingSpent,
  type LedgerEntryInput,
  type LedgerPageQuery,
  type SpentCoinsCounter,
} from './ledger-repository.ts';

export type { SpentCoinsCounter } from './ledger-repository.ts';

export type LedgerChange = LedgerEntryInput;

export type LedgerResult = { status: 'recorded'; coins: number; exp: number; level: number } | { status: 'alreadyRecorded' };

/** A take-back of an earlier credit (decision 080): the positive amounts owed, with the reason and reference of the take-back itself. */
export type TakeBackChange = LedgerChange;

/** What a take-back took and what it could not take because it was already spent; nothing twice. */
export type TakeBackResult =
  | { status: 'recorded'; coins: number; experience: number; shortfallCoins: number; shortfallExperience: number }
  | { status: 'alreadyRecorded' };

export interface LevelProgress {
  level: number;
  exp: number;
  /** Experience the next level needs, or 'Max' at the top level. */
  nextLevelExp: number | 'Max';
  remainExp: number;
}

/** Level progress from the level table: the next level's requirement and what is left to earn. */
export function levelProgress(level: number, exp: number, table: readonly { level: number; expRequired: number }[]): LevelProgress {
  const next = table.find((row) => row.level === level + 1);
  if (!next) return { level, exp, nextLevelExp: 'Max', remainExp: 0 };
  return { level, exp, nextLevelExp: next.expRequired, remainExp: Math.max(0, next.expRequired - exp) };
}

/**
 * The one owner of coins and experience (GUIDE section 4). Every reward, spend and claim is a
 * `record` call: an entry row and the balance move together in one transaction (the caller's
 * unit of work when `tx` is given), a balance never goes below zero, and a second change with
 * the same (tester, reason, reference) records nothing and says so.
 */
export function createLedgerService(
  db: Database,
  deps: {
    clock: Clock;
    /** Told of every change of a tester's balance, on the executor it was made on (the session cache forgets them, decision 011). */
    onTesterChanged: (testerId: string, executor: Executor) => void;
    /** The leaderboard's counter of coins spent (decision 039), moved by the statement that records a spend (decision 150). */
    spentCoins?: SpentCoinsCounter;
    /** Coins paid and spent, counted once committed (decision 094); a take-back is neither. Absent in a few tests. */
    counters?: Pick<BusinessCounters, 'coinsPaid' | 'coinsSpent'>;
  },
) {
  const repository = createLedgerRepository(db);
  // A write of debits counts the coins it spends in the leaderboard's month, in the same statement.
  const writeCountingSpent = deps.spentCoins ? writeEntriesCountingSpent(deps.spentCoins.countedSql) : undefined;
  // The level table, kept in memory until a staff save on any instance drops it (the LOYALTY_SETTINGS_CHANNEL notice, decision 056).
  const levels = cachedRead(LOYALTY_SETTINGS_CACHE_MS, () => repository.listLevels(), deps.clock.nowMs);

  /**
   * Changes of one tester recorded together, in order (a spin's cost, then its win): each is
   * recorded once per (tester, reason, reference), none unless the balance moved by each in turn
   * stays at or above zero (InsufficientBalanceError), in one statement after the lock a debit
   * takes (issue 27). In the caller's unit of work when `tx` is given.
   */
  async function recordAll(changes: readonly LedgerChange[], tx?: Executor): Promise<LedgerResult[]> {
    if (changes.length === 0) return [];
    if (changes.some((change) => !Number.isInteger(change.coins) || !Number.isInteger(change.experience)))
      throw new TypeError('Ledger amounts are whole numbers.');
    const testerId = changes[0]!.testerId;
    // recordEntries writes the entries and the balance or nothing, so a refused change leaves the
    // caller's transaction as it was, free to go on or give up: no savepoint needed. A spend also
    // moves the leaderboard's counter, in the same statement.
    const countingSpent = writeCountingSpent && { write: writeCountingSpent, month: deps.spentCoins!.month() };
    const work = async (executor: Executor): Promise<LedgerResult[]> => {
      const outcomes = await createLedgerRepository(executor).recordEntries(changes, deps.clock.now(), countingSpent);
      if (outcomes.some((outcome) => outcome.status === 'refused')) throw new InsufficientBalanceError(testerId);
      return outcomes.map((outcome) =>
        outcome.status === 'recorded'
          ? { status: 'recorded', coins: outcome.coins, exp: outcome.exp, level: outcome.level }
          : { status: 'alreadyRecorded' },
      );
    };
    const results = tx ? await work(tx) : await inTransaction(db, work);
    if (results.some((result) => result.status === 'recorded')) {
      deps.onTesterChanged(testerId, tx ?? db);
      const { counters } = deps;
      changes.forEach((change, index) => {
        if (counters && change.coins !== 0 && results[index]!.status === 'recorded')
          afterCommit(tx ?? db, () => (change.coins > 0 ? counters.coinsPaid.inc(change.coins) : counters.coinsSpent.inc(-change.coins)));
      });
    }
    return results;
  }

  /** One change: recordAll of one. */
  const record = async (change: LedgerChange, tx?: Executor): Promise<LedgerResult> => (await recordAll([change], tx))[0]!;

  /**
   * Takes back an earlier credit (decision 080): as much of the owed coins and experience as the
   * balance still holds, never below zero, on the tester's row locked for the sizing and the
   * UPDATE; the rest is recorded on the entry as its shortfall. Once per (tester, reason,
   * reference), like `record`. Not a spend: the leaderboard's counter is not told.
   */
  async function takeBack(change: TakeBackChange, tx?: Executor): Promise<TakeBackResult> {
    if (!Number.isInteger(change.coins) || !Number.isInteger(change.experience) || change.coins < 0 || change.experience < 0)
      throw new TypeError('A take-back owes whole, positive amounts.');
    const result = await inTransaction(
      db,
      async (executor): Promise<TakeBackResult> => {
        const ledger = createLedgerRepository(executor);
        const balance = await ledger.lockedBalance(change.testerId);
        if (!balance) throw new InsufficientBalanceError(change.testerId);
        const coins = Math.min(change.coins, balance.coins);
        const experience = Math.min(change.experience, balance.exp);
        const shortfall = { shortfallCoins: change.coins - coins, shortfallExperience: change.experience - experience };
        const entry = { ...change, coins: -coins, experience: -experience, ...shortfall };
        // Sized on the balance locked above: the entry and its change in one statement, no second lock.
        const outcome = await ledger.writeEntry(entry, deps.clock.now());
        if (outcome.status !== 'recorded') return { status: 'alreadyRecorded' as const };
        return { status: 'recorded' as const, coins, experience, ...shortfall };
      },
      tx,
    );
    if (result.status === 'recorded') deps.onTesterChanged(change.testerId, tx ?? db);
    return result;
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    record,
    recordAll,
    takeBack,
    /** What the tester's entry of this reason and reference paid, null when none (an undone attendance's take-back, decision 111). */
    paidFor: (testerId: string, reason: string, reference: string, tx?: Executor) =>
      createLedgerRepository(tx ?? db).entryAmounts(testerId, reason, reference),
    /** Coins of these reasons written in [from, to), per reason and the subject its reference names (decision 122). */
    coinsByReasonAndSubject: (reasons: readonly string[], from: Date, to: Date) => repository.coinsByReasonAndSubject(reasons, from, to),
    balance: (testerId: string) => repository.balance(testerId),
    /**
     * A page of the tester's changes, newest first (the earnings history, decision 034): `limit`
     * entries after skipping `offset`. The ledger's tables are read nowhere else.
     */
    history: (testerId: string, { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {}) =>
      repository.entriesFor(testerId, limit, offset),
    /** The staff table's page of the tester's changes, sorted and filtered, with the total the filter keeps (decision 136). */
    historyPage: (testerId: string, query: LedgerPageQuery) => repository.entriesPage(testerId, query),
    /** Drops the kept level table: staff saved it on some instance (decision 056). */
    forgetLevels: () => levels.forget(),
    /**
     * The levels table's top level as stored now, not the kept copy: what a staff check of a perk's
     * or a picture's level needs (decisions 064 and 068).
     */
    highestLevel: async () => (await repository.listLevels()).at(-1)?.level ?? 1,
    /**
     * The top level inside the caller's transaction, the level rows share-locked first (decision
     * 071's lock order: levels, then the perk or the pictures), so a levels save cannot remove it
     * before the caller commits.
     */
    lockedHighestLevel: (tx: Executor) => createLedgerRepository(tx).lockedTopLevel(),
    async levelProgress(level: number, exp: number): Promise<LevelProgress> {
      return levelProgress(level, exp, await levels());
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
