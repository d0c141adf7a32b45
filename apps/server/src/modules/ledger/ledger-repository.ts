import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { builtOnce } from '../../core/db/built-once.ts';
import { resultRows, type Executor, type SqlFragment } from '../../core/db/client.ts';
// The balance columns of testers (coins, exp, level) belong to the ledger: it is their only writer.
// eslint-disable-next-line no-restricted-imports -- the one sanctioned write to another module's table
import { testers } from '../testers/tester-tables.ts';
import { coinLedger, levels } from './ledger-tables.ts';

/** A page of a tester's ledger as the staff table asks it; `reasons`: null keeps every entry. */
export interface LedgerPageQuery {
  sort: 'createdAt' | 'coins' | 'experience';
  dir: 'asc' | 'desc';
  reasons: { named: readonly string[]; others: boolean; listed: readonly string[] } | null;
  limit: number;
  offset: number;
}

export interface LedgerEntryInput {
  testerId: string;
  coins: number;
  experience: number;
  reason: string;
  reference: string;
  /** What a take-back could not take (decision 080). */
  shortfallCoins?: number;
  shortfallExperience?: number;
}

export type EntryOutcome =
  { status: 'recorded'; coins: number; exp: number; level: number } | { status: 'alreadyRecorded' } | { status: 'refused' };

/** The level `exp` experience reaches in the level table (1 when the table is empty). */
const levelFor = (exp: SQL) => sql`(select coalesce(max(${levels.level}), 1) from ${levels} where ${levels.expRequired} <= ${exp})`;

/**
 * The entries of one change as arrays, one element an entry: a change of one entry and a spin's
 * cost and win send the same statement text (built once, decision 150).
 */
function entryValues(entries: readonly LedgerEntryInput[], at: Date) {
  const testerId = entries[0]!.testerId;
  if (entries.some((entry) => entry.testerId !== testerId)) throw new TypeError('Entries written together belong to one tester.');
  return {
    testerId,
    at: at.toISOString(),
    coins: entries.map((entry) => entry.coins),
    experience: entries.map((entry) => entry.experience),
    reasons: entries.map((entry) => entry.reason),
    references: entries.map((entry) => entry.reference),
    shortfallCoins: entries.map((entry) => entry.shortfallCoins ?? 0),
    shortfallExperience: entries.map((entry) => entry.shortfallExperience ?? 0),
  };
}

/** What writeEntries answers when it wrote something: the balance after and the entries written, as JSON. */
interface WrittenRow {
  coins: number;
  exp: number;
  level: number;
  written: [string, string][] | string;
}

/**
 * The leaderboard's counter of coins spent, as the leaderboard module offers it (decision 150): a
 * data-modifying piece of SQL over its own table, given the tester, the month and the amount, and
 * the month it counts in now.
 */
export interface SpentCoinsCounter {
  countedSql: (testerId: SQL, month: SQL, amount: SQL) => SqlFragment;
  month: () => string;
}

/**
 * The entries (from the arrays of entryValues, in order) and the balance change in one statement
 * (writeEntries); with `countedSql`, the coins the entries written spend are counted in the
 * leaderboard's month (the `month` placeholder) by the same statement.
 */
const writeEntriesSql = (countedSql?: SpentCoinsCounter['countedSql']) => sql`
  with written as (
    insert into ${coinLedger} (tester_id, amount, experience, reason, reference, created_at, shortfall_coins, shortfall_experience)
    select ${sql.placeholder('testerId')}::uuid, amount, experience, reason, reference, ${sql.placeholder('at')}::timestamptz,
      shortfall_coins, shortfall_experience
    from unnest(${sql.placeholder('coins')}::int[], ${sql.placeholder('experience')}::int[], ${sql.placeholder('reasons')}::text[],
      ${sql.placeholder('references')}::text[], ${sql.placeholder('shortfallCoins')}::int[], ${sql.placeholder('shortfallExperience')}::int[])
      with ordinality as given(amount, experience, reason, reference, shortfall_coins, shortfall_experience, position)
    order by position
    on conflict (tester_id, reason, reference) do nothing
    returning amount, experience, reason, reference
  )${
    countedSql
      ? sql`, counted as (${countedSql(
          sql`${sql.placeholder('testerId')}`,
          sql`${sql.placeholder('month')}`,
          sql`(select coalesce(-sum(written.amount), 0) from written where written.amount < 0)`,
        )})`
      : sql``
  }
  update ${testers}
  set coins = ${testers.coins} + (select coalesce(sum(written.amount), 0) from written),
    exp = ${testers.exp} + (select coalesce(sum(written.experience), 0) from written),
    level = ${levelFor(sql`${testers.exp} + (select coalesce(sum(written.experience), 0) from written)`)}
  where ${testers.id} = ${sql.placeholder('testerId')}::uuid and exists (select 1 from written)
  returning ${testers.coins} as coins, ${testers.exp} as exp, ${testers.level} as level,
    (select json_agg(json_build_array(written.reason, written.reference)) from written) as written`;

/** writeEntries' statement, built once: every ledger write sends it. */
const writeEntriesStatement = builtOnce(() => writeEntriesSql());

