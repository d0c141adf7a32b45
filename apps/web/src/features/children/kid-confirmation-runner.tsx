import { Suspense, useState } from 'react';
import { sessionValues } from '../../lib/browser-storage';
import { lazyPage } from '../../lib/lazy-page';

// The confirmation, its call and its notices load when the portal opens with a child's link, not with every portal page (decision 100).
const KidConfirmation = lazyPage(() => import('./kid-confirmation'), 'KidConfirmation');

/** A child's confirmation link waits: a `k` without a study link's `s` (which makes `k` the study link's). */
const confirmationStored = () => Boolean(sessionValues.get('k')) && !sessionValues.get('s');

/**
 * The parent's confirmation link in the portal shell (decision 028): looked for as the portal opens,
 * as the account root stores `k` and then opens the portal; KidConfirmation confirms and says how it went.
 */
export function KidConfirmationRunner() {
  const [confirming] = useState(confirmationStored);
  if (!confirming) return null;
  return (
    <Suspense fallback={null}>
      <KidConfirmation />
    </Suspense>
  );
}
