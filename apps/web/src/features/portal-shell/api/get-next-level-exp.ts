import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { NextLevelInfo, TesterInfo } from '@testerhub/shared/profile-schemas';
import { portalShellKeys } from './query-keys';

/** GET /api/profile/GetNextLevelEXP (spec 2, section 7). */
export function fetchNextLevel(): Promise<NextLevelInfo> {
  return apiGet<NextLevelInfo>('/profile/GetNextLevelEXP');
}

export function nextLevelQueryOptions() {
  // Each opening of the progress popover asks again (the numbers change as the tester earns).
  return queryOptions({ queryKey: portalShellKeys.nextLevel(), queryFn: fetchNextLevel, staleTime: 0 });
}

/** Refreshes the progress numbers in the nav, as the popover opens (through ./refresh-on-demand). */
export function refreshLevelProgress(queryClient: QueryClient): void {
  queryClient.fetchQuery(nextLevelQueryOptions()).then(
    (answer) => {
      if (answer.status !== 'succeed') return;
      const { exp, nextLevelExp, remainExp } = answer;
      queryClient.setQueryData<TesterInfo>(portalShellKeys.testerInfo(), (current) =>
        current ? { ...current, exp, nextLevelExp, remainExp } : current,
      );
    },
    () => undefined,
  );
}
