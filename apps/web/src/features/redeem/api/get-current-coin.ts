import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentCoinResponse } from '@testerhub/shared/redeem-schemas';
import { apiGet } from '../../../lib/api';
import { SHOWS_COINS } from '../../../lib/coin-balance';
import { redeemKeys } from './query-keys';

/** GET /api/reward/GetCurrentCoin: the tester's coin balance (spec 3, section 7). */
export function fetchCurrentCoin(): Promise<CurrentCoinResponse> {
  return apiGet<CurrentCoinResponse>('/reward/GetCurrentCoin');
}

export function currentCoinQueryOptions() {
  return queryOptions({ queryKey: redeemKeys.current(), queryFn: fetchCurrentCoin, meta: SHOWS_COINS });
}

export function useCurrentCoin() {
  return useQuery(currentCoinQueryOptions());
}
