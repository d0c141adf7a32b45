import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limiters' fixed windows, shared by every server instance on this database (decision
 * 062). One row per limited key ("login-address:ip:1.2.3.4"); a window past its end counts again
 * from one, and rows past their end are swept.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_windows_reset_at').on(table.resetAt)],
);
