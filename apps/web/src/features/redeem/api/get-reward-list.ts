import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reward } from '@testerhub/shared/redeem-schemas';
import { apiGet } from '../../../lib/api';
import { redeemKeys } from './query-keys';

/** GET /api/reward/GetRewardList: the rewards a tester can redeem (spec 3, section 7). */
export function fetchRewardList(): Promise<Reward[]> {
  return apiGet<Reward[]>('/reward/GetRewardList');
}

export function rewardListQueryOptions() {
  return queryOptions({ queryKey: redeemKeys.rewards(), queryFn: fetchRewardList });
}

export function useRewardList() {
  return useQuery(rewardListQueryOptions());
}
