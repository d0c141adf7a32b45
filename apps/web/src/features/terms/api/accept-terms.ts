import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptTermsPayload, AcceptTermsResponse, TermsStatusResponse } from '@testerhub/shared/terms-schemas';
import { apiPost } from '../../../lib/api';
import { termsKeys, termsMutationKeys } from './query-keys';

/** POST /api/account/AcceptTerms: accepts the version the dialog showed (decision 041). */
export function acceptTerms(payload: AcceptTermsPayload): Promise<AcceptTermsResponse> {
  return apiPost<AcceptTermsResponse>('/account/AcceptTerms', payload);
}

/**
 * Accepting stores the server's answer in the status (no second request); notCurrent asks the
 * status again, so the dialog shows the version now in force.
 */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: termsMutationKeys.accept,
    mutationFn: acceptTerms,
    onSuccess: (answer) => {
      if (answer.status === 'succeed') {
        queryClient.setQueryData<TermsStatusResponse>(termsKeys.status(), (status) =>
          status ? { ...status, acceptedVersion: answer.acceptedVersion, acceptedAt: answer.acceptedAt, needsAcceptance: false } : status,
        );
        return;
      }
      return queryClient.invalidateQueries({ queryKey: termsKeys.status() });
    },
  });
}
