import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * Every change of a tester's coins and experience: who, how much, why (reason), for what
 * (reference: a study, a survey, a day, a spin, a referral) and when. testers.coins and
 * testers.exp are kept in step in the same transaction by the ledger module, their only writer.
 * The unique index makes each (reason, reference) payable to a tester once.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    /** Coins added (positive) or spent (negative). The column kept its first name. */
    coins: integer('amount').notNull(),
    experience: integer('experience').notNull().default(0),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A take-back (decision 080) that found less than it was owed: the coins and experience it could
     * not take because the tester had already spent them. Staff read it in the data export; 0 elsewhere.
     */
    shortfallCoins: integer('shortfall_coins').notNull().default(0),
    shortfallExperience: integer('shortfall_experience').notNull().default(0),
  },
  (table) => [
    uniqueIndex('coin_ledger_once_per_reference').on(table.testerId, table.reason, table.reference),
    // The earnings history reads a tester's newest changes first.
    index('coin_ledger_tester_time').on(table.testerId, table.createdAt),
    // A take-back that found nothing to take still records what it was owed.
    check(
      'coin_ledger_changes_something',
      sql`${table.coins} <> 0 or ${table.experience} <> 0 or ${table.shortfallCoins} <> 0 or ${table.shortfallExperience} <> 0`,
    ),
    check('coin_ledger_shortfall_not_negative', sql`${table.shortfallCoins} >= 0 and ${table.shortfallExperience} >= 0`),
  ],
);

/** Experience needed to reach each level; the last row is Max. Version: the same on every row, raised by each staff save (decision 056). */
export const levels = pgTable('levels', {
  level: integer('level').primaryKey(),
  expRequired: integer('exp_required').notNull(),
  version: integer('version').notNull().default(1),
});
