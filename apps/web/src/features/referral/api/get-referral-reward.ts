import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralListItem, ReferralRewardResponse } from '@testerhub/shared/referral-schemas';
import { apiPost } from '../../../lib/api';
import { referralKeys, referralMutationKeys } from './query-keys';

/** POST /api/reward/GetReferralReward: the list item as the spec sends it; its referralId names the referral (decision 036). */
export function getReferralReward(referral: ReferralListItem): Promise<ReferralRewardResponse> {
  return apiPost<ReferralRewardResponse>('/reward/GetReferralReward', referral);
}

/** Claims a referral's reward; whatever the answer, the list (its redeemed flags) is asked again. */
export function useGetReferralReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: referralMutationKeys.claim,
    mutationFn: getReferralReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.list() }),
  });
}
