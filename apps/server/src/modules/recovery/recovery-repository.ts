import type { Executor } from '../../core/db/client.ts';
import { emailClicks } from './recovery-tables.ts';

export function createRecoveryRepository(db: Executor, now: () => Date) {
  return {
    async recordClick(testerId: string, eCode: string) {
      // The first click on a link is the one kept; a repeat (or a flood) writes nothing.
      await db.insert(emailClicks).values({ testerId, eCode, clickedAt: now() }).onConflictDoNothing();
    },
  };
}
