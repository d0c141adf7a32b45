import { isUnauthenticated } from './request-error';

/** What a screen shows for a query: its loading, error or data state. */
export type ViewStatus = 'pending' | 'error' | 'success';

interface QueryLike {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  data: unknown;
}

/**
 * The state a screen shows for a query. A 401 stays 'pending': the QueryClient is already
 * taking the tester to the login page, and the screen should not flash its error state on
 * the way. Data from before a failed background refresh is still shown.
 */
export function viewStatus(query: QueryLike): ViewStatus {
  if (query.data !== undefined) return 'success';
  if (query.status === 'error' && !isUnauthenticated(query.error)) return 'error';
  return query.status === 'success' ? 'success' : 'pending';
}

/** True when a failed mutation should show its failure (a 401 leads to login instead). */
export function shownFailure(error: unknown): boolean {
  return error !== null && error !== undefined && !isUnauthenticated(error);
}
