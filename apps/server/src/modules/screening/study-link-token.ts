import { createHmac } from 'node:crypto';
import { safeEqual } from '../../core/security/tokens.ts';

/** What the `d` of the self-schedule address vouches for: this tester qualified for this study (and quota) at this time. */
export interface StudyLinkData {
  testerId: string;
  studyNo: number;
  quotaId: number | null;
  /** Seconds since the epoch when it was issued (the scheduling issue decides how long it lasts). */
  issuedAt: number;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** `<payload>.<HMAC-SHA256 of it>`, both base64url: URL-safe, and nobody without STUDY_LINK_SECRET can make one. */
export function signStudyLinkData(data: StudyLinkData, secret: string): string {
  const body = Buffer.from(JSON.stringify({ t: data.testerId, s: data.studyNo, q: data.quotaId, i: data.issuedAt })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The data of a token this server signed, or null for anything else. */
export function verifyStudyLinkData(token: string, secret: string): StudyLinkData | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !safeEqual(signature, mac(secret, body))) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { t: string; s: number; q: number | null; i: number };
    return { testerId: parsed.t, studyNo: parsed.s, quotaId: parsed.q, issuedAt: parsed.i };
  } catch {
    return null;
  }
}
