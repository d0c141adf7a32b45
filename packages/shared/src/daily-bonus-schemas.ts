import { z } from 'zod';

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

export const dailyRewardListResponseSchema = z.object({
  status: z.literal('succeed'),
  /** Today's day of the cycle: the one to claim, or the one claimed today. Earlier days are received. */
  day: z.number().int().min(1).max(DAILY_BONUS_CYCLE_DAYS),
  /** Whether today's day was already claimed. */
  receivedToday: z.boolean(),
  rewards: z.array(z.object({ day: z.number().int(), coins: z.number().int(), exp: z.number().int() })),
});
export type DailyRewardList = z.infer<typeof dailyRewardListResponseSchema>;

export const dailyRewardResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), day: z.number().int(), reward: z.number().int(), exp: z.number().int() }),
  z.object({ status: z.literal('alreadyReceived'), reward: z.literal(0), exp: z.literal(0) }),
]);
export type DailyRewardAnswer = z.infer<typeof dailyRewardResponseSchema>;
