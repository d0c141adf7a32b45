import type { Executor } from '../../core/db/client.ts';
import { createInvitationSendRepository } from './invitation-send-repository.ts';
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

/** The demo sending's request id: fixed, so the seed's row is recognisable and never doubled. */
export const DEMO_SEND_REQUEST_ID = '00000000-0000-4000-8000-000000005201';

/**
 * A demo sending in the staff console's invitation list (decision 052): demotester1's invitation to
 * the hosted-screener study 24106, shown as already sent on the seed's day. Rows only: the rate
 * sender finds nothing queued, so nothing is e-mailed at start.
 */
export async function seedDemoInvitationSend(tx: Executor, today: Date, demoTesterId: string | undefined): Promise<void> {
  if (!demoTesterId) return;
  const invitation = await createStudyLinkRepository(tx).insertInvitation({ studyNo: 24106, testerId: demoTesterId, createdAt: today });
  const sends = createInvitationSendRepository(tx);
  const send = await sends.insertSend({
    requestId: DEMO_SEND_REQUEST_ID,
    studyNo: 24106,
    filters: { minAge: 18, maxAge: null, siteIds: ['00001'], answerIds: [], notTestedMonths: 6 },
    matched: 1,
    createdBy: 'seed',
    createdAt: today,
  });
  if (send) await sends.insertSentRecipient({ sendId: send.id, invitationId: invitation.id, testerId: demoTesterId, at: today });
}
