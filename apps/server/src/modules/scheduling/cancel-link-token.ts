import { signJson, verifyJson } from '../../core/security/signed-token.ts';

/** What the one-click cancel link of a booking e-mail vouches for (decision 027). */
export interface CancelLinkData {
  bookingId: number;
  testerId: string;
  /** The group the booking was in when the link was mailed: a link from before a change is refused. */
  groupId: string;
  /** The first session's start: the link is void from then on. */
  expiresAt: Date;
}

const PURPOSE = 'cancelBooking';

/** Signed with the study-link secret; its own purpose keeps it from passing as a check-in code or a self-schedule link. */
export function signCancelLinkToken(data: CancelLinkData, secret: string): string {
  return signJson(
    PURPOSE,
    { b: data.bookingId, t: data.testerId, g: data.groupId, e: Math.floor(data.expiresAt.getTime() / 1000) },
    secret,
  );
}

/** The booking a cancel link names, or null for a token this server did not sign for cancelling (expiry is the caller's check). */
export function verifyCancelLinkToken(token: string, secret: string): CancelLinkData | null {
  const parsed = verifyJson(PURPOSE, token, secret);
  if (
    !parsed ||
    typeof parsed.b !== 'number' ||
    typeof parsed.t !== 'string' ||
    typeof parsed.g !== 'string' ||
    typeof parsed.e !== 'number'
  ) {
    return null;
  }
  return { bookingId: parsed.b, testerId: parsed.t, groupId: parsed.g, expiresAt: new Date(parsed.e * 1000) };
}
