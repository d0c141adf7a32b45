import { Suspense, type ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useTermsStatus } from './api/get-terms-status';

// Shown only after a new version is published: its code loads when it opens, not with every portal page (decision 100).
const TermsDialog = lazyPage(() => import('./terms-dialog'), 'TermsDialog');

interface TermsGateProps {
  /** Ends the session (the portal shell's logout). */
  logOut: () => void;
  /** The rest of the entry flow (study links, call-outs, the login bonus...): it starts once the terms are settled. */
  children: ReactNode;
}

/**
 * The first step of the portal's entry flow (decision 041): GetTermsStatus is asked once per
 * visit, and while the server says the tester must accept a new version, the terms dialog shows
 * and the rest of the entry flow waits (a stored study link stays stored and runs afterwards). If
 * the status cannot be read, the entry flow goes on: the next visit asks again.
 */
export function TermsGate({ logOut, children }: TermsGateProps) {
  const status = useTermsStatus();
  if (status.isPending) return null;
  if (status.data?.needsAcceptance) {
    return (
      <Suspense fallback={null}>
        <TermsDialog status={status.data} logOut={logOut} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
