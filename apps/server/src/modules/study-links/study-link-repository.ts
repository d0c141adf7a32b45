import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { studyInvitations } from './study-link-tables.ts';

export type InvitationRow = typeof studyInvitations.$inferSelect;

export function createStudyLinkRepository(db: Executor) {
  return {
    /** The tester's study invitations, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { studyInvitations: await db.select().from(studyInvitations).where(eq(studyInvitations.testerId, testerId)) };
    },

    /** Invites the tester to the study; an existing invitation of the pair is kept (and returned). */
    async insertInvitation(invitation: { studyNo: number; testerId: string; createdAt: Date }): Promise<InvitationRow> {
      const [created] = await db.insert(studyInvitations).values(invitation).onConflictDoNothing().returning();
      if (created) return created;
      const [existing] = await db
        .select()
        .from(studyInvitations)
        .where(and(eq(studyInvitations.studyNo, invitation.studyNo), eq(studyInvitations.testerId, invitation.testerId)))
        .limit(1);
      return existing!;
    },

    async findInvitation(id: number): Promise<InvitationRow | null> {
      const [row] = await db.select().from(studyInvitations).where(eq(studyInvitations.id, id)).limit(1);
      return row ?? null;
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db.update(studyInvitations).set({ sentAt: at }).where(eq(studyInvitations.id, id));
    },

    /** The first click only: a later one leaves the time alone. */
    async markClicked(id: number, at: Date): Promise<void> {
      await db
        .update(studyInvitations)
        .set({ clickedAt: at })
        .where(and(eq(studyInvitations.id, id), isNull(studyInvitations.clickedAt)));
    },

    async markAnswered(id: number, at: Date): Promise<void> {
      await db
        .update(studyInvitations)
        .set({ answeredAt: at })
        .where(and(eq(studyInvitations.id, id), isNull(studyInvitations.answeredAt)));
    },

    /** A study's invited testers (their e-mail queued) and those who opened the link, in one statement (decision 122). */
    async invitationFunnel(studyNo: number) {
      const [row] = await db
        .select({
          invited: sql<number>`count(*) filter (where ${studyInvitations.sentAt} is not null)::int`,
          clicked: sql<number>`count(*) filter (where ${studyInvitations.clickedAt} is not null)::int`,
        })
        .from(studyInvitations)
        .where(eq(studyInvitations.studyNo, studyNo));
      return row!;
    },
  };
}
