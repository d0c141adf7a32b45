/** The daily bonus feature's query keys, all in one place (decision 012). */
export const dailyBonusKeys = {
  all: ['daily-bonus'] as const,
  /** CheckLastTimeLogin: whether today's bonus is still to claim (asked once per portal visit). */
  lastLogin: () => [...dailyBonusKeys.all, 'check-last-time-login'] as const,
  /** GetDailyRewardList: the 28-day calendar and today's day of it. */
  rewardList: () => [...dailyBonusKeys.all, 'reward-list'] as const,
};

export const dailyBonusMutationKeys = {
  claim: ['daily-bonus', 'claim'] as const,
};
