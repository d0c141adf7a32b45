import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/** The 28 days of the login bonus calendar and what each pays (data for the staff console to edit). */
export const dailyRewardDays = pgTable(
  'daily_reward_days',
  {
    day: integer('day').primaryKey(),
    coins: integer('coins').notNull(),
    experience: integer('experience').notNull(),
    /** The calendar's version, the same on all 28 rows: raised by each staff save, which refuses an older one (decision 056). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('daily_reward_days_in_cycle', sql`${table.day} between 1 and 28`),
    check('daily_reward_days_pay', sql`${table.coins} >= 0 and ${table.experience} >= 0`),
  ],
);

/**
 * One row per tester: where the tester is in the bonus cycle and how many days the tester came this
 * month (decision 033). Both move by one conditional upsert per day, so two requests (or two
 * server instances) on the same day move them once. The ledger keeps the history of the payments.
 */
export const dailyVisits = pgTable(
  'daily_visits',
  {
    testerId: uuid('tester_id')
      .primaryKey()
      .references(() => testers.id, { onDelete: 'cascade' }),
    /** The company day of the last visit and the first day of its month. */
    lastVisitDay: date('last_visit_day', { mode: 'string' }).notNull(),
    visitMonth: date('visit_month', { mode: 'string' }).notNull(),
    visitDaysInMonth: integer('visit_days_in_month').notNull(),
    /** The last day a bonus was claimed and its day of the cycle (0: never claimed). */
    lastClaimDay: date('last_claim_day', { mode: 'string' }),
    cycleDay: integer('cycle_day').notNull().default(0),
  },
  (table) => [check('daily_visits_cycle_day', sql`${table.cycleDay} between 0 and 28`)],
);
