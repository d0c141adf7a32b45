/** The daily login bonus (spec 3, "Daily login bonus"; decision 033). */
export const DAILY_BONUS_CYCLE_DAYS = 28;

export const DAILY_BONUS_TEXTS = {
  title: 'Daily login bonus',
  thanks: 'Thanks for visiting today',
  failed: 'Daily Reward Retrieval Failed',
  alreadyReceived: "Today's reward has already been received. Come back tomorrow!",
  whatAreCoins: 'What are coins?',
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
