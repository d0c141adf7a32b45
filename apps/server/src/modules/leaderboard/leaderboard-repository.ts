import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { builtOnce } from '../../core/db/built-once.ts';
import { resultRows, type Executor, type SqlFragment } from '../../core/db/client.ts';
import { leaderboardMonths } from './leaderboard-tables.ts';

export type LeaderboardCounter = 'spentCoins' | 'referrals' | 'screeners';

export interface MonthCounts {
  spentCoins: number;
  referrals: number;
  screeners: number;
}

/** A month's top list as one JSON array of { testerId, amount }, in the list's order. */
type TopList = { testerId: string; amount: number }[];

/**
 * The spent-coins counter of the tester's `month` moved by `amount` when it is above zero, as a
 * data-modifying piece of another module's statement (decision 052's way; decision 150): the
 * ledger counts a spend in the statement that records it, one round trip fewer. The same upsert
 * as `add`, exact under concurrent calls.
 */
export const countSpentCoinsSql = (testerId: SQL, month: SQL, amount: SQL): SqlFragment => sql`
  insert into ${leaderboardMonths} (tester_id, month, spent_coins)
  select ${testerId}::uuid, ${month}::date, spent.amount from (select (${amount})::integer as amount) as spent where spent.amount > 0
  on conflict (tester_id, month) do update set spent_coins = ${leaderboardMonths.spentCoins} + excluded.spent_coins`;

/** The upsert of `add`, one per counter, built once (decision 150): a referral and a screener send it. */
const addStatement = (counter: LeaderboardCounter) =>
  builtOnce((db) =>
    db
      .insert(leaderboardMonths)
      .values({ testerId: sql.placeholder('testerId'), month: sql.placeholder('month'), [counter]: sql.placeholder('amount') })
      .onConflictDoUpdate({
        target: [leaderboardMonths.testerId, leaderboardMonths.month],
        set: { [counter]: sql`${leaderboardMonths[counter]} + ${sql.placeholder('amount')}` },
      }),
  );
const addStatements = {
  spentCoins: addStatement('spentCoins'),
  referrals: addStatement('referrals'),
  screeners: addStatement('screeners'),
};

export function createLeaderboardRepository(db: Executor) {
  /** The month's top `limit` testers by a counter (those above zero), highest first. */
  function top(month: string, counter: LeaderboardCounter, limit: number) {
    const column = leaderboardMonths[counter];
    // "nulls last" as the index has it (a plain desc means nulls first): otherwise PostgreSQL
    // cannot read the order from the index and sorts the whole month (1 s at a million rows).
    return db
      .select({ testerId: leaderboardMonths.testerId, amount: column })
      .from(leaderboardMonths)
      .where(and(eq(leaderboardMonths.month, month), gt(column, 0)))
      .orderBy(sql`${column} desc nulls last`, asc(leaderboardMonths.testerId))
      .limit(limit);
  }

  /** `top` as a JSON array inside a larger statement (its ten rows ordered again as the list has them). */
  const topAsJson = (month: string, counter: LeaderboardCounter, limit: number) => {
    const amount = sql.identifier(leaderboardMonths[counter].name);
    return sql`(select coalesce(json_agg(json_build_object('testerId', t.tester_id, 'amount', t.${amount})
      order by t.${amount} desc, t.tester_id), '[]'::json) from ${top(month, counter, limit)} t)`;
  };

  return {
    /** The tester's monthly leaderboard counters, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { leaderboardMonths: await db.select().from(leaderboardMonths).where(eq(leaderboardMonths.testerId, testerId)) };
    },

    /** Adds `amount` to one counter of the tester's month: one upsert, exact under concurrent calls. */
    async add(testerId: string, month: string, counter: LeaderboardCounter, amount: number): Promise<void> {
      await addStatements[counter](db, { testerId, month, amount });
    },

    top,

    /**
     * GetRankerList's reads in one statement (issue 27): the tester's counters of the month and the
     * month's three top lists, each read by its index as `top` is.
     */
    async monthBoard(testerId: string, month: string, limit: number) {
      const [row] = resultRows<{ mine: MonthCounts | null; spent: TopList; referred: TopList; screened: TopList }>(
        await db.execute(sql`
          select
            (select json_build_object('spentCoins', ${leaderboardMonths.spentCoins}, 'referrals', ${leaderboardMonths.referrals},
                'screeners', ${leaderboardMonths.screeners})
              from ${leaderboardMonths}
              where ${and(eq(leaderboardMonths.testerId, testerId), eq(leaderboardMonths.month, month))}) as mine,
            ${topAsJson(month, 'spentCoins', limit)} as spent,
            ${topAsJson(month, 'referrals', limit)} as referred,
            ${topAsJson(month, 'screeners', limit)} as screened`),
      );
      return {
        mine: row!.mine ?? { spentCoins: 0, referrals: 0, screeners: 0 },
        spent: row!.spent,
        referred: row!.referred,
        screened: row!.screened,
      };
    },
  };
}
