import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * The versions of the terms testers accept (issue 12, "the legal texts with versions"; decision 041).
 * The current version is the highest one whose `published_at` has come: a version may be published
 * ahead of the day it applies from. The summaries say in a few lines what changed, in each language.
 */
export const termsVersions = pgTable(
  'terms_versions',
  {
    version: integer('version').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    summaryEn: text('summary_en').notNull(),
    summaryEs: text('summary_es').notNull(),
  },
  (table) => [check('terms_versions_positive', sql`${table.version} > 0`), index('terms_versions_published').on(table.publishedAt)],
);

/**
 * Which versions each tester accepted and when: one row per acceptance, never changed, so the history
 * stays (the tester's accepted version is the highest here). Registration writes the first row.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    version: integer('version')
      .notNull()
      .references(() => termsVersions.version),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.testerId, table.version] })],
);
