import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { studies } from '../studies/study-tables.ts';
import { testers } from '../testers/tester-tables.ts';

/**
 * An invitation of one tester to screen for one study (issue 10, section 4; decision 026). The
 * e-mailed link's `d` is a signed token naming this row (invitation-token.ts), so nothing secret
 * is stored here. A later staff console creates rows and sends them through `enqueueInvitation`.
 */
export const studyInvitations = pgTable(
  'study_invitations',
  {
    id: serial('id').primaryKey(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When its e-mail was queued (the latest time, if sent again). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The first time the tester opened the link while logged in as the invited tester. */
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    /** The first time the link took the tester on to the study (its screener, or the child notice). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('study_invitations_study_tester').on(table.studyNo, table.testerId),
    index('study_invitations_tester').on(table.testerId),
  ],
);
