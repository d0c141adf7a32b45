import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { createPortalQueryClient } from './query-client';

export const LOGIN_PATH = '/community/login';

/** The portal's client, and who to tell when it meets a 401. */
function createPortalData() {
  const onUnauthenticated = new Set<() => void>();
  const client = createPortalQueryClient({ onUnauthenticated: () => onUnauthenticated.forEach((listener) => listener()) });
  return { client, onUnauthenticated };
}

/**
 * Gives the tester portal its QueryClient: mounted with the portal's layout route, so the
 * public pages never load TanStack Query, and dropped with it, so nothing a tester saw
 * survives leaving the portal (logout also clears it at once). A 401 from any portal query
 * or mutation replaces the address with the login page.
 */
export function PortalQueryProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // The client lives as long as the portal does; the current navigate listens for its 401s.
  const [portal] = useState(createPortalData);
  useEffect(() => {
    const toLogin = () => void navigate(LOGIN_PATH, { replace: true });
    portal.onUnauthenticated.add(toLogin);
    return () => {
      portal.onUnauthenticated.delete(toLogin);
    };
  }, [navigate, portal]);
  return <QueryClientProvider client={portal.client}>{children}</QueryClientProvider>;
}
