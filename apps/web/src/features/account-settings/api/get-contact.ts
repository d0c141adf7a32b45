import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactInfoResponse } from '@testerhub/shared/account-settings-schemas';
import { apiGet } from '../../../lib/api';
import { accountSettingsKeys } from './query-keys';

/** GET /api/account/GetContact: the stored contact, the phone as homeNo (decision 035; the spec names no read). */
export function fetchContact(): Promise<ContactInfoResponse> {
  return apiGet<ContactInfoResponse>('/account/GetContact');
}

export function contactQueryOptions() {
  return queryOptions({ queryKey: accountSettingsKeys.contact(), queryFn: fetchContact });
}

export function useContact() {
  return useQuery(contactQueryOptions());
}
