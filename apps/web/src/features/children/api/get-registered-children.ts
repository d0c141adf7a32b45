import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegisteredChildrenResponse } from '@testerhub/shared/children-schemas';
import { apiGet } from '../../../lib/api';
import { childrenKeys } from './query-keys';

/** GET /api/schedule/GetChildrenInfo: the account's kid list (spec 3, sections 3 and 7). */
export function fetchRegisteredChildren(): Promise<RegisteredChildrenResponse> {
  return apiGet<RegisteredChildrenResponse>('/schedule/GetChildrenInfo');
}

export function registeredChildrenQueryOptions() {
  // Asked on every opening: a child may have been confirmed or have expired meanwhile.
  return queryOptions({ queryKey: childrenKeys.registered(), queryFn: fetchRegisteredChildren, staleTime: 0 });
}

export function useRegisteredChildren() {
  return useQuery(registeredChildrenQueryOptions());
}
