import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from './tester-tables.ts';

/**
 * A pair of accounts a recruiter reviewed as likely duplicates (decision 129): notDuplicate or
 * blockNewer. A reviewed pair is no longer listed and no longer holds either account's screening.
 * The pair is stored once, the lower id first, so two racing reviews of it insert one row.
 */
export const testerDuplicateReviews = pgTable(
  'tester_duplicate_reviews',
  {
    testerLow: uuid('tester_low')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    testerHigh: uuid('tester_high')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    /** The staff console account that reviewed it. */
    reviewedBy: text('reviewed_by').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.testerLow, table.testerHigh] }),
    check('tester_duplicate_reviews_ordered', sql`${table.testerLow} < ${table.testerHigh}`),
    check('tester_duplicate_reviews_outcome', sql`${table.outcome} in ('notDuplicate', 'blockNewer')`),
  ],
);
