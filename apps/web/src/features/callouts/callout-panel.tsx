import { useState } from 'react';
import { useLocation } from 'react-router';
import { useCallouts } from './use-callouts';

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
