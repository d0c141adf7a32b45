import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { useCalloutList } from './api/get-callout-list';

// The list and its texts load once there is a call-out, not with every portal page (as the login bonus, decision 100).
const CalloutList = lazyPage(() => import('./callout-list'), 'CalloutList');

/**
 * The call-out (spec 3's call-out popup; decision 035): the current call-outs on every portal page,
 * above the page rather than over it, so it never blocks the page. A failed read shows nothing: an
 * announcement is not worth an error on every page (it is logged by the query client).
 */
export function CalloutPanel() {
  const list = useCalloutList();
  const { pathname } = useLocation();
  // The cookies and the page as the portal opened: a call-out not read before then is open on that page only.
  const [atLoad] = useState(() => ({ cookies: document.cookie, pathname }));
  const callouts = list.data?.calloutGTypes ?? [];
  if (callouts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CalloutList callouts={callouts} atLoad={atLoad} />
    </Suspense>
  );
}
