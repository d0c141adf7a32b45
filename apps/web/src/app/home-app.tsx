import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { SiteFooter } from '../features/footer/site-footer';
import { HomePage } from '../features/home/home-page';
import { homeSectionOf, isHomePath } from '../lib/home-paths';
import {
  SiteNavigationProvider,
  useSiteNavigation,
  type SiteLinkProps,
  type SiteLocation,
  type SiteNavigateOptions,
  type SiteNavigation,
} from '../lib/site-navigation';
import { SiteFrame } from './site-frame';

/**
 * Hands the page to the full app (entry-home.tsx): with a target, the app opens at the current
 * address and then navigates there, as a link inside the app would; without one, it opens at the
 * current address (Back or Forward landed outside the home page).
 */
export type LeaveHome = (target?: { to: string; options?: SiteNavigateOptions }) => void;

interface HomeAppProps {
  /** The address the page is shown at (the prerendered one at build time, the browser's after). */
  pathname: string;
  /** Absent while prerendering, where nothing navigates. */
  onLeaveHome?: LeaveHome;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** A left click without a modifier key: the one a link inside the site handles itself (others open a tab or a window). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.defaultPrevented && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

function HomeLink({ to, children, ...anchor }: SiteLinkProps) {
  const { navigate } = useSiteNavigation();
  return (
    <a
      href={to}
      {...anchor}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The home page (/ and its sections' addresses) as its own entry hydrates it, without React
 * Router (decision 110): moves between its sections rewrite the address with the history API;
 * any other address loads the full app, which takes over the page.
 */
export function HomeApp({ pathname, onLeaveHome }: HomeAppProps) {
  const [location, setLocation] = useState<SiteLocation>({ pathname, key: 'default', state: null });

  useEffect(() => {
    const onPopState = () => {
      const here = window.location.pathname;
      if (isHomePath(here)) setLocation({ pathname: here, key: newKey(), state: null });
      else onLeaveHome?.();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [onLeaveHome]);

  const navigate = useCallback(
    (to: string, options: SiteNavigateOptions = {}) => {
      if (!isHomePath(to)) {
        onLeaveHome?.({ to, options });
        return;
      }
      if (options.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      setLocation({ pathname: to, key: newKey(), state: options.state ?? null });
    },
    [onLeaveHome],
  );

  const navigation = useMemo<SiteNavigation>(() => ({ location, navigate, Link: HomeLink }), [location, navigate]);
  return (
    <SiteNavigationProvider value={navigation}>
      <SiteFrame pathname={location.pathname}>
        <HomePage section={homeSectionOf(location.pathname)} />
        <SiteFooter />
      </SiteFrame>
    </SiteNavigationProvider>
  );
}
