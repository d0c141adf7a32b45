/** The winners feature's query keys, all in one place (decision 012). */
export const winnersKeys = {
  all: ['winners'] as const,
  /** GetEventCount: the wheel's cost, spins left and segments. */
  eventCount: () => [...winnersKeys.all, 'event-count'] as const,
  /** checkCoins: whether the coins cover a spin and a drawing entry. */
  checkCoins: () => [...winnersKeys.all, 'check-coins'] as const,
  /** CheckGoldRewardAvailable: this week's drawing entry. */
  goldCard: () => [...winnersKeys.all, 'gold-card'] as const,
  /** GetWinnerList: drawing and wheel winners, and my spins. */
  winnerList: () => [...winnersKeys.all, 'winner-list'] as const,
  /** POST GetWinners: a giveaway's latest winners. */
  latest: (type: string, count: number) => [...winnersKeys.all, 'latest', type, count] as const,
};

export const winnersMutationKeys = {
  spin: ['winners', 'spin'] as const,
  enterGoldCard: ['winners', 'enter-gold-card'] as const,
};
