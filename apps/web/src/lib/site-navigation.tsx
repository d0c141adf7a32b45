import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** Where the visitor is: the parts of React Router's location the public frame reads. */
export interface SiteLocation {
  pathname: string;
  /** Changes on every navigation, even to the same address. */
  key: string;
  state: unknown;
}

export interface SiteNavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

export interface SiteLinkProps {
  to: string;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * How the components the home page shares with the rest of the site (the frame, the footer, the
 * cookie notice, the home sections) read the address, move and link (decision 110). The full app
 * gives them React Router's (app/router-site-navigation.tsx); the home page's own entry gives them
 * plain history calls and anchors (app/home-app.tsx), so that the router stays out of its first load.
 */
export interface SiteNavigation {
  location: SiteLocation;
  navigate: (to: string, options?: SiteNavigateOptions) => void;
  Link: ComponentType<SiteLinkProps>;
}

const SiteNavigationContext = createContext<SiteNavigation | null>(null);

export const SiteNavigationProvider = SiteNavigationContext.Provider;

export function useSiteNavigation(): SiteNavigation {
  const navigation = useContext(SiteNavigationContext);
  if (!navigation) throw new Error('useSiteNavigation needs a SiteNavigationProvider (the app or the home entry gives one)');
  return navigation;
}

export function useSiteLocation(): SiteLocation {
  return useSiteNavigation().location;
}

/** A link inside the site, whichever navigation is running. */
export function SiteLink(props: SiteLinkProps) {
  const { Link } = useSiteNavigation();
  return <Link {...props} />;
}
