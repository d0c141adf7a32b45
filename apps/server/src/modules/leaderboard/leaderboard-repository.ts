import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { leaderboardMonths } from './leaderboard-tables.ts';

export type LeaderboardCounter = 'spentCoins' | 'referrals' | 'screeners';

export interface MonthCounts {
  spentCoins: number;
  referrals: number;
  screeners: number;
}

export function createLeaderboardRepository(db: Executor) {
  return {
    /** The tester's monthly leaderboard counters, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { leaderboardMonths: await db.select().from(leaderboardMonths).where(eq(leaderboardMonths.testerId, testerId)) };
    },

    /** Adds `amount` to one counter of the tester's month: one upsert, exact under concurrent calls. */
    async add(testerId: string, month: string, counter: LeaderboardCounter, amount: number): Promise<void> {
      const column = leaderboardMonths[counter];
      await db
        .insert(leaderboardMonths)
        .values({ testerId, month, [counter]: amount })
        .onConflictDoUpdate({
          target: [leaderboardMonths.testerId, leaderboardMonths.month],
          set: { [counter]: sql`${column} + ${amount}` },
        });
    },

    /** The month's top `limit` testers by a counter (those above zero), highest first. */
    top(month: string, counter: LeaderboardCounter, limit: number): Promise<{ testerId: string; amount: number }[]> {
      const column = leaderboardMonths[counter];
      // "nulls last" as the index has it (a plain desc means nulls first): otherwise PostgreSQL
      // cannot read the order from the index and sorts the whole month (1 s at a million rows).
      return db
        .select({ testerId: leaderboardMonths.testerId, amount: column })
        .from(leaderboardMonths)
        .where(and(eq(leaderboardMonths.month, month), gt(column, 0)))
        .orderBy(sql`${column} desc nulls last`, asc(leaderboardMonths.testerId))
        .limit(limit);
    },

    async countsOf(testerId: string, month: string): Promise<MonthCounts> {
      const [row] = await db
        .select({
          spentCoins: leaderboardMonths.spentCoins,
          referrals: leaderboardMonths.referrals,
          screeners: leaderboardMonths.screeners,
        })
        .from(leaderboardMonths)
        .where(and(eq(leaderboardMonths.testerId, testerId), eq(leaderboardMonths.month, month)));
      return row ?? { spentCoins: 0, referrals: 0, screeners: 0 };
    },
  };
}
