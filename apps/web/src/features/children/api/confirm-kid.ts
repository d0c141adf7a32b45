import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmKidResponse } from '@testerhub/shared/children-schemas';
import { apiPost } from '../../../lib/api';
import { childrenKeys, childrenMutationKeys } from './query-keys';

/** POST /api/account/ConfirmKid, body the kid GUID as a JSON string (spec 2, section 7; decision 028). */
export function confirmKid(childId: string): Promise<ConfirmKidResponse> {
  return apiPost<ConfirmKidResponse>('/account/ConfirmKid', childId);
}

/** Confirms the parent's child from the e-mailed link; the children list is asked again after. */
export function useConfirmKid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: childrenMutationKeys.confirm,
    mutationFn: confirmKid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: childrenKeys.all }),
  });
}
