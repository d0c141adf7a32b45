import { PortalShell } from '../../features/portal-shell/portal-shell';
import { PortalQueryProvider } from '../../lib/query-provider';

/**
 * /community/main and everything under it: the portal's QueryClient, then the shell with its
 * session check, then the page. Split off with the portal, so TanStack Query never reaches
 * the public pages' bundle (decision 012).
 */
export function PortalRoute() {
  return (
    <PortalQueryProvider>
      <PortalShell />
    </PortalQueryProvider>
  );
}
