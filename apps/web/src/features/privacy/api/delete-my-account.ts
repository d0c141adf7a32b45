import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountPayload, DeleteAccountResponse } from '@testerhub/shared/privacy-schemas';
import { apiPost } from '../../../lib/api';
import { privacyMutationKeys } from './query-keys';

/** POST /api/account/DeleteMyAccount (decision 040): the password re-typed; failed when it is wrong. */
export function deleteMyAccount(payload: DeleteAccountPayload): Promise<DeleteAccountResponse> {
  return apiPost<DeleteAccountResponse>('/account/DeleteMyAccount', payload);
}

/**
 * Deletes the account. On succeed the session is gone, so everything the portal loaded is
 * dropped before `onDeleted` leaves the portal (as the logout does).
 */
export function useDeleteMyAccount({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: privacyMutationKeys.deleteMyAccount,
    mutationFn: deleteMyAccount,
    onSuccess: (answer) => {
      if (answer.status !== 'succeed') return;
      queryClient.removeQueries();
      onDeleted();
    },
  });
}
