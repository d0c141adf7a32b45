/** Public content: types, constants and pure rules shared by the site and the server (no zod here, to keep the browser bundle small). */

/** FAQ groups, in display order (spec 1, section 3). */
export const FAQ_TYPES = [
  { type: 1, label: 'General' },
  { type: 2, label: 'Tester Support' },
  { type: 3, label: 'Tester Rewards' },
  { type: 4, label: 'Privacy Policy' },
] as const;

export interface Faq {
  type: number;
  question: string;
  /** HTML; sanitised before it is rendered. */
  answer: string;
}

/** Winner kinds the site knows; any other winnerTypeDesc counts as a large ($100) online winner. */
export const WINNER_TYPES = {
  newTester: 'NewTester',
  social: 'Facebook',
  online25: 'Online25',
} as const;

export interface Winner {
  winnerTypeDesc: string;
  year: number;
  /** Period label, such as a month or a quarter. */
  winnerTime: string;
  winner: string;
  /** First day of the period (YYYY-MM-DD), for ordering. */
  periodStart: string;
}

export interface ReferralEvent {
  referralComment: string | null;
}

export interface ThemeStyle {
  /** Comma-separated list of colours. */
  styleFile: string;
}

export interface Testimonial {
  name: string;
  city: string;
  quote: string;
}

import type { MapCode } from './map-codes.ts';

export { MAP_CODES, type MapCode } from './map-codes.ts';

export interface TestSite {
  /** The maps page's code; null for a site added in the staff console, which has no maps page (decision 061). */
  mapCode: MapCode | null;
  siteId: string;
  name: string;
  city: string;
  address: string;
  phone: string;
  fax: string;
  tollFree: string;
  timeZone: string;
  airportDirections: { airport: string; directions: string }[];
}

/** Case-insensitive keyword match over question and answer; an empty search keeps everything (spec 1, section 5). */
export function searchFaqs<T extends Pick<Faq, 'question' | 'answer'>>(faqs: readonly T[], keyword: string): T[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...faqs];
  return faqs.filter((faq) => faq.question.toLowerCase().includes(needle) || stripTags(faq.answer).toLowerCase().includes(needle));
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}

export type WinnerGroup = 'newTester' | 'social' | 'online25' | 'onlineLarge';

export function winnerGroupOf(winnerTypeDesc: string): WinnerGroup {
  switch (winnerTypeDesc) {
    case WINNER_TYPES.newTester:
      return 'newTester';
    case WINNER_TYPES.social:
      return 'social';
    case WINNER_TYPES.online25:
      return 'online25';
    default:
      return 'onlineLarge';
  }
}

export interface PeriodWinners {
  winnerTime: string;
  periodStart: string;
  winners: string[];
}

/** Winners of one group in one year, newest period first, each period's names together. */
export function winnersByPeriod(winners: readonly Winner[], group: WinnerGroup, year: number): PeriodWinners[] {
  const periods = new Map<string, PeriodWinners>();
  for (const entry of winners) {
    if (winnerGroupOf(entry.winnerTypeDesc) !== group || entry.year !== year) continue;
    const period = periods.get(entry.periodStart) ?? { winnerTime: entry.winnerTime, periodStart: entry.periodStart, winners: [] };
    period.winners.push(entry.winner);
    periods.set(entry.periodStart, period);
  }
  return [...periods.values()].sort((a, b) => b.periodStart.localeCompare(a.periodStart));
}

/**
 * Online-screener winners of the last month that has any, at or before today's month
 * (spec 1, 2.8: only the last month's are shown), split into $25 and large winners.
 */
export function lastMonthOnlineWinners(winners: readonly Winner[], today: Date) {
  const currentMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  const online = winners.filter((entry) => {
    const group = winnerGroupOf(entry.winnerTypeDesc);
    return (group === 'online25' || group === 'onlineLarge') && entry.periodStart.slice(0, 7) <= currentMonth;
  });
  const latest = online.reduce<string | null>((max, entry) => (max === null || entry.periodStart > max ? entry.periodStart : max), null);
  const ofLatest = online.filter((entry) => entry.periodStart === latest);
  return {
    winnerTime: ofLatest[0]?.winnerTime ?? null,
    online25: ofLatest.filter((entry) => winnerGroupOf(entry.winnerTypeDesc) === 'online25').map((entry) => entry.winner),
    onlineLarge: ofLatest.filter((entry) => winnerGroupOf(entry.winnerTypeDesc) === 'onlineLarge').map((entry) => entry.winner),
  };
}

/** Referral comments worth showing: the non-empty ones (spec 1, section 7). */
export function nonEmptyReferralComments(events: readonly ReferralEvent[]): string[] {
  return events.map((event) => event.referralComment?.trim() ?? '').filter((comment) => comment.length > 0);
}
