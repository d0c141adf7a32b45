import { signJson, verifyJson } from '../../core/security/signed-token.ts';

/** What the schedule check's QR code vouches for: this booking of this tester in this study. */
export interface CheckInData {
  bookingId: number;
  testerId: string;
  studyNo: number;
}

const PURPOSE = 'checkIn';

/**
 * The check-in token a site's scanner reads from the QR code (issue 10 section 3; the staff
 * console verifies it). Signed, so a tester cannot make one for another booking; it carries no
 * expiry because the booking itself is checked when it is scanned (live, at that session).
 */
export function signCheckInToken(data: CheckInData, secret: string): string {
  return signJson(PURPOSE, { b: data.bookingId, t: data.testerId, s: data.studyNo }, secret);
}

/** The booking a check-in token names, or null for a token this server did not sign for check-in. */
export function verifyCheckInToken(token: string, secret: string): CheckInData | null {
  const parsed = verifyJson(PURPOSE, token, secret);
  if (!parsed || typeof parsed.b !== 'number' || typeof parsed.t !== 'string' || typeof parsed.s !== 'number') return null;
  return { bookingId: parsed.b, testerId: parsed.t, studyNo: parsed.s };
}