/** writeEntries' statement counting the coins spent (decision 150), built once for the ledger service's counter. */
export const writeEntriesCountingSpent = (countedSql: SpentCoinsCounter['countedSql']) => builtOnce(() => writeEntriesSql(countedSql));

/** A write that counts what it spends: its statement, and the leaderboard's month now. */
interface CountingSpent {
  write: ReturnType<typeof writeEntriesCountingSpent>;
  month: string;
}

/** The balance, its row locked (lockedBalance), built once: every debit sends it. */
const lockedBalanceStatement = builtOnce((db) =>
  db
    .select({ coins: testers.coins, exp: testers.exp })
    .from(testers)
    .where(eq(testers.id, sql.placeholder('testerId')))
    .for('no key update')
    .limit(1),
);

/** One outcome per entry from what writeEntries answered: the balance after for each entry written, alreadyRecorded for the others. */
function outcomesOf(entries: readonly LedgerEntryInput[], [moved]: WrittenRow[]): EntryOutcome[] {
  if (!moved) return entries.map(() => ({ status: 'alreadyRecorded' }));
  const writtenKeys = new Set(
    (typeof moved.written === 'string' ? (JSON.parse(moved.written) as [string, string][]) : moved.written).map(
      ([reason, reference]) => `${reason}\u0000${reference}`,
    ),
  );
  const balance = { status: 'recorded', coins: Number(moved.coins), exp: Number(moved.exp), level: Number(moved.level) } as const;
  return entries.map((entry) => (writtenKeys.has(`${entry.reason}\u0000${entry.reference}`) ? balance : { status: 'alreadyRecorded' }));
}

