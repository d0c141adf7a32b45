import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { portalShellKeys } from './query-keys';

/** GET /api/account/CheckAuthorize: answers 401 without a session (spec 2, section 7). */
export interface Authorization {
  status: string;
}

export function fetchAuthorization(): Promise<Authorization> {
  return apiGet<Authorization>('/account/CheckAuthorize');
}

export function authorizationQueryOptions() {
  return queryOptions({ queryKey: portalShellKeys.authorization(), queryFn: fetchAuthorization });
}

/** The session check the portal makes on entry; a 401 leads to login (the QueryClient's rule). */
export function useAuthorization() {
  return useQuery(authorizationQueryOptions());
}
