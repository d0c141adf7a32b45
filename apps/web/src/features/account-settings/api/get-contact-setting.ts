import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactSettingsResponse } from '@testerhub/shared/account-settings-schemas';
import { apiGet } from '../../../lib/api';
import { accountSettingsKeys } from './query-keys';

/** GET /api/profile/GetContactSetting: contactTypes, one {contactType, isTurnOn} per channel (spec 3, section 7). */
export function fetchContactSetting(): Promise<ContactSettingsResponse> {
  return apiGet<ContactSettingsResponse>('/profile/GetContactSetting');
}

export function contactSettingQueryOptions() {
  return queryOptions({ queryKey: accountSettingsKeys.contactSettings(), queryFn: fetchContactSetting });
}

export function useContactSetting() {
  return useQuery(contactSettingQueryOptions());
}
