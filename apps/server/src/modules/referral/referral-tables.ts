import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * A friend a tester referred (spec 3, "Referral pages"; decision 036). The code is the join link's
 * `refer`; registering with it links the new tester and moves the referral to Registered, the first
 * attended study to Complete; staff set Bad Number, Outreach, Paid and Closed (a later issue).
 * One referral per person: the same e-mail (any case) or phone is refused by the unique indexes.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    age: integer('age').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    status: text('status').notNull().default('New'),
    /** The tester who registered through the join link. */
    referredTesterId: uuid('referred_tester_id').references(() => testers.id, { onDelete: 'set null' }),
    /** The company month (its first day) the referral counts in for the monthly limit. */
    referredMonth: date('referred_month', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull(),
    /** Set once, when the referrer claimed the reward (null: not redeemed). */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('referrals_code').on(table.code),
    uniqueIndex('referrals_email_lower').on(sql`lower(${table.email})`),
    uniqueIndex('referrals_phone').on(table.phone),
    index('referrals_referrer_month').on(table.referrerId, table.referredMonth),
    index('referrals_referred_tester').on(table.referredTesterId),
    // The staff pipeline (decision 054): newest first, optionally one status.
    index('referrals_status_created').on(table.status, table.createdAt),
    index('referrals_created').on(table.createdAt),
    check('referrals_status', sql`${table.status} in ('New', 'Bad Number', 'Registered', 'Outreach', 'Paid', 'Closed', 'Complete')`),
  ],
);
