import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { spreadCoinBalance } from '../../../lib/coin-balance';
import type { ProfileUserInfo, TesterInfo } from '@testerhub/shared/profile-schemas';
import { portalShellKeys } from './query-keys';

/** GET /api/profile/GetUserInfo: the level, experience and coins again, with a status (spec 2, section 7). */
export function fetchProfileUserInfo(): Promise<ProfileUserInfo> {
  return apiGet<ProfileUserInfo>('/profile/GetUserInfo');
}

export function profileUserInfoQueryOptions() {
  // Asked on demand only, and always anew: it is the refresh after coins were earned or spent.
  return queryOptions({ queryKey: portalShellKeys.profileUserInfo(), queryFn: fetchProfileUserInfo, staleTime: 0 });
}

/**
 * Reloads the level, experience and coins shown in the nav (through ./refresh-on-demand): asks
 * /profile/GetUserInfo and, when it succeeded, writes the answer over the tester information the nav
 * shows, and hands the balance to every query that shows coins (lib/coin-balance).
 * Failures follow the QueryClient's rule (401 to login, others logged).
 */
export function refreshProfile(queryClient: QueryClient): void {
  queryClient.fetchQuery(profileUserInfoQueryOptions()).then(
    (answer) => {
      if (answer.status !== 'succeed') return;
      queryClient.setQueryData<TesterInfo>(portalShellKeys.testerInfo(), (current) => (current ? { ...current, ...answer } : current));
      // Every other place that shows the coins follows the same balance.
      spreadCoinBalance(queryClient, answer.coins);
    },
    () => undefined,
  );
}
