import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import type { StudyLinkRunnerProps } from './study-link-flow-runner';
import { sessionValues } from '../../lib/browser-storage';
import { HANDLED_LINK_KEY, linkKey, readStoredLink, SELF_SCHEDULE_PATH } from './stored-study-link';

// The flow, its calls and its notices load once a link is stored, not with every portal page (decision 100).
const StudyLinkFlowRunner = lazyPage(() => import('./study-link-flow-runner'), 'StudyLinkFlowRunner');

/**
 * The login-time study-link flow's place in the portal shell (spec 2, section 4; decision 026):
 * it looks for a stored link on every navigation and, once one is there, loads and keeps the flow
 * (StudyLinkFlowRunner), which runs the link and shows its notices after it cleared the link.
 */
export function StudyLinkRunner(props: StudyLinkRunnerProps) {
  const { pathname } = useLocation(); // a navigation looks for a stored link again, as the flow itself does
  const link = readStoredLink();
  const linkStored = link !== null;
  const linkId = link && linkKey(link);
  // The self-schedule page handles the link it was opened with, so leaving it must not run the link
  // through the flow again (which would send the tester straight back). Marked here, at once: the
  // flow's own mark came too late when its chunk loaded after the tester had left the page.
  useEffect(() => {
    if (linkId && pathname.toLowerCase().startsWith(SELF_SCHEDULE_PATH)) sessionValues.set(HANDLED_LINK_KEY, linkId);
  }, [linkId, pathname]);
  const [flowNeeded, setFlowNeeded] = useState(linkStored);
  // Set during render (React's pattern for state that follows a value): the flow mounts in the same pass.
  if (linkStored && !flowNeeded) setFlowNeeded(true);
  if (!flowNeeded) return null;
  return (
    <Suspense fallback={null}>
      <StudyLinkFlowRunner {...props} />
    </Suspense>
  );
}
