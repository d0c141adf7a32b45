import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { accountSettingsKeys } from './query-keys';

export interface CheckLocationResponse {
  siteId: string;
  tooFar: boolean;
}

/** POST /api/account/CheckLocation: the zip's test site (88888 or 00006: too far; spec 3, section 8). A read, though a POST. */
export function fetchCheckLocation(zip: string): Promise<CheckLocationResponse> {
  return apiPost<CheckLocationResponse>('/account/CheckLocation', zip);
}

export function checkLocationQueryOptions(zip: string) {
  // A zip's site changes only when staff edit the mapping.
  return queryOptions({ queryKey: accountSettingsKeys.location(zip), queryFn: () => fetchCheckLocation(zip), staleTime: Infinity });
}

/** The site of `zip` once it is a 5-digit zip; nothing is asked before. */
export function useCheckLocation(zip: string | null) {
  return useQuery({ ...checkLocationQueryOptions(zip ?? ''), enabled: zip !== null });
}
