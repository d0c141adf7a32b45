import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardOrdersResponse } from '@testerhub/shared/redeem-schemas';
import { apiGet } from '../../../lib/api';
import { redeemKeys } from './query-keys';

/** GET /api/reward/GetRewardOrders: the tester's newest reward orders with their status and, once decided, the code or reason. */
export function fetchRewardOrders(): Promise<RewardOrdersResponse> {
  return apiGet<RewardOrdersResponse>('/reward/GetRewardOrders');
}

export function rewardOrdersQueryOptions() {
  return queryOptions({ queryKey: redeemKeys.orders(), queryFn: fetchRewardOrders });
}

/** Under the redeem keys, so a redemption asks for the list again with the balance. */
export function useRewardOrders() {
  return useQuery(rewardOrdersQueryOptions());
}
