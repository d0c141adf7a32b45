import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from './tester-tables.ts';

/**
 * A pair of accounts a recruiter reviewed as likely duplicates (decision 129): notDuplicate,
 * blockNewer, or mergeNewer (decision 144: the newer account's person moved into the older one). A reviewed pair is no longer listed and no longer holds either account's screening.
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
    check('tester_duplicate_reviews_outcome', sql`${table.outcome} in ('notDuplicate', 'blockNewer', 'mergeNewer')`),
  ],
);

/**
 * Two accounts signed in on one browser (decision 137): the login of one came with the device cookie
 * the server had given the other's login (the brute-force guard's, decision 013 finding 7). The pair
 * is stored once, the lower id first; a weak signal (a family's shared computer), listed, not holding.
 */
export const testerSharedDevices = pgTable(
  'tester_shared_devices',
  {
    testerLow: uuid('tester_low')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    testerHigh: uuid('tester_high')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.testerLow, table.testerHigh] }),
    check('tester_shared_devices_ordered', sql`${table.testerLow} < ${table.testerHigh}`),
  ],
);
