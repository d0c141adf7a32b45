import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The proof an outside screener's return carries (decision 077; docs/outside-screener-return.md):
 * `sig` = HMAC-SHA256 keyed by the study's return secret (its UTF-8 bytes) over the token exactly as
 * it was sent out in `tk`, written as 64 hexadecimal digits. Only the partner holds the secret, so
 * the token the tester saw in the outbound address is worth nothing on its own.
 */
export function externalReturnSignature(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token, 'utf8').digest('hex');
}

/** Whether `signature` (hex, either case) is the partner's signature of `token`, compared in constant time. */
export function isExternalReturnSigned(secret: string, token: string, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(token, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
