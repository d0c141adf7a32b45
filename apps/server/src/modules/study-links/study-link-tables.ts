import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * One sending from the staff console (issue 12 section 3; decision 052): a recruiter's filters for
 * a study, how many testers matched, and who sent it. `request_id` is the form's idempotency key:
 * a double submit finds the first row and queues nobody again.
 */
export const invitationSends = pgTable(
  'invitation_sends',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id').notNull(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    matched: integer('matched').notNull(),
    /** The staff member who sent it (the staff console's account id). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('invitation_sends_request').on(table.requestId), index('invitation_sends_created').on(table.createdAt)],
);

/**
 * A tester a sending reaches, queued set-based with the sending; the rate sender moves each to
 * 'sent' (its e-mail written to the outbox) or 'skipped' (e-mail turned off meanwhile), at most
 * INVITATION_MAILS_PER_MINUTE in any minute across every instance (decision 052).
 */
export const invitationRecipients = pgTable(
  'invitation_recipients',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => invitationSends.id, { onDelete: 'cascade' }),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => studyInvitations.id, { onDelete: 'cascade' }),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.sendId, table.testerId] }),
    // The sender takes the oldest queued first; the rate counts what left in the last minute.
    index('invitation_recipients_queued')
      .on(table.sendId, table.testerId)
      .where(sql`${table.state} = 'queued'`),
    index('invitation_recipients_sent_at')
      .on(table.sentAt)
      .where(sql`${table.sentAt} is not null`),
    index('invitation_recipients_invitation').on(table.invitationId),
    check('invitation_recipients_state', sql`${table.state} in ('queued', 'sent', 'skipped')`),
  ],
);
