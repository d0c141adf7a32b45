import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useCalloutList } from './api/get-callout-list';
import { calloutKeys } from './api/query-keys';

/**
 * The current call-outs and, once there is one, the code that shows them: it loads then, not with
 * every portal page (as the login bonus, decision 100). `settled` says both are here (or failed), so
 * the portal can show its page with the banner already in place (decision 130).
 */
export function useCallouts({ enabled = true }: { enabled?: boolean } = {}) {
  const list = useCalloutList({ enabled });
  const callouts = list.data?.calloutGTypes ?? [];
  const code = useQuery({
    queryKey: calloutKeys.listCode(),
    queryFn: () => import('./callout-list'),
    enabled: callouts.length > 0,
    staleTime: Infinity,
  });
  const settled = !list.isPending && (callouts.length === 0 || !code.isPending);
  return { callouts, CalloutList: code.data?.CalloutList, settled };
}

/**
 * The call-out (spec 3's call-out popup; decision 035): the current call-outs on every portal page,
 * above the page rather than over it, so it never blocks the page. The portal waits for them before
 * it shows the page (decision 130), so the banner is there from the first paint and never pushes the
 * page down under the tester's click. A failed read shows nothing: an announcement is not worth an
 * error on every page (it is logged by the query client).
 */
export function CalloutPanel() {
  const { callouts, CalloutList } = useCallouts();
  const { pathname } = useLocation();
  // The cookies and the page as the portal opened: a call-out not read before then is open on that page only.
  const [atLoad] = useState(() => ({ cookies: document.cookie, pathname }));
  if (callouts.length === 0 || !CalloutList) return null;
  return <CalloutList callouts={callouts} atLoad={atLoad} />;
}
