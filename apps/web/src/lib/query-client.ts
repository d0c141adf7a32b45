import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { logError } from './log';
import { isUnauthenticated } from './request-error';

export interface PortalQueryClientOptions {
  /**
   * Called for every 401 a portal query or mutation meets: there is no (longer a) session.
   * The portal's provider sends the tester to the login page from here, the only place that does.
   */
  onUnauthenticated: () => void;
}

/**
 * The tester portal's QueryClient (decision 012). One rule for failures, in one place:
 * a 401 goes to onUnauthenticated; anything else is logged (spec 2, section 8: "other
 * failures are only logged") and left to the screen to show as its error state.
 *
 * No silent retries: the portal's screens have explicit error states with a Try again
 * button, and a failure shows at once. Data stays fresh for 30 s, so moving between
 * portal pages does not ask again; returning to the tab refreshes stale data (a session
 * that ended meanwhile then leads to login).
 */
export function createPortalQueryClient({ onUnauthenticated }: PortalQueryClientOptions): QueryClient {
  const onError = (error: unknown, what: string) => {
    if (isUnauthenticated(error)) onUnauthenticated();
    else logError(what, error);
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError(error, `portal query ${JSON.stringify(query.queryKey)} failed`),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        onError(error, `portal mutation ${JSON.stringify(mutation.options.mutationKey ?? 'unnamed')} failed`),
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
