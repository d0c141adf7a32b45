import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralListResponse } from '@testerhub/shared/referral-schemas';
import { apiGet } from '../../../lib/api';
import { referralKeys } from './query-keys';

/** GET /api/reward/GetReferralList: the tester's referrals, their status and whether the reward was redeemed. */
export function fetchReferralList(): Promise<ReferralListResponse> {
  return apiGet<ReferralListResponse>('/reward/GetReferralList');
}

export function referralListQueryOptions() {
  // Asked on every visit: a friend may have registered or attended meanwhile.
  return queryOptions({ queryKey: referralKeys.list(), queryFn: fetchReferralList, staleTime: 0 });
}

export function useReferralList() {
  return useQuery(referralListQueryOptions());
}
