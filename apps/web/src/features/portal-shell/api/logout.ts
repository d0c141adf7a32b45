import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { portalShellMutationKeys } from './query-keys';

/** GET /api/account/Logout: ends the session on the server (spec 2, section 7). */
export function logout(): Promise<{ status: string }> {
  return apiGet<{ status: string }>('/account/Logout');
}

/**
 * Logs out. What it changes is everything the portal loaded, so on success it clears the
 * whole query cache, then onLoggedOut leaves the portal. A 401 means the session was already
 * gone: the QueryClient's rule sends the tester to login.
 *
 * Use it below the components that read portal queries, never in them (see LogoutProvider):
 * a component that re-rendered after the clear would ask for its data again.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: portalShellMutationKeys.logout,
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries();
      onLoggedOut();
    },
  });
}
