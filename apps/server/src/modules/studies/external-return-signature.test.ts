import { describe, expect, it } from 'vitest';
import { externalReturnSignature, isExternalReturnSigned } from './external-return-signature.ts';

/** The partner's side of decision 077, as docs/outside-screener-return.md gives it: the worked example must stay true. */
const SECRET = 'example-return-secret-7f3a9c2e51d84b06a1c9';
const TOKEN = 'q3Jx0bV9sT2kLmN8pZ4wY6uE1rA5cD7fG0hI2jK4lMo';
const SIGNATURE = '030e81543c6254a8809c9d5f0740d9b991c7a0094707e7d9ad944466efbd26fd';

describe('the outside screener’s return signature', () => {
  it('is the documented example: HMAC-SHA256 of the token with the secret, in hex', () => {
    expect(externalReturnSignature(SECRET, TOKEN)).toBe(SIGNATURE);
    expect(isExternalReturnSigned(SECRET, TOKEN, SIGNATURE)).toBe(true);
    expect(isExternalReturnSigned(SECRET, TOKEN, SIGNATURE.toUpperCase())).toBe(true);
  });

  it('refuses another token, another secret, a changed digit and what is not 64 hex digits', () => {
    expect(isExternalReturnSigned(SECRET, `${TOKEN}x`, SIGNATURE)).toBe(false);
    expect(isExternalReturnSigned(`${SECRET}x`, TOKEN, SIGNATURE)).toBe(false);
    expect(isExternalReturnSigned(SECRET, TOKEN, `${SIGNATURE.slice(0, -1)}e`)).toBe(false);
    for (const malformed of ['', SIGNATURE.slice(2), `${SIGNATURE}00`, `${SIGNATURE.slice(0, -1)}g`])
      expect(isExternalReturnSigned(SECRET, TOKEN, malformed)).toBe(false);
  });
});
