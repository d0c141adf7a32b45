import { z } from 'zod';
import { DAILY_BONUS_CYCLE_DAYS } from './daily-bonus-rules.ts';

// The cycle, the texts and the icons live apart from the schemas, so that the portal's shell loads no zod.
export { DAILY_BONUS_CYCLE_DAYS, DAILY_BONUS_TEXTS, dailyRewardIcon, type DailyRewardIcon } from './daily-bonus-rules.ts';

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
