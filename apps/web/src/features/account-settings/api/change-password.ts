import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordPayload, ChangePasswordResponse } from '@testerhub/shared/account-settings-schemas';
import { apiPost } from '../../../lib/api';
import { accountSettingsKeys, accountSettingsMutationKeys } from './query-keys';

/** POST /api/account/ChangePassword: currentPassword and newPassword (spec 3, section 7). */
export function changePassword(payload: ChangePasswordPayload): Promise<ChangePasswordResponse> {
  return apiPost<ChangePasswordResponse>('/account/ChangePassword', payload);
}

/** Changes the password; the password's age (the reminder) is read again after a success. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountSettingsMutationKeys.changePassword,
    mutationFn: changePassword,
    onSuccess: (answer) => {
      if (answer.status === 'succeed') return queryClient.invalidateQueries({ queryKey: accountSettingsKeys.passwordAge() });
    },
  });
}
