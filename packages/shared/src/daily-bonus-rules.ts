import en from './locales/en/daily-bonus.json';

/** The daily login bonus (spec 3, "Daily login bonus"; decision 033). */
export const DAILY_BONUS_CYCLE_DAYS = 28;

/** The spec's texts in English, for the tests that look for them (the page reads daily-bonus.json in the tester's language). */
export const DAILY_BONUS_TEXTS = {
  title: en.title,
  thanks: en.thanks,
  failed: en.failed,
  alreadyReceived: en.alreadyReceived,
  whatAreCoins: en.whatAreCoins,
} as const;

/**
 * The coin icon of a calendar day (spec 3, section 9): every 7th day gold, the 28th special;
 * up to day 14 the icons are stacks, after it single coins (silver, gold on the 21st).
 */
export type DailyRewardIcon = 'silver-stack' | 'gold-stack' | 'silver-single' | 'gold-single' | 'special';

export function dailyRewardIcon(day: number): DailyRewardIcon {
  if (day === DAILY_BONUS_CYCLE_DAYS) return 'special';
  const gold = day % 7 === 0;
  if (day <= 14) return gold ? 'gold-stack' : 'silver-stack';
  return gold ? 'gold-single' : 'silver-single';
}
