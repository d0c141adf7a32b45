import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { logError } from '../../../lib/log';

/**
 * The nav's two refreshes, each asked after something happened (the progress popover opened, coins
 * were earned or spent), never for the first paint: their code loads on the first ask, not with
 * the portal (decision 141). A failed load is a refresh missed, as a failed request is.
 */
const logMissedRefresh = (error: unknown) => logError('the nav could not load its refresh', error);

export function useRefreshLevelProgress(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    import('./get-next-level-exp').then(({ refreshLevelProgress }) => refreshLevelProgress(queryClient), logMissedRefresh);
  }, [queryClient]);
}

export function useRefreshProfile(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    import('./get-profile-user-info').then(({ refreshProfile }) => refreshProfile(queryClient), logMissedRefresh);
  }, [queryClient]);
}
