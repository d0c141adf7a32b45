import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with a message; a calendar invitation names its iTIP method (decision 027). */
export interface MailAttachment {
  filename: string;
  content: string;
  calendarMethod?: 'REQUEST' | 'CANCEL';
}

/** The statuses of a message not yet sent: waiting, or claimed by a sender that has not finished. */
export const UNSENT = ['pending', 'sending'];

/** Messages waiting for, or done with, the SMTP sender; a message is never lost when the mail server is down. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Sent messages stay in the table for good; the sender's claim and the metrics' backlog read only
  // the few unsent ones, through this index, not a scan of every message ever sent (decision 094).
  (table) => [
    index('email_outbox_unsent_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
  ],
);
