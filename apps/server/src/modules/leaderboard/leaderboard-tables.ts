import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * The leaderboard's counters (decision 039): per tester and company month, the coins spent, the
 * friends referred and the screeners filled. Each is moved in the transaction of its event by
 * an upsert (amount = amount + n), so the board is read from here and never counted from the
 * events. One index per counter serves "the month's top N by it" (then tester id, for a stable order).
 */
export const leaderboardMonths = pgTable(
  'leaderboard_months',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    /** The first day of the company month, 'YYYY-MM-01'. */
    month: date('month', { mode: 'string' }).notNull(),
    spentCoins: integer('spent_coins').notNull().default(0),
    referrals: integer('referrals').notNull().default(0),
    screeners: integer('screeners').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.testerId, table.month] }),
    index('leaderboard_months_spent').on(table.month, table.spentCoins.desc(), table.testerId),
    index('leaderboard_months_referrals').on(table.month, table.referrals.desc(), table.testerId),
    index('leaderboard_months_screeners').on(table.month, table.screeners.desc(), table.testerId),
    check('leaderboard_months_not_negative', sql`${table.spentCoins} >= 0 and ${table.referrals} >= 0 and ${table.screeners} >= 0`),
  ],
);
