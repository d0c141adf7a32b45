import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { PasswordReminderNotice, usePasswordReminder } from '../../features/account-settings/password-reminder-notice';
import { CalloutPanel, useCallouts } from '../../features/callouts/callout-panel';
import { KidConfirmationRunner } from '../../features/children/kid-confirmation-runner';
import { LoginBonusRunner } from '../../features/daily-bonus/login-bonus-runner';
import { useAuthorization } from '../../features/portal-shell/api/check-authorize';
import { PortalShell } from '../../features/portal-shell/portal-shell';
import { SuspensionNotice } from '../../features/portal-shell/suspension-notice';
import { readStoredLink } from '../../features/screeners/stored-study-link';
import { StudyLinkRunner } from '../../features/screeners/study-link-runner';
import { termsStatusQueryOptions } from '../../features/terms/api/get-terms-status';
import { TermsGate } from '../../features/terms/terms-gate';
import { lazyPage } from '../../lib/lazy-page';
import { PortalQueryProvider } from '../../lib/query-provider';
import { childPopup } from './child-popup-slot';

// Offered after a claimed login bonus only, so it loads then, not with every portal page (decision 100).
const SmsOptInPrompt = lazyPage(() => import('../../features/account-settings/sms-opt-in-prompt'), 'SmsOptInPrompt');

/**
 * What runs in the shell on every portal page: first the terms (decision 041: while a new version
 * waits for the tester's acceptance, nothing else starts; a stored study link stays stored), then
 * the e-mailed links' flows (study links, decision 026; a child's confirmation, 028), the no-show
 * suspension (046), the call-outs and the password reminder (035), then the login bonus (033), which waits for a study link and is
 * followed by the SMS opt-in prompt.
 */
const entryFlow = ({ logOut, refreshProfile }: { logOut: () => void; refreshProfile: () => void }) => (
  <TermsGate logOut={logOut}>
    <StudyLinkRunner logOut={logOut} childPopup={childPopup} />
    <KidConfirmationRunner />
    <SuspensionNotice />
    <CalloutPanel />
    <PasswordReminderNotice />
    <LoginBonusRunner
      refreshProfile={refreshProfile}
      waitWhile={() => readStoredLink() !== null}
      after={(done) => (
        <Suspense fallback={null}>
          <SmsOptInPrompt onDone={done} />
        </Suspense>
      )}
    />
  </TermsGate>
);

/**
 * /community/main and everything under it: the portal's QueryClient, then the shell with its
 * session check (and the study-link flow), then the page. Split off with the portal, so TanStack Query never reaches
 * the public pages' bundle (decision 012).
 */
export function PortalRoute() {
  return (
    <PortalQueryProvider>
      <PortalWithEntryFlow />
    </PortalQueryProvider>
  );
}

/**
 * The shell shows its page once it knows what the entry flow puts above it (decision 130): the terms'
 * status (while it is asked the flow shows nothing), the call-outs with their code, and the password
 * reminder with its code (decision 138). All are asked together once the session is known, so the
 * call-out banner and the reminder are in place at the first paint and never push the page down
 * under the tester's click.
 */
function PortalWithEntryFlow() {
  const sessionKnown = useAuthorization().isSuccess;
  const terms = useQuery({ ...termsStatusQueryOptions(), enabled: sessionKnown });
  const callouts = useCallouts({ enabled: sessionKnown });
  const passwordReminder = usePasswordReminder({ enabled: sessionKnown });
  // Once shown, the page stays shown: a read asked again later (a failed one, as the flow mounts) must not take it away.
  const [entryKnown, setEntryKnown] = useState(false);
  if (!entryKnown && sessionKnown && !terms.isPending && callouts.settled && passwordReminder.settled) setEntryKnown(true);
  return <PortalShell entryFlow={entryFlow} entryPending={sessionKnown && !entryKnown} />;
}
