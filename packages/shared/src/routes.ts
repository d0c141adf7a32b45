import { AD_CODE_PATTERN, AD_CODE_PREFIXES, AD_ENTRY_CODES, LANDING_ALIAS_PATHS } from './marketing.ts';

/** Home-page sections that have an address of their own (spec 1, section 2.3). */
export const HOME_SECTIONS = ['benefits', 'how', 'about', 'reviews', 'more'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const POPUP_PAGES = [
  'expectation',
  'rewards',
  'faqs',
  'referral',
  'maps/ch',
  'maps/da',
  'maps/ny',
  'maps/la',
  'rules',
  'terms',
  'privacy',
  'biometric-private-policy',
  'cancellation-policy',
  'conditions',
  'community-terms',
  // The tester's redeem popup (spec 3): it asks for a session once loaded (decision 034).
  'redeem-item',
] as const;

/** Popup pages whose whole text is static, so their HTML can be prerendered. */
export const STATIC_POPUP_PAGES = [
  'expectation',
  'rules',
  'terms',
  'privacy',
  'biometric-private-policy',
  'cancellation-policy',
  'conditions',
  'community-terms',
] as const;

/** Public pages whose HTML is rendered at build time (the prerender list). */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  ...HOME_SECTIONS.map((section) => `/${section}`),
  '/covid19',
  '/ie-user',
  '/lp/index',
  '/lp/welcome',
  ...STATIC_POPUP_PAGES.map((page) => `/popup/${page}`),
];

const FIXED_PAGES = new Set<string>([
  '/',
  ...HOME_SECTIONS.map((section) => `/${section}`),
  '/ie-user',
  '/covid19',
  '/lp/index',
  '/lp/welcome',
  ...POPUP_PAGES.map((page) => `/popup/${page}`),
  ...Object.keys(AD_ENTRY_CODES).map((path) => `/${path}`),
  ...AD_CODE_PREFIXES.map((path) => `/${path}`),
  ...LANDING_ALIAS_PATHS.map((path) => `/${path}`),
]);

/** Pages of the entry flows (spec 2); the portal under /community/main/ is decided by the browser app. */
const COMMUNITY_PAGES = new Set<string>([
  // The account root the e-mails link to (/community?k=..., /community?s=&t=&d=, decision 026).
  '/community',
  '/community/join/attention',
  '/community/join/account',
  '/community/join/profile',
  '/community/join/detail',
  '/community/login',
  '/community/changepassword',
  '/community/findinfo/username',
  '/community/findinfo/password',
  '/community/checkconfirmemail',
  // The one-click cancel link of the booking e-mails (decision 027).
  '/community/cancel',
  // Where a deleted account lands (decision 040).
  '/community/accountdeleted',
  '/community/main',
  '/account/checkconfirmemail',
  '/account/confirmemail',
  '/account/resetpassword',
]);

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/**
 * Whether a browser address is a page of the site. The server answers 404 for the rest
 * (still with the app, which shows the not-found page), so crawlers see real status codes.
 */
export function isKnownPagePath(pathname: string): boolean {
  const path = normalise(pathname);
  if (FIXED_PAGES.has(path) || COMMUNITY_PAGES.has(path) || path.startsWith('/community/main/')) return true;
  // The staff console (decision 043): its pages are decided by the browser app, like the portal's.
  if (path === '/staff' || path.startsWith('/staff/')) return true;
  const [, first, second, third] = path.split('/');
  if (first && (AD_CODE_PREFIXES as readonly string[]).includes(first) && second && !third) {
    return AD_CODE_PATTERN.test(second);
  }
  return false;
}

/** Paths on which the top navigation is hidden: account paths and landing paths (spec 1, section 2.3). */
export function isNavHiddenPath(pathname: string): boolean {
  const path = normalise(pathname);
  const first = path.split('/')[1] ?? '';
  const landing = new Set<string>([
    ...Object.keys(AD_ENTRY_CODES),
    ...AD_CODE_PREFIXES,
    ...LANDING_ALIAS_PATHS,
    'community',
    'account',
    'covid19',
  ]);
  return landing.has(first) || path === '/lp/index';
}
