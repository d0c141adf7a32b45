// The call-out rules the portal's shell needs, apart from the schemas so that it loads no zod.

/** A portal page a call-out may point to: a path under /community/main/ (no other host, no query), so staff-edited data opens no redirect. */
export const isPortalPath = (path: string) => /^\/community\/main\/[A-Za-z0-9/_-]*$/.test(path);

/** The cookie that keeps a dismissed call-out hidden until its end (spec 3, section 3). */
export const calloutDismissedCookie = (rKey: string) => `th_callout_${rKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The cookie that marks a call-out read: it shows collapsed on later pages, until its end (issue 28, item 11). */
export const calloutReadCookie = (rKey: string) => `th_calloutread_${rKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;
