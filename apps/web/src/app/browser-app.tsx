import { useEffect, useRef } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import type { SiteNavigateOptions } from '../lib/site-navigation';
import { App } from './app';

type Target = { to: string; options?: SiteNavigateOptions };

/** Navigates once to each target it is given, after the app has opened at the current address. */
function NavigateOnce({ target }: { target: Target }) {
  const navigate = useNavigate();
  const reached = useRef<Target | null>(null);
  useEffect(() => {
    if (reached.current === target) return;
    reached.current = target;
    void navigate(target.to, target.options);
  }, [navigate, target]);
  return null;
}

/**
 * The full app in the browser. Opened by entry-client.tsx, or by the home page's entry when the
 * visitor leaves the home page: then `then` is where they were going, reached by a push
 * navigation from the home page, so that Back returns to it and the loading animation shows.
 */
export function BrowserApp({ then }: { then?: Target }) {
  return (
    <BrowserRouter>
      <App />
      {then && <NavigateOnce target={then} />}
    </BrowserRouter>
  );
}
