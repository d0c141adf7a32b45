/** The redeem feature's query keys, all in one place (decision 012). */
export const redeemKeys = {
  all: ['redeem'] as const,
  /** GetCurrentCoin: the balance on the coins page and in the redeem popup. */
  current: () => [...redeemKeys.all, 'current'] as const,
  /** GetRewardList: the reward catalogue. */
  rewards: () => [...redeemKeys.all, 'rewards'] as const,
  /** GetEarningsHistory: one page of the earnings history. */
  earnings: (page: number) => [...redeemKeys.all, 'earnings', page] as const,
  /** GetRewardOrders: the tester's reward orders and their status. */
  orders: () => [...redeemKeys.all, 'orders'] as const,
};

export const redeemMutationKeys = {
  spend: ['redeem', 'spend'] as const,
};
