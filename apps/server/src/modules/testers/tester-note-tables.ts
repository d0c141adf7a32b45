import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffMembers } from '../staff/staff-tables.ts';
import { testers } from './tester-tables.ts';

/**
 * Staff notes on a tester (issue 29; decision 116): the company's record about a person, read and
 * written by recruiters. Never shown to the tester nor in their export; gone with the account
 * (cascade), as the privacy module's deletion removes everything that names the tester.
 */
export const testerNotes = pgTable(
  'tester_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    // Restrict, as the audit log: a staff member is disabled, never deleted, so the author stays named.
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The tester's page reads one tester's notes, newest first.
    index('tester_notes_tester_created').on(table.testerId, table.createdAt),
    // The shared schema's bounds (1 to 2,000 characters, trimmed), held by the table too.
    check('tester_notes_text_length', sql`char_length(${table.text}) between 1 and 2000`),
  ],
);
