import { PasswordReminderNotice } from '../../features/account-settings/password-reminder-notice';
import { CalloutPanel } from '../../features/callouts/callout-panel';
import { KidConfirmationRunner } from '../../features/children/kid-confirmation-runner';
import { PortalShell } from '../../features/portal-shell/portal-shell';
import { StudyLinkRunner } from '../../features/screeners/study-link-runner';
import { PortalQueryProvider } from '../../lib/query-provider';
import { childPopup } from './child-popup-slot';

/**
 * What runs in the shell on every portal page: the e-mailed links' flows (study links, decision 026;
 * a child's confirmation, 028), the call-outs and the password reminder (035).
 */
const entryFlow = ({ logOut }: { logOut: () => void }) => (
  <>
    <StudyLinkRunner logOut={logOut} childPopup={childPopup} />
    <KidConfirmationRunner />
    <CalloutPanel />
    <PasswordReminderNotice />
  </>
);

/**
 * /community/main and everything under it: the portal's QueryClient, then the shell with its
 * session check (and the study-link flow), then the page. Split off with the portal, so TanStack Query never reaches
 * the public pages' bundle (decision 012).
 */
export function PortalRoute() {
  return (
    <PortalQueryProvider>
      <PortalShell entryFlow={entryFlow} />
    </PortalQueryProvider>
  );
}
