/** The cookie's value in `cookies` (the document's now, unless a copy taken earlier is given). */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const found = cookies.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/** A cookie of the whole site that the browser drops at `until` (a dismissed call-out, the login bonus's 'Later'). */
export function writeCookieUntil(name: string, value: string, until: Date): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${until.toUTCString()}; path=/; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string, days: number): void {
  writeCookieUntil(name, value, new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}
