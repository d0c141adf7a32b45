/** Business constants shown on the public site (spec 1, sections 1 and 9). */

export const COOKIE_POLICY_ACCEPT = 'cookiePolicyAccept';
export const COOKIE_POLICY_LIFETIME_DAYS = 365;

/** Session storage key under which an ad-entry path leaves its ad type. */
export const AD_TYPE_STORAGE_KEY = 'adType';
/** Ad type assumed when a visitor did not come through an ad path (spec 2). */
export const DEFAULT_AD_TYPE = '0O';

/** Ad-entry paths with a fixed ad type (spec 1, section 2.6). */
export const AD_ENTRY_CODES: Readonly<Record<string, string>> = {
  gp: '2E',
  card: '3T',
  tw: '2G',
  yp: '3F',
  fb: '2A',
};

/** Paths whose ad type is the segment after them: /mrkt/{adcode}; mkrt is a spelling found in the original. */
export const AD_CODE_PREFIXES = ['mrkt', 'mkrt'] as const;

/** An ad code from /mrkt/{adcode}: letters and digits, short, so nothing odd reaches storage. */
export const AD_CODE_PATTERN = /^[A-Za-z0-9]{1,12}$/;

/** Marketing entry paths that show the landing page itself (no ad type of their own). */
export const LANDING_ALIAS_PATHS = ['columbia', 'cl', 'cf', 'ppcads', 'ffg', 'bgc'] as const;

export const TESTS_PER_YEAR_CLAIM = '3-4';
export const REVIEW_PHOTO_COUNT = 18;

export const NEW_TESTER_DRAWING = {
  prize: '$50 gift card',
  winnersPerQuarter: 1,
  drawingDates: ['3/31', '6/30', '9/30', '12/1'],
} as const;

export const ONLINE_SCREENER_PRIZES = ['$25 gift card', '$100 gift card'] as const;

export const REFERRAL_TERMS = {
  checkMailedWithinDays: 30,
  referralContactedWithinDays: 10,
  monthlyLimit: 10,
} as const;

export const RULES_CONSTANTS = {
  arriveEarlyMinutes: '10-15',
  childrenNotLeftAloneUnder: 12,
  noShowsForSuspension: 2,
  noShowWindowMonths: 3,
  suspensionMonths: 6,
} as const;

/** Text shown where a winners section has nothing yet (spec 1, section 8). */
export function noWinnersYetText(year: number): string {
  return `Come back later as we start to select the winners for ${year}`;
}

export const IE_USER_MESSAGE = "We don't support any of old IE version. Please use Chrome, FireFox, or others";

/** Old Internet Explorer (versions up to 11) as seen in its user agent. */
export function isOldInternetExplorer(userAgent: string | undefined): boolean {
  return !!userAgent && /MSIE \d|Trident\/\d/.test(userAgent);
}
