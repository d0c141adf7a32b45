import { z } from 'zod';

/** The leaderboard (spec 3, "Leaderboard"; decision 039): the company month's top testers by three counters. */
export const LEADERBOARD_TYPES = {
  coins: 'Deep Pockets',
  referrals: 'Referral Pro',
  screeners: 'Screener Wizard',
} as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[keyof typeof LEADERBOARD_TYPES];

/** How many testers each list names. */
export const LEADERBOARD_SIZE = 10;

export const LEADERBOARD_TEXTS = {
  title: 'Leaderboard',
  period: 'This month',
  empty: 'Nobody is on this board yet this month.',
  failed: 'Failed to get information',
  mine: 'You this month',
  spent: 'Coins spent',
  referred: 'Friends referred',
  screeners: 'Screeners filled',
} as const;

const rankerSchema = z.object({
  type: z.enum([LEADERBOARD_TYPES.coins, LEADERBOARD_TYPES.referrals, LEADERBOARD_TYPES.screeners]),
  username: z.string(),
  imageSrc: z.string(),
  amount: z.number().int(),
});
export type Ranker = z.infer<typeof rankerSchema>;

/** GET /leaderboard/GetRankerList. */
export const rankerListResponseSchema = z.object({
  myInfo: z.object({
    imageSrc: z.string(),
    username: z.string(),
    spendCoins: z.number().int(),
    referralCount: z.number().int(),
    attendScreen: z.number().int(),
  }),
  attendRankers: z.array(rankerSchema),
  coinRankers: z.array(rankerSchema),
  referralRankers: z.array(rankerSchema),
});
export type RankerList = z.infer<typeof rankerListResponseSchema>;
