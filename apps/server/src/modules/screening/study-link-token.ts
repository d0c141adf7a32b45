import { signJson, verifyJson } from '../../core/security/signed-token.ts';

/** What the `d` of the self-schedule address vouches for: this tester qualified for this study (and quota) at this time. */
export interface StudyLinkData {
  testerId: string;
  studyNo: number;
  quotaId: number | null;
  /** The child this link schedules (the kid GUID, decision 029); absent for the tester themself. */
  childId?: string | null;
  /** Seconds since the epoch when it was issued (the scheduling issue decides how long it lasts). */
  issuedAt: number;
}

const PURPOSE = 'studyLink';

/** A signed token (core/security/signed-token.ts): nobody without STUDY_LINK_SECRET can make one. */
export function signStudyLinkData(data: StudyLinkData, secret: string): string {
  return signJson(
    PURPOSE,
    { t: data.testerId, s: data.studyNo, q: data.quotaId, i: data.issuedAt, ...(data.childId ? { k: data.childId } : {}) },
    secret,
  );
}

/** The data of a study-link token this server signed, or null for anything else. */
export function verifyStudyLinkData(token: string, secret: string): StudyLinkData | null {
  const parsed = verifyJson(PURPOSE, token, secret);
  if (!parsed || typeof parsed.t !== 'string' || typeof parsed.s !== 'number' || typeof parsed.i !== 'number') return null;
  return {
    testerId: parsed.t,
    studyNo: parsed.s,
    quotaId: typeof parsed.q === 'number' ? parsed.q : null,
    issuedAt: parsed.i,
    ...(typeof parsed.k === 'string' ? { childId: parsed.k } : {}),
  };
}
