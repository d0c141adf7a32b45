import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { dailyBonusKeys } from './query-keys';

/** GET /api/reward/CheckLastTimeLogin: true while today's bonus is unclaimed; the call also counts today's visit. */
export function checkLastTimeLogin(): Promise<boolean> {
  return apiGet<boolean>('/reward/CheckLastTimeLogin');
}

/** Asked once per portal visit: the answer only changes by claiming, which sets it itself. */
export function useCheckLastTimeLogin({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: dailyBonusKeys.lastLogin(), queryFn: checkLastTimeLogin, enabled, staleTime: Number.POSITIVE_INFINITY });
}
