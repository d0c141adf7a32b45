import { sessionValues } from '../../lib/browser-storage';

/** Query parameters the account root keeps for later steps (spec 2, sections 2 and 3), under the same keys. */
export const KEPT_QUERY_KEYS = ['s', 't', 'k', 'd', 'e'] as const;

/**
 * Saves the entry parameters of an account-root address in sessionStorage: s, t, k, d and
 * e as they are, refer as referralCode, s with t also as the study and tester pair. ex
 * (from ExternalScr.aspx links) and its sig are kept too on the self-schedule route, so a
 * visitor who has to log in first does not lose them.
 */
export function keepEntryQuery(pathname: string, search: string): void {
  const query = new URLSearchParams(search);
  for (const key of KEPT_QUERY_KEYS) {
    const value = query.get(key);
    if (value) sessionValues.set(key, value);
  }
  const refer = query.get('refer');
  if (refer) sessionValues.set('referralCode', refer);
  const study = query.get('s');
  const tester = query.get('t');
  if (study && tester) {
    sessionValues.set('study', study);
    sessionValues.set('tester', tester);
  }
  const ex = query.get('ex');
  if (ex && pathname.toLowerCase().startsWith('/community/main/schedule/self')) {
    sessionValues.set('ex', ex);
    // The partner's signature of ex (decision 077) travels with it; a stale one must not ride along.
    const sig = query.get('sig');
    if (sig) sessionValues.set('sig', sig);
    else sessionValues.remove('sig');
  }
}

/**
 * A join page other than /community/join/account reached with u: the address registration
 * must continue from (spec 2, section 2), or null.
 */
export function joinRedirectTarget(pathname: string, search: string): string | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (!path.startsWith('/community/join/') || path === '/community/join/account') return null;
  const u = new URLSearchParams(search).get('u');
  return u ? `/community/join/account?${new URLSearchParams({ u })}` : null;
}

/** Theme colours from the comma-separated styleFile, keeping only plain colour values (they go into CSS). */
export function themeColours(styleFile: string): string[] {
  return styleFile
    .split(',')
    .map((colour) => colour.trim())
    .filter((colour) => /^(#[0-9a-f]{3,8}|[a-z]{3,30}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i.test(colour));
}
