import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client.ts';
import { staffMessagesSent } from '../scheduling-tables.ts';

export type SentMessageRow = typeof staffMessagesSent.$inferSelect;

/** The log of messages staff sent (decision 123). */
export function createStaffMessageRepository(db: Executor) {
  return {
    /** Logs a send; null when a send with the same request id is already logged (it queues nobody again). */
    async insertOnce(row: typeof staffMessagesSent.$inferInsert): Promise<SentMessageRow | null> {
      const [inserted] = await db
        .insert(staffMessagesSent)
        .values(row)
        .onConflictDoNothing({ target: staffMessagesSent.requestId })
        .returning();
      return inserted ?? null;
    },

    async byRequestId(requestId: string): Promise<SentMessageRow | null> {
      const [row] = await db.select().from(staffMessagesSent).where(eq(staffMessagesSent.requestId, requestId)).limit(1);
      return row ?? null;
    },

    /** The study's sends, newest first (at most `limit`). */
    ofStudy(studyNo: number, limit: number): Promise<SentMessageRow[]> {
      return db
        .select()
        .from(staffMessagesSent)
        .where(eq(staffMessagesSent.studyNo, studyNo))
        .orderBy(desc(staffMessagesSent.sentAt), desc(staffMessagesSent.id))
        .limit(limit);
    },
  };
}
