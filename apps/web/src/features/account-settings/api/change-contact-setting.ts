import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeContactSettingResponse, ContactSetting } from '@testerhub/shared/account-settings-schemas';
import { apiPost } from '../../../lib/api';
import { accountSettingsKeys, accountSettingsMutationKeys } from './query-keys';

/** POST /api/profile/ChangeContactSetting: one channel on or off (spec 3, section 7). */
export function changeContactSetting(setting: ContactSetting): Promise<ChangeContactSettingResponse> {
  return apiPost<ChangeContactSettingResponse>('/profile/ChangeContactSetting', setting);
}

/** Changes one channel; both setting reads are asked again whatever the answer, so a failure shows the stored truth. */
export function useChangeContactSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountSettingsMutationKeys.changeContactSetting,
    mutationFn: changeContactSetting,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountSettingsKeys.contactSettings() }),
        queryClient.invalidateQueries({ queryKey: accountSettingsKeys.smsSetting() }),
      ]),
  });
}
