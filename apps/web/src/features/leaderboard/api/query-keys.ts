/** The leaderboard feature's query keys, all in one place (decision 012). */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  /** GetRankerList: the tester's figures and the month's three lists. */
  rankerList: () => [...leaderboardKeys.all, 'ranker-list'] as const,
};