export function createLedgerRepository(db: Executor) {
  /**
   * The balance, its row locked until the caller's commit: a change and a take-back size themselves
   * on it (decision 080). FOR NO KEY UPDATE, the lock an UPDATE of the balance takes anyway: it
   * does not wait for the key-share locks that the caller's own inserts referring to the tester
   * (an order, a booking) hold, so two callers cannot deadlock on them.
   */
  async function lockedBalance(testerId: string) {
    const rows = await lockedBalanceStatement(db, { testerId });
    return rows[0] ?? null;
  }

  /**
   * The entries (of one tester) and the balance change in one statement, when the caller made sure
   * the balance allows them (credits, or debits on the balance it locked): the balance moves by
   * the entries written, so a second change with the same tester, reason and reference writes
   * nothing. One outcome per entry, in order.
   */
  async function writeEntries(entries: readonly LedgerEntryInput[], at: Date, countingSpent?: CountingSpent): Promise<EntryOutcome[]> {
    const values = entryValues(entries, at);
    const spends = countingSpent && entries.some((entry) => entry.coins < 0);
    const result = spends
      ? await countingSpent.write(db, { ...values, month: countingSpent.month })
      : await writeEntriesStatement(db, values);
    return outcomesOf(entries, resultRows<WrittenRow>(result));
  }

  /** One entry and its balance change in one statement (writeEntries of one). */
  const writeEntry = async (entry: LedgerEntryInput, at: Date): Promise<EntryOutcome> => (await writeEntries([entry], at))[0]!;

  return {
    /** Every coin and experience entry of the tester, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { coinLedger: await db.select().from(coinLedger).where(eq(coinLedger.testerId, testerId)).orderBy(asc(coinLedger.id)) };
    },

    /**
     * The entries of one tester (a change, or a spin's cost and win) and their balance change in
     * one round trip when none is a debit, two when one is (issue 27; no savepoint). For a debit the
     * tester's row is locked first, so changes of one tester take turns and the second statement
     * sees the balance the change before it left. The entries are written only when the balance,
     * moved by each in turn, stays at or above zero, and the balance moves only by the entries
     * written (a second change with the same tester, reason and reference writes nothing): nothing
     * is written unless everything is. The level follows the experience through the level table.
     */
    async recordEntries(entries: readonly LedgerEntryInput[], at: Date, countingSpent?: CountingSpent): Promise<EntryOutcome[]> {
      const testerId = entries[0]!.testerId;
      // Credits cannot take a balance below zero: they need no look at the balance first, and the
      // UPDATE of writeEntries takes the row's lock. Debits size themselves on the locked balance.
      if (entries.some((entry) => entry.coins < 0 || entry.experience < 0)) {
        const balance = await lockedBalance(testerId);
        let coins = balance?.coins ?? 0;
        let exp = balance?.exp ?? 0;
        const stays = entries.every((entry) => (coins += entry.coins) >= 0 && (exp += entry.experience) >= 0);
        if (!balance || !stays) {
          // Changes recorded before say so even when they could not be paid again.
          const earlier = await db
            .select({ reason: coinLedger.reason, reference: coinLedger.reference })
            .from(coinLedger)
            .where(
              and(
                eq(coinLedger.testerId, testerId),
                or(...entries.map((entry) => and(eq(coinLedger.reason, entry.reason), eq(coinLedger.reference, entry.reference)))),
              ),
            );
          return entries.map(() => (earlier.length === entries.length ? { status: 'alreadyRecorded' } : { status: 'refused' }));
        }
      }
      return writeEntries(entries, at, countingSpent);
    },

    writeEntry,

    lockedBalance,

    /** The amounts of the tester's entry of this reason and reference, or null when there is none. */
    async entryAmounts(testerId: string, reason: string, reference: string) {
      const [row] = await db
        .select({ coins: coinLedger.coins, experience: coinLedger.experience })
        .from(coinLedger)
        .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, reason), eq(coinLedger.reference, reference)))
        .limit(1);
      return row ?? null;
    },

    async balance(testerId: string) {
      const rows = await db
        .select({ coins: testers.coins, exp: testers.exp, level: testers.level })
        .from(testers)
        .where(eq(testers.id, testerId))
        .limit(1);
      return rows[0] ?? null;
    },

    async entriesFor(testerId: string, limit: number, offset: number) {
      return db
        .select()
        .from(coinLedger)
        .where(eq(coinLedger.testerId, testerId))
        .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
        .limit(limit)
        .offset(offset);
    },

    /**
     * A page of the tester's entries sorted on `sort` (ties newest first), kept to the reasons the
     * filter names (decision 136), and how many entries the filter keeps.
     */
    async entriesPage(testerId: string, query: LedgerPageQuery) {
      const column = { createdAt: coinLedger.createdAt, coins: coinLedger.coins, experience: coinLedger.experience }[query.sort];
      const reasons = query.reasons;
      const kept = and(
        eq(coinLedger.testerId, testerId),
        reasons === null
          ? undefined
          : or(
              reasons.named.length > 0 ? inArray(coinLedger.reason, [...reasons.named]) : sql`false`,
              reasons.others ? notInArray(coinLedger.reason, [...reasons.listed]) : sql`false`,
            ),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(coinLedger)
          .where(kept)
          .orderBy(query.dir === 'asc' ? asc(column) : desc(column), desc(coinLedger.createdAt), desc(coinLedger.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(coinLedger)
          .where(kept),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },

    /**
     * Coins of the given reasons written in [from, to), summed per reason and subject in one
     * statement (the payments report, decision 122). The subject is what the reference names
     * first: the booking's id of a `booking:{id}[:{round}]` reference, else its first part (a
     * study's number, `{studyNo}` or `{studyNo}:child:{kid}`).
     */
    async coinsByReasonAndSubject(reasons: readonly string[], from: Date, to: Date) {
      if (reasons.length === 0) return [];
      const subject = sql<string>`case when ${coinLedger.reference} like 'booking:%' then split_part(${coinLedger.reference}, ':', 2) else split_part(${coinLedger.reference}, ':', 1) end`;
      return db
        .select({ reason: coinLedger.reason, subject, coins: sql<number>`sum(${coinLedger.coins})::int` })
        .from(coinLedger)
        .where(and(inArray(coinLedger.reason, [...reasons]), gte(coinLedger.createdAt, from), lt(coinLedger.createdAt, to)))
        .groupBy(sql`1`, sql`2`);
    },

    async listLevels() {
      return db.select().from(levels).orderBy(asc(levels.level));
    },

    /**
     * The levels table's top level, its rows share-locked until the caller's commit: the first lock
     * of a perk or picture save (decision 071), so a levels save (which locks the rows to replace
     * them) and such a save take turns. A levels save committing while this waits leaves the
     * locked rows deleted and the statement with none; a new statement sees and locks the new rows.
     */
    async lockedTopLevel(): Promise<number> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const rows = await db.select({ level: levels.level }).from(levels).orderBy(asc(levels.level)).for('share');
        if (rows.length > 0) return rows.at(-1)!.level;
      }
      return 1;
    },

    /**
     * The level table replaced whole (decision 056) if it is still at `expected` (0: no table yet),
     * `thresholds[i]` being level i + 1's experience; false when someone else saved first. The
     * conditional UPDATE locks every row, so a second save from the same version waits, then finds
     * them gone and matches nothing.
     */
    async saveLevels(expected: number, thresholds: readonly number[]): Promise<boolean> {
      const rows = thresholds.map((expRequired, index) => ({ level: index + 1, expRequired, version: expected + 1 }));
      if (expected === 0) {
        const inserted = await db.insert(levels).values(rows).onConflictDoNothing().returning({ level: levels.level });
        return inserted.length === rows.length;
      }
      const held = await db
        .update(levels)
        .set({ version: sql`${levels.version} + 1` })
        .where(eq(levels.version, expected))
        .returning({ level: levels.level });
      if (held.length === 0) return false;
      await db.delete(levels);
      await db.insert(levels).values(rows);
      return true;
    },

    /** Moves every tester whose level the table now puts elsewhere to the level their experience reaches; their ids. */
    async relevelTesters(): Promise<string[]> {
      const rows = await db
        .update(testers)
        .set({ level: levelFor(sql`${testers.exp}`) })
        .where(sql`${testers.level} <> ${levelFor(sql`${testers.exp}`)}`)
        .returning({ id: testers.id });
      return rows.map((row) => row.id);
    },
  };
}
