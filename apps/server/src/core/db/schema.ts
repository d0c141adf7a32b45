import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Every table of the database, for the Drizzle client and drizzle-kit. Each module owns its
// tables in its own *-tables.ts; only core/db (client, seed) reads them all from here.
export * from '../../modules/public-content/public-content-tables.ts';
export * from '../../modules/testers/tester-tables.ts';
export * from '../../modules/testers/tester-note-tables.ts';
export * from '../../modules/testers/duplicate-tables.ts';
export * from '../../modules/ledger/ledger-tables.ts';
export * from '../../modules/auth/session-tables.ts';
export * from '../../modules/mail/mail-tables.ts';
export * from '../../modules/registration/registration-tables.ts';
export * from '../../modules/studies/study-tables.ts';
export * from '../../modules/screening/screening-tables.ts';
export * from '../../modules/scheduling/scheduling-tables.ts';
export * from '../../modules/children/children-tables.ts';
export * from '../../modules/recovery/recovery-tables.ts';
export * from '../../modules/profile/profile-tables.ts';
export * from '../../modules/about-me/about-me-tables.ts';
export * from '../../modules/quick-survey/quick-survey-tables.ts';
export * from '../../modules/study-links/study-link-tables.ts';
export * from '../../modules/daily-bonus/daily-bonus-tables.ts';
export * from '../../modules/winners/winners-tables.ts';
export * from '../../modules/perks/perks-tables.ts';
export * from '../../modules/callouts/callout-tables.ts';
export * from '../../modules/redeem/redeem-tables.ts';
export * from '../../modules/referral/referral-tables.ts';
export * from '../../modules/leaderboard/leaderboard-tables.ts';
export * from '../../modules/terms/terms-tables.ts';
export * from '../../modules/staff/staff-tables.ts';
export * from '../../modules/rate-limits/rate-limit-tables.ts';

/** One row per applied seed, so the demo data goes in once and only once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
