import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalloutListResponse } from '@testerhub/shared/callout-schemas';
import { apiGet } from '../../../lib/api';
import { calloutKeys } from './query-keys';

/** GET /api/callout/GetCalloutList: status and calloutGTypes, the active call-outs between start and end (spec 3, section 7). */
export function fetchCalloutList(): Promise<CalloutListResponse> {
  return apiGet<CalloutListResponse>('/callout/GetCalloutList');
}

/**
 * Asked once per portal visit (decision 130): a call-out that starts or ends while the tester is in
 * the portal waits for the next visit, and so does a failed read, so the banner never appears, grows
 * or goes under an open page.
 */
export function calloutListQueryOptions() {
  return queryOptions({ queryKey: calloutKeys.list(), queryFn: fetchCalloutList, staleTime: Infinity, retryOnMount: false });
}

export function useCalloutList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...calloutListQueryOptions(), enabled });
}
