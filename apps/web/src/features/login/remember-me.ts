import { readCookie, writeCookie } from '../../lib/cookies';

/** Remember me keeps the username (never the password) in this cookie, base64-encoded (spec 2, section 4). */
export const REMEMBER_ME_COOKIE = 'rememberMe';
/** The spec leaves the lifetime open: a year, renewed at every login with the box ticked. */
export const REMEMBER_ME_DAYS = 365;

/** Base64 of the UTF-8 bytes, so a username outside Latin-1 does not make btoa throw. */
export function encodeUsername(username: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(username)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeUsername(encoded: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes) || null;
  } catch {
    return null;
  }
}

export function readRememberedUsername(): string | null {
  if (typeof document === 'undefined') return null;
  const stored = readCookie(REMEMBER_ME_COOKIE);
  return stored ? decodeUsername(stored) : null;
}

export function rememberUsername(username: string): void {
  writeCookie(REMEMBER_ME_COOKIE, encodeUsername(username), REMEMBER_ME_DAYS);
}

export function forgetUsername(): void {
  writeCookie(REMEMBER_ME_COOKIE, '', -1);
}
