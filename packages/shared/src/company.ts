import type { Language } from './i18n.ts';

/**
 * Company details used by the site, e-mails and legal texts. These are placeholder values:
 * a deployment changes them here, in one place, and no component holds them as literals.
 */
export const COMPANY = {
  name: 'TesterHub Research',
  legalName: 'TesterHub Research, Inc.',
  communityName: 'TesterHub',
  foundedYear: 1957,
  testerCount: '10,000',
  corporateSiteUrl: '/about',
  supportPhone: '(800) 555-0142',
  supportEmail: 'support@testerhub.example',
  privacyEmail: 'privacy@testerhub.example',
  withdrawalPhone: '(800) 555-0199',
  supportHours: 'Monday to Friday, 9am-5pm CST',
  /** The same hours for a Spanish reader (issue 28): change both together. */
  supportHoursEs: 'de lunes a viernes, de 9 a.m. a 5 p.m. CST',
  /** Where Tester Services works: winners' dates are shown on its calendar (the server's LOYALTY_TIME_ZONE default). */
  timeZone: 'America/Chicago',
  mailingAddress: '100 Research Plaza, Suite 400, Chicago, IL 60601',
  social: [
    { label: 'Facebook', href: '/popup/referral' },
    { label: 'Instagram', href: '/popup/rewards' },
    { label: 'X', href: '/popup/faqs' },
  ],
} as const;

/** Tester Services' hours in the reader's language, for a text's `{hours}` slot. */
export function supportHoursIn(language: Language): string {
  return language === 'es' ? COMPANY.supportHoursEs : COMPANY.supportHours;
}

/** Date from which a cancelled session earns no compensation (spec 3, section 9). */
export const NO_COMPENSATION_FOR_CANCELLATION_SINCE = '10/1/2020';
/**
 * Hours of notice for a change or cancellation as the prerendered policy texts state it (spec 3
 * says 12 in one place and 24 in another). The server's SCHEDULE_NOTICE_HOURS enforces the window
 * and defaults to 24 (decision 022); keep the two equal. The schedule pages show the server's own
 * number (noticeHours).
 */
export const CANCELLATION_NOTICE_HOURS = 24;
/** Days within which a problem with a redeemed reward must be reported (spec 3). */
export const REDEEM_REPORTING_WINDOW_DAYS = 30;
/** Biometric data is destroyed after this many days without clocking in (spec 3). */
export const BIOMETRIC_RETENTION_DAYS = 90;
/** Nobody under this age is registered online or has data collected (spec 2 and 3). */
export const MINIMUM_ONLINE_AGE = 13;

/** Date (ISO) from which the legal and policy texts apply; change it whenever their wording changes. */
export const LEGAL_TEXTS_EFFECTIVE_DATE = '2025-01-01';
/** State whose law governs the Terms of Use (where the company has its main office). */
export const GOVERNING_LAW_STATE = 'Illinois';
