import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralRequest, ReferralRequestResponse } from '@testerhub/shared/referral-schemas';
import { apiPost } from '../../../lib/api';
import { referralKeys, referralMutationKeys } from './query-keys';

/** POST /api/account/UpdateReferralList: refers a friend (spec 3, section 7). */
export function updateReferralList(request: ReferralRequest): Promise<ReferralRequestResponse> {
  return apiPost<ReferralRequestResponse>('/account/UpdateReferralList', request);
}

/** Refers a friend; a new referral is on the list, so it is asked again. */
export function useUpdateReferralList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: referralMutationKeys.refer,
    mutationFn: updateReferralList,
    onSuccess: (answer) => {
      if (answer.status === 'succeed') void queryClient.invalidateQueries({ queryKey: referralKeys.list() });
    },
  });
}
