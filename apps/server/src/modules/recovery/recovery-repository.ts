import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { emailClicks } from './recovery-tables.ts';

export function createRecoveryRepository(db: Executor, now: () => Date) {
  return {
    /** The tester's clicks on tracked e-mail links, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { emailClicks: await db.select().from(emailClicks).where(eq(emailClicks.testerId, testerId)) };
    },

    async recordClick(testerId: string, eCode: string) {
      // The first click on a link is the one kept; a repeat (or a flood) writes nothing.
      await db.insert(emailClicks).values({ testerId, eCode, clickedAt: now() }).onConflictDoNothing();
    },
  };
}
