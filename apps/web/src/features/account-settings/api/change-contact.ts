import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeContactPayload, ChangeContactResponse } from '@testerhub/shared/account-settings-schemas';
import { apiPost } from '../../../lib/api';
import { accountSettingsKeys, accountSettingsMutationKeys } from './query-keys';

/** POST /api/account/ChangeContact: address, phone, city and zip (spec 3, section 7). */
export function changeContact(contact: ChangeContactPayload): Promise<ChangeContactResponse> {
  return apiPost<ChangeContactResponse>('/account/ChangeContact', contact);
}

/** Changes the contact; the stored contact is read again after a success. */
export function useChangeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountSettingsMutationKeys.changeContact,
    mutationFn: changeContact,
    onSuccess: (answer) => {
      if (answer.status === 'succeed') return queryClient.invalidateQueries({ queryKey: accountSettingsKeys.contact() });
    },
  });
}
