import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsContactSettingResponse } from '@testerhub/shared/account-settings-schemas';
import { apiGet } from '../../../lib/api';
import { accountSettingsKeys } from './query-keys';

/**
 * GET /api/profile/GetSMSContactSetting: smsSetting, whether text messages are on. The daily login
 * bonus asks it (after 2 s, while the optInCount cookie is below 3) before offering the opt-in popup.
 */
export function fetchSmsContactSetting(): Promise<SmsContactSettingResponse> {
  return apiGet<SmsContactSettingResponse>('/profile/GetSMSContactSetting');
}

export function smsContactSettingQueryOptions() {
  return queryOptions({ queryKey: accountSettingsKeys.smsSetting(), queryFn: fetchSmsContactSetting });
}

export function useSmsContactSetting(options: { enabled?: boolean } = {}) {
  return useQuery({ ...smsContactSettingQueryOptions(), enabled: options.enabled ?? true });
}
