import type { Executor } from '../../core/db/client.ts';
import { createStudyLinkRepository } from './study-link-repository.ts';

/**
 * Demo invitations (decision 026), rows only: nothing is e-mailed (a later staff console sends them
 * through enqueueInvitation). demotester1's cover each answer of the link flow: 24101 (booked there:
 * ts), 24104 (a kid study: child), 24106 (hosted screener: succeed), 24107 (outside screener:
 * external), 24108 (recruit target reached: noSeat) and 24109 (closed: noSeat); changeme01 is
 * invited to the Dallas focus group 24102.
 */
export const DEMO_INVITATIONS: Record<string, readonly number[]> = {
  demotester1: [24101, 24104, 24106, 24107, 24108, 24109],
  changeme01: [24102],
};

export async function seedDemoInvitations(tx: Executor, today: Date, testerIds: ReadonlyMap<string, string>): Promise<void> {
  const repository = createStudyLinkRepository(tx);
  for (const [username, studyNos] of Object.entries(DEMO_INVITATIONS)) {
    const testerId = testerIds.get(username);
    if (!testerId) continue;
    for (const studyNo of studyNos) await repository.insertInvitation({ studyNo, testerId, createdAt: today });
  }
}
