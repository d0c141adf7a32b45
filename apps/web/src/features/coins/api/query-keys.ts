/** The coins feature's query keys, all in one place (decision 012). */
export const coinsKeys = {
  all: ['coins'] as const,
  /** GetCurrentCoin: the balance on the coins page and in the redeem popup. */
  current: () => [...coinsKeys.all, 'current'] as const,
  /** GetRewardList: the reward catalogue. */
  rewards: () => [...coinsKeys.all, 'rewards'] as const,
  /** GetEarningsHistory: one page of the earnings history. */
  earnings: (page: number) => [...coinsKeys.all, 'earnings', page] as const,
};

export const coinsMutationKeys = {
  spend: ['coins', 'spend'] as const,
};
