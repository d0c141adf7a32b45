import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildRegistrationPayload, ChildRegistrationResponse } from '@testerhub/shared/children-schemas';
import { apiPost } from '../../../lib/api';
import { childrenKeys, childrenMutationKeys } from './query-keys';

export type ChildRegistrationWithStudy = ChildRegistrationPayload & { studyNo: number };

/** POST /api/account/RegistChildren: a child registered from a study's child popup, with its studyNo (spec 3, section 7). */
export function registChildren(child: ChildRegistrationWithStudy): Promise<ChildRegistrationResponse> {
  return apiPost<ChildRegistrationResponse>('/account/RegistChildren', child);
}

/** Registers a child from a study; the children lists are asked again whatever the answer. */
export function useRegistChildren() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: childrenMutationKeys.registerForStudy,
    mutationFn: registChildren,
    onSettled: () => queryClient.invalidateQueries({ queryKey: childrenKeys.all }),
  });
}
