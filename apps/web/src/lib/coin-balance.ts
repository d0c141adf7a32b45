import type { QueryClient } from '@tanstack/react-query';

/**
 * One source of truth for the coin balance (issue 28, item 4). A query whose answer shows the
 * balance says so in its meta; after any coin change the shell's refresh (GetUserInfo, which every
 * coin change already calls) hands the new balance here, and every such query follows it.
 */
type CoinBalanceMeta = {
  /** The answer's field that holds the balance: written in place, because a refetch would disturb the page (the wheel's shuffled segments). */
  coinBalanceField?: string;
  /** The answer shows or depends on the balance: asked again. */
  showsCoins?: boolean;
};

/** Meta of a query whose answer shows or depends on the balance: it is asked again after a coin change. */
export const SHOWS_COINS: CoinBalanceMeta = { showsCoins: true };

/** Meta of a query whose answer holds the balance in `field`: the new balance is written there, with no refetch. */
export const holdsCoinBalance = (field: string): CoinBalanceMeta => ({ coinBalanceField: field });

/** The balance is now `coins`: every query that shows it follows. */
export function spreadCoinBalance(queryClient: QueryClient, coins: number): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const meta = query.meta as CoinBalanceMeta | undefined;
    const field = meta?.coinBalanceField;
    if (field) {
      queryClient.setQueryData<Record<string, unknown>>(query.queryKey, (data) => (data ? { ...data, [field]: coins } : data));
    } else if (meta?.showsCoins) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}
