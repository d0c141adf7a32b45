export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

export function writeCookie(name: string, value: string, days: number): void {
  writeCookieUntil(name, value, new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

/** A cookie the browser drops at `until` (a dismissed call-out stays hidden until its end). */
export function writeCookieUntil(name: string, value: string, until: Date): void {
  const expires = until.toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}
