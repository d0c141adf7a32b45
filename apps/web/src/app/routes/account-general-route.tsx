import { AccountGeneralPage } from '../../features/account/account-general-page';
import { ChildAddOnlyPopup } from '../../features/children/child-add-only-popup';
import { LoginCount } from '../../features/portal-shell/login-count';
import { LogoutButton } from '../../features/portal-shell/logout-control';

/** /community/main/account/general: the tiles, with the kid popup, the shell's Log out and login count (decisions 030, 033). */
export function AccountGeneralRoute() {
  return (
    <AccountGeneralPage
      kidsPopup={(onClose) => <ChildAddOnlyPopup onClose={onClose} />}
      logOutButton={<LogoutButton className="button button--outline" />}
      loginCount={<LoginCount />}
    />
  );
}
