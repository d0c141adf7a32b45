import type { ReactNode } from 'react';
import { SiteLink } from '../lib/site-navigation';
import { externalPortalHref } from '../config/site';
import { useBrowserValue } from '../hooks/use-browser-value';

interface PortalLinkProps {
  to: '/community/join/attention' | '/community/login';
  className?: string;
  children: ReactNode;
}

/** Register and Login: in-app on a testing host, the production host elsewhere (spec 1, 2.3). */
export function PortalLink({ to, className, children }: PortalLinkProps) {
  // The prerendered HTML cannot know the host it will be served from: decided in the browser.
  const externalHref = useBrowserValue(() => externalPortalHref(to, window.location.host), null);
  if (externalHref) {
    return (
      <a href={externalHref} className={className}>
        {children}
      </a>
    );
  }
  return (
    <SiteLink to={to} className={className}>
      {children}
    </SiteLink>
  );
}
