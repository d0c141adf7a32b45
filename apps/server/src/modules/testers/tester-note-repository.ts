import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { testerNotes } from './tester-note-tables.ts';

/** Staff notes on a tester (decision 116): a tester's newest notes, a note added, one deleted. */
export function createTesterNoteRepository(db: Executor) {
  return {
    /** One tester's newest `limit` notes (one more, to say whether there are older ones). */
    async listOf(testerId: string, limit: number) {
      return db
        .select({
          id: testerNotes.id,
          staffId: testerNotes.staffId,
          text: testerNotes.text,
          createdAt: testerNotes.createdAt,
        })
        .from(testerNotes)
        .where(eq(testerNotes.testerId, testerId))
        .orderBy(desc(testerNotes.createdAt), desc(testerNotes.id))
        .limit(limit + 1);
    },

    async countOf(testerId: string): Promise<number> {
      const [row] = await db.select({ notes: count() }).from(testerNotes).where(eq(testerNotes.testerId, testerId));
      return Number(row?.notes ?? 0);
    },

    /** Every note on one tester moved to another (a merge, decision 144), author and time kept; how many moved. */
    async moveAll(fromTesterId: string, toTesterId: string): Promise<number> {
      const moved = await db
        .update(testerNotes)
        .set({ testerId: toTesterId })
        .where(eq(testerNotes.testerId, fromTesterId))
        .returning({ id: testerNotes.id });
      return moved.length;
    },

    async insert(note: { testerId: string; staffId: string; text: string; createdAt: Date }) {
      const [row] = await db.insert(testerNotes).values(note).returning({ id: testerNotes.id });
      return row!.id;
    },

    /**
     * Deletes the note only if it is this tester's, written by `staffId` after `writtenAfter`: one
     * conditional statement, so of two deletes at once one deletes and the other finds nothing.
     */
    async deleteOwn(note: { noteId: string; testerId: string; staffId: string; writtenAfter: Date }) {
      const [row] = await db
        .delete(testerNotes)
        .where(
          and(
            eq(testerNotes.id, note.noteId),
            eq(testerNotes.testerId, note.testerId),
            eq(testerNotes.staffId, note.staffId),
            gt(testerNotes.createdAt, note.writtenAfter),
          ),
        )
        .returning({ id: testerNotes.id, text: testerNotes.text, createdAt: testerNotes.createdAt });
      return row ?? null;
    },

    async exists(noteId: string, testerId: string) {
      const [row] = await db
        .select({ id: testerNotes.id })
        .from(testerNotes)
        .where(and(eq(testerNotes.id, noteId), eq(testerNotes.testerId, testerId)));
      return row !== undefined;
    },
  };
}
