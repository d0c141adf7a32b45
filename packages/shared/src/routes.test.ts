import { describe, expect, it } from 'vitest';
import { isKnownPagePath, isNavHiddenPath } from './routes.ts';

/** Spec 1, 2.3: the nav is hidden on account paths and on these landing paths. */
const NAV_HIDDEN_LANDING_PATHS = [
  '/columbia',
  '/cl',
  '/cf',
  '/gp',
  '/ppcads',
  '/card',
  '/tw',
  '/yp',
  '/fb',
  '/ffg',
  '/mrkt',
  '/bgc',
  '/community',
  '/covid19',
  '/lp/index',
];

/** Spec 1, 2.1. */
const SITE_PAGES = ['/', '/benefits', '/how', '/about', '/reviews', '/more', '/ie-user', '/covid19', '/lp/index', '/lp/welcome'];
const MARKETING_ENTRY_PATHS = [
  '/columbia',
  '/cl',
  '/cf',
  '/gp',
  '/ppcads',
  '/card',
  '/tw',
  '/yp',
  '/fb',
  '/ffg',
  '/mrkt/ABC12',
  '/mkrt/ABC12',
  '/bgc',
];
const PUBLIC_POPUPS = [
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
].map((page) => `/popup/${page}`);

describe('isNavHiddenPath (spec 1, 2.3)', () => {
  it.each(NAV_HIDDEN_LANDING_PATHS)('hides the nav on %s', (path) => {
    expect(isNavHiddenPath(path)).toBe(true);
  });

  it.each(['/mrkt/AB12', '/community/login', '/community/join/attention', '/community/main/schedule/check', '/account/resetPassword'])(
    'hides the nav below a hidden path: %s',
    (path) => {
      expect(isNavHiddenPath(path)).toBe(true);
    },
  );

  it('ignores case and a trailing slash', () => {
    expect(isNavHiddenPath('/LP/Index/')).toBe(true);
    expect(isNavHiddenPath('/Covid19')).toBe(true);
  });

  it.each([
    '/',
    '/benefits',
    '/how',
    '/about',
    '/reviews',
    '/more',
    '/lp/welcome',
    '/popup/faqs',
    '/ie-user',
    '/no-such-page',
    '/communityx',
    '/lp',
  ])('shows the nav on %s', (path) => {
    expect(isNavHiddenPath(path)).toBe(false);
  });
});

describe('isKnownPagePath (spec 1, 2.1)', () => {
  it.each([...SITE_PAGES, ...MARKETING_ENTRY_PATHS, ...PUBLIC_POPUPS])('knows %s', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it('knows the account root the e-mailed links open (/community?k=..., /community?s&t&d)', () => {
    expect(isKnownPagePath('/community')).toBe(true);
    expect(isKnownPagePath('/Community/')).toBe(true);
  });

  it('ignores case and a trailing slash', () => {
    expect(isKnownPagePath('/Benefits/')).toBe(true);
    expect(isKnownPagePath('/POPUP/Maps/CH')).toBe(true);
  });

  it.each([
    '/no-such-page',
    '/popup/no-such-popup',
    '/popup/maps/xx',
    '/columbia/anything', // each marketing path has a catch-all not-found
    '/gp/more',
    '/mrkt/AB12/extra',
    '/mrkt/not a code',
    '/mrkt/waytoolongadcode123',
    '/lp',
    '/lp/other',
  ])('does not know %s', (path) => {
    expect(isKnownPagePath(path)).toBe(false);
  });
});
