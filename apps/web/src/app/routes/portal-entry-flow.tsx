import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { PasswordReminderNotice } from '../../features/account-settings/password-reminder-notice';
import { usePasswordReminder } from '../../features/account-settings/use-password-reminder';
import { CalloutPanel } from '../../features/callouts/callout-panel';
import { useCallouts } from '../../features/callouts/use-callouts';
import { KidConfirmationRunner } from '../../features/children/kid-confirmation-runner';
import { LoginBonusRunner } from '../../features/daily-bonus/login-bonus-runner';
import { SuspensionNotice } from '../../features/portal-shell/suspension-notice';
import { readStoredLink } from '../../features/screeners/stored-study-link';
import { StudyLinkRunner } from '../../features/screeners/study-link-runner';
import { termsStatusQueryOptions } from '../../features/terms/api/get-terms-status';
import { TermsGate } from '../../features/terms/terms-gate';
import { lazyPage } from '../../lib/lazy-page';
import { childPopup } from './child-popup-slot';

// Offered after a claimed login bonus only, so it loads then, not with every portal page (decision 100).
const SmsOptInPrompt = lazyPage(() => import('../../features/account-settings/sms-opt-in-prompt'), 'SmsOptInPrompt');

/**
 * What runs in the shell on every portal page: first the terms (decision 041: while a new version
 * waits for the tester's acceptance, nothing else starts; a stored study link stays stored), then
 * the e-mailed links' flows (study links, decision 026; a child's confirmation, 028), the no-show
 * suspension (046), the call-outs and the password reminder (035), then the login bonus (033), which waits for a study link and is
 * followed by the SMS opt-in prompt. Its own chunk, loaded beside the session check (decision 141).
 */
export const entryFlow = ({ logOut, refreshProfile }: { logOut: () => void; refreshProfile: () => void }) => (
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
 * Mounted once the session is known: asks what the entry flow puts above the page (the terms' status,
 * the call-outs with their code, the password reminder with its code) all together, and says when
 * all of it is here (or failed), so the shell shows its page with them in place (decisions 130, 138).
 */
export function EntryFlowReads({ onSettled }: { onSettled: () => void }) {
  const terms = useQuery(termsStatusQueryOptions());
  const callouts = useCallouts();
  const passwordReminder = usePasswordReminder();
  const settled = !terms.isPending && callouts.settled && passwordReminder.settled;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  return null;
}
