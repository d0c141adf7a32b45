import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { builtOnce } from '../../core/db/built-once.ts';
import type { Executor } from '../../core/db/client.ts';
import { emailOutbox, UNSENT, type MailAttachment } from './mail-tables.ts';

export interface OutgoingEmail {
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  attachments?: MailAttachment[];
}

/** A message's row, built once (decision 150): a spend and a booking each queue one in their transaction. */
const enqueueStatement = builtOnce((db) =>
  db
    .insert(emailOutbox)
    .values({
      toAddress: sql.placeholder('toAddress'),
      subject: sql.placeholder('subject'),
      html: sql.placeholder('html'),
      text: sql.placeholder('text'),
      kind: sql.placeholder('kind'),
      attachments: sql`${sql.placeholder('attachments')}::jsonb`,
      nextAttemptAt: sql.placeholder('nextAttemptAt'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ id: emailOutbox.id }),
);

export function createOutboxRepository(db: Executor, now: () => Date) {
  return {
    /**
     * The messages addressed to `address` (any case), for the tester's data export (decision 040):
     * what was sent and when, not the bodies (they hold signed links).
     */
    async listFor(address: string) {
      return db
        .select({
          kind: emailOutbox.kind,
          subject: emailOutbox.subject,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`)
        .orderBy(emailOutbox.id);
    },

    /** Removes every message addressed to `address` (any case), sent or waiting: answers how many (decision 040). */
    async deleteFor(address: string) {
      const rows = await db
        .delete(emailOutbox)
        .where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`)
        .returning({ id: emailOutbox.id });
      return rows.length;
    },

    async enqueue(email: OutgoingEmail) {
      const at = now();
      const [row] = await enqueueStatement(db, {
        ...email,
        // SQL null without attachments, as an insert without them wrote (not JSON's null).
        attachments: email.attachments ? JSON.stringify(email.attachments) : null,
        nextAttemptAt: at,
        createdAt: at,
      });
      return row!.id;
    },

    /**
     * Takes due messages for sending. The conditional update marks them 'sending' so two
     * senders never send one message twice; a crash leaves them to be retried after a minute.
     */
    async claimDue(limit: number) {
      const at = now();
      const due = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.status, UNSENT), lte(emailOutbox.nextAttemptAt, at)))
        .orderBy(emailOutbox.id)
        .limit(limit);
      if (due.length === 0) return [];
      return db
        .update(emailOutbox)
        .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + 60_000) })
        .where(
          and(
            inArray(
              emailOutbox.id,
              due.map((row) => row.id),
            ),
            lte(emailOutbox.nextAttemptAt, at),
          ),
        )
        .returning();
    },

    async markSent(id: number) {
      await db.update(emailOutbox).set({ status: 'sent', sentAt: now(), lastError: null }).where(eq(emailOutbox.id, id));
    },

    async markFailed(id: number, error: string, retryAt: Date) {
      await db
        .update(emailOutbox)
        .set({ status: 'pending', lastError: error.slice(0, 500), nextAttemptAt: retryAt })
        .where(eq(emailOutbox.id, id));
    },

    /** How many messages wait to be sent and when the oldest was queued: one statement over the unsent rows' index (the metrics' scrape). */
    async backlog(): Promise<{ unsent: number; oldestQueuedAt: Date | null }> {
      const [row] = await db
        .select({ unsent: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${emailOutbox.createdAt})` })
        .from(emailOutbox)
        .where(inArray(emailOutbox.status, UNSENT));
      return { unsent: row?.unsent ?? 0, oldestQueuedAt: row?.oldest ? new Date(row.oldest) : null };
    },

    /** Newest messages first, for the development mailbox page. */
    async listRecent(limit: number) {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
