import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens.ts';

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * `<payload>.<HMAC-SHA256 of it>`, both base64url: URL-safe and readable by anyone, made only by
 * the holder of the secret. `purpose` goes into the signed payload, so that a token made for one
 * use (a self-schedule link) is never accepted for another (a check-in) under the same secret.
 */
export function signJson(purpose: string, payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify({ ...payload, p: purpose })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The payload of a token this server signed for `purpose`, or null for anything else. */
export function verifyJson(purpose: string, token: string, secret: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !safeEqual(signature, mac(secret, body))) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || (parsed as { p?: unknown }).p !== purpose) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}
