import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildRegistrationPayload, ChildRegistrationResponse } from '@testerhub/shared/children-schemas';
import { apiPost } from '../../../lib/api';
import { childrenKeys, childrenMutationKeys } from './query-keys';

/** POST /api/account/RegistChildrenWithoutStudyNo: a child registered from the account page (spec 3, section 7). */
export function registChildrenWithoutStudyNo(child: ChildRegistrationPayload): Promise<ChildRegistrationResponse> {
  return apiPost<ChildRegistrationResponse>('/account/RegistChildrenWithoutStudyNo', child);
}

/** Registers a child; the children lists are asked again whatever the answer. */
export function useRegistChildrenWithoutStudyNo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: childrenMutationKeys.register,
    mutationFn: registChildrenWithoutStudyNo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: childrenKeys.all }),
  });
}
