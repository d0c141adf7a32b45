import { OptInPopup } from '../../features/account-settings/opt-in-popup';
import { AccountGeneralPage } from '../../features/account/account-general-page';
import { ChildAddOnlyPopup } from '../../features/children/child-add-only-popup';
import { LogoutButton } from '../../features/portal-shell/logout-control';

/** /community/main/account/general: the tiles, with the kid popup, the opt-in popup (035) and the shell's Log out (decision 030). */
export function AccountGeneralRoute() {
  return (
    <AccountGeneralPage
      kidsPopup={(onClose) => <ChildAddOnlyPopup onClose={onClose} />}
      notificationsPopup={(onClose) => <OptInPopup onClose={onClose} />}
      logOutButton={<LogoutButton className="button button--outline" />}
    />
  );
}
