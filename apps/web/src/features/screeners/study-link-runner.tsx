import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import type { StudyLinkRunnerProps } from './study-link-flow-runner';
import { readStoredLink } from './stored-study-link';

// The flow, its calls and its notices load once a link is stored, not with every portal page (decision 100).
const StudyLinkFlowRunner = lazyPage(() => import('./study-link-flow-runner'), 'StudyLinkFlowRunner');

/**
 * The login-time study-link flow's place in the portal shell (spec 2, section 4; decision 026):
 * it looks for a stored link on every navigation and, once one is there, loads and keeps the flow
 * (StudyLinkFlowRunner), which runs the link and shows its notices after it cleared the link.
 */
export function StudyLinkRunner(props: StudyLinkRunnerProps) {
  useLocation(); // a navigation looks for a stored link again, as the flow itself does
  const linkStored = readStoredLink() !== null;
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
