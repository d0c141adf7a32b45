/** The screener feature's query keys, all in one place (decision 012). */
export const screenerKeys = {
  all: ['screeners'] as const,
  list: () => [...screenerKeys.all, 'list'] as const,
};
