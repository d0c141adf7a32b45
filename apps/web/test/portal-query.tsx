// The web unit tests' way into the tester portal's data layer: the same provider the app
// mounts at /community/main (so a 401 goes to login exactly as in the app), a fresh
// QueryClient for every render.
import type { ReactNode } from 'react';
import { PortalQueryProvider } from '../src/lib/query-provider';

/** Wraps portal routes in the portal's QueryClient provider; use it inside the test's router. */
export function WithPortalQuery({ children }: { children: ReactNode }) {
  return <PortalQueryProvider>{children}</PortalQueryProvider>;
}
