import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useSiteFrameTexts } from './site-frame-texts';
import './navigation-loading.css';

/** Longest the animation may stay up, even if a page never reports it is ready (spec 2: at most 2 seconds). */
const MAX_LOADING_MS = 2000;

const ReadyContext = createContext<(key: string) => void>(() => undefined);
const LoadingContext = createContext<boolean>(false);

/**
 * Shows a loading animation on forward (push) navigation and hides it on back or replace
 * navigation (spec 1, section 4), or as soon as the new page has rendered.
 */
export function NavigationLoadingProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Keys of pages that have rendered or waited too long; a pushed page not among them is loading.
  const [settledKeys, setSettledKeys] = useState<ReadonlySet<string>>(() => new Set());
  const settle = useCallback((key: string) => setSettledKeys((keys) => (keys.has(key) ? keys : new Set(keys).add(key))), []);

  useEffect(() => {
    if (navigationType !== 'PUSH') return;
    const timer = window.setTimeout(() => settle(location.key), MAX_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, navigationType, settle]);

  const loading = navigationType === 'PUSH' && !settledKeys.has(location.key);
  return (
    <ReadyContext.Provider value={settle}>
      <LoadingContext.Provider value={loading}>{children}</LoadingContext.Provider>
    </ReadyContext.Provider>
  );
}

/** Rendered after the page inside the Suspense boundary: it mounts once the page's code has loaded. */
export function RouteReady() {
  const location = useLocation();
  const markReady = useContext(ReadyContext);
  useEffect(() => {
    // Let the page paint once before the animation goes.
    const frame = window.requestAnimationFrame(() => markReady(location.key));
    return () => window.cancelAnimationFrame(frame);
  }, [location.key, markReady]);
  return null;
}

export function NavigationLoadingOverlay() {
  const loading = useContext(LoadingContext);
  if (!loading) return null;
  return <LoadingStatus />;
}

function LoadingStatus() {
  const t = useSiteFrameTexts();
  return (
    <div className="navigation-loading" role="status" aria-live="polite" data-testid="navigation-loading">
      <span className="navigation-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
