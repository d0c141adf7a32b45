import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session ids, e-mailed codes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256, so a leaked table opens nothing. The
 * one-shot crypto.hash: a third of createHash's cost, and it runs on every authenticated request.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
