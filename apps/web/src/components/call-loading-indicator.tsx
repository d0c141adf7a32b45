import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import './navigation-loading.css';

/** Longest one appearance may last, even when a call is still running (spec 2, sections 4 and 9). */
export const MAX_CALL_LOADING_MS = 2000;

/**
 * The portal's loading indicator (spec 2, "Loading indicator"): the navigation overlay's look,
 * shown while a portal call runs and taken down after at most 2 seconds per appearance. It counts
 * first loads and every mutation; a background refresh of data already on screen does not cover
 * the page. Mounted once, in the portal shell. The live region stays in the page so a screen
 * reader hears "Loading…" (the label the shell gives, in the tester's language) when it starts.
 */
export function CallLoadingIndicator({ label = 'Loading…' }: { label?: string }) {
  const loads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const writes = useIsMutating();
  const busy = loads + writes > 0;
  const [expired, setExpired] = useState(false);
  // A new appearance starts when the calls have all ended: reset the cap then (during render, React's
  // pattern for state that follows a value).
  if (!busy && expired) setExpired(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setExpired(true), MAX_CALL_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  const shown = busy && !expired;
  return (
    <div role="status" aria-live="polite" aria-busy={shown} data-testid="call-loading">
      {shown && (
        <div className="navigation-loading" data-testid="call-loading-overlay">
          <span className="navigation-loading__spinner" aria-hidden="true" />
          <span className="visually-hidden">{label}</span>
        </div>
      )}
    </div>
  );
}
