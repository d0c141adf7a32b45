import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordAgeResponse } from '@testerhub/shared/account-settings-schemas';
import { apiGet } from '../../../lib/api';
import { accountSettingsKeys } from './query-keys';

/** GET /api/account/GetPasswordAge: whether the password is old enough for the reminder (decision 035). */
export function fetchPasswordAge(): Promise<PasswordAgeResponse> {
  return apiGet<PasswordAgeResponse>('/account/GetPasswordAge');
}

export function passwordAgeQueryOptions() {
  return queryOptions({ queryKey: accountSettingsKeys.passwordAge(), queryFn: fetchPasswordAge });
}

export function usePasswordAge() {
  return useQuery(passwordAgeQueryOptions());
}
