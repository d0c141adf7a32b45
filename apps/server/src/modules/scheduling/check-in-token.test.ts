import { describe, expect, it } from 'vitest';
import { signJson } from '../../core/security/signed-token.ts';
import { signCheckInToken, verifyCheckInToken } from './check-in-token.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('check-in token', () => {
  it('names the booking, tester and study it was made for', () => {
    const token = signCheckInToken({ bookingId: 5, testerId: 't-1', studyNo: 24101 }, SECRET);
    expect(verifyCheckInToken(token, SECRET)).toEqual({ bookingId: 5, testerId: 't-1', studyNo: 24101 });
  });

  it('refuses a token of another purpose under the same secret (a self-schedule link), and one signed with another secret', () => {
    const link = signJson('studyLink', { t: 't-1', s: 24101, q: null, i: 1_800_000_000 }, SECRET);
    expect(verifyCheckInToken(link, SECRET)).toBeNull();
    expect(verifyCheckInToken(signCheckInToken({ bookingId: 5, testerId: 't-1', studyNo: 24101 }, `${SECRET}x`), SECRET)).toBeNull();
  });
});
