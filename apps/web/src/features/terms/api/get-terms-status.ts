import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermsStatusResponse } from '@testerhub/shared/terms-schemas';
import { apiGet } from '../../../lib/api';
import { termsKeys } from './query-keys';

/** GET /api/account/GetTermsStatus: the server says whether this tester must accept the terms in force (decision 041). */
export function fetchTermsStatus(): Promise<TermsStatusResponse> {
  return apiGet<TermsStatusResponse>('/account/GetTermsStatus');
}

/**
 * Asked once per portal visit: a version published while the tester is in the portal waits for the
 * next visit, and so does a failed read (the portal asks before it shows the page, decision 130, and
 * the gate mounting then must not ask again).
 */
export function termsStatusQueryOptions() {
  return queryOptions({ queryKey: termsKeys.status(), queryFn: fetchTermsStatus, staleTime: Infinity, retryOnMount: false });
}

export function useTermsStatus() {
  return useQuery(termsStatusQueryOptions());
}
