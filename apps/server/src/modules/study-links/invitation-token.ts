import { signJson, verifyJson } from '../../core/security/signed-token.ts';

/** What an invitation link's `d` vouches for: invitation `invitationId` of this tester to this study, sent at `issuedAt`. */
export interface InvitationData {
  invitationId: number;
  testerId: string;
  studyNo: number;
  /** Seconds since the epoch when the link was made (it lasts STUDY_LINK_VALID_DAYS from then). */
  issuedAt: number;
}

/** Its own purpose: a self-schedule link's `d` (purpose 'studyLink') is never read as an invitation, nor the other way round. */
const PURPOSE = 'invitation';

export function signInvitationData(data: InvitationData, secret: string): string {
  return signJson(PURPOSE, { n: data.invitationId, t: data.testerId, s: data.studyNo, i: data.issuedAt }, secret);
}

/** The data of an invitation token this server signed, or null for anything else. */
export function verifyInvitationData(token: string, secret: string): InvitationData | null {
  const parsed = verifyJson(PURPOSE, token, secret);
  if (
    !parsed ||
    typeof parsed.n !== 'number' ||
    typeof parsed.t !== 'string' ||
    typeof parsed.s !== 'number' ||
    typeof parsed.i !== 'number'
  )
    return null;
  return { invitationId: parsed.n, testerId: parsed.t, studyNo: parsed.s, issuedAt: parsed.i };
}
