import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalloutListResponse } from '@testerhub/shared/callout-schemas';
import { apiGet } from '../../../lib/api';
import { calloutKeys } from './query-keys';

/** GET /api/callout/GetCalloutList: status and calloutGTypes, the active call-outs between start and end (spec 3, section 7). */
export function fetchCalloutList(): Promise<CalloutListResponse> {
  return apiGet<CalloutListResponse>('/callout/GetCalloutList');
}

export function calloutListQueryOptions() {
  return queryOptions({ queryKey: calloutKeys.list(), queryFn: fetchCalloutList });
}

export function useCalloutList() {
  return useQuery(calloutListQueryOptions());
}
