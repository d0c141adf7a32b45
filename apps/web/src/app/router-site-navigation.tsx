import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SiteNavigationProvider, type SiteNavigation } from '../lib/site-navigation';

/** The site navigation of the full app: React Router's location, navigate and Link (decision 110). */
export function RouterSiteNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<SiteNavigation>(
    () => ({ location, navigate: (to, options) => void navigate(to, options), Link }),
    [location, navigate],
  );
  return <SiteNavigationProvider value={navigation}>{children}</SiteNavigationProvider>;
}
