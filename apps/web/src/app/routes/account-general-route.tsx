import { useQueryClient } from '@tanstack/react-query';
import type { Language } from '@testerhub/shared/i18n';
import type { TesterInfo } from '@testerhub/shared/profile-schemas';
import { LanguageSetting } from '../../features/account-settings/language-setting';
import { OptInPopup } from '../../features/account-settings/opt-in-popup';
import { AccountGeneralPage } from '../../features/account/account-general-page';
import { ChildAddOnlyPopup } from '../../features/children/child-add-only-popup';
import { LeaderboardPopup } from '../../features/leaderboard/leaderboard-popup';
import { AvatarPopup } from '../../features/perks/avatar-popup';
import { SkillTreePopup } from '../../features/perks/skill-tree-popup';
import { useTesterInfo } from '../../features/portal-shell/api/get-tester-info';
import { portalShellKeys } from '../../features/portal-shell/api/query-keys';
import { LoginCount } from '../../features/portal-shell/login-count';
import { LogoutButton } from '../../features/portal-shell/logout-control';
import { ProfileSummary } from '../../features/portal-shell/profile-summary';
import { usePortalContext } from '../../hooks/use-portal-context';

const noRefresh = () => undefined;

/** The tester info holds the new language at once (the shell keeps the tab's language from it), then is read again from the server. */
function useLanguageChanged() {
  const queryClient = useQueryClient();
  return (language: Language) => {
    queryClient.setQueryData<TesterInfo>(portalShellKeys.testerInfo(), (current) => (current ? { ...current, language } : current));
    void queryClient.invalidateQueries({ queryKey: portalShellKeys.testerInfo() });
  };
}

/** /community/main/account/general: the tiles, with the kid popup, the opt-in popup, the perks, the picture choice, the language, the leaderboard and the shell's figures (decisions 030, 033, 035, 038, 039, 114). */
export function AccountGeneralRoute() {
  const info = useTesterInfo();
  const refreshProfile = usePortalContext()?.refreshProfile ?? noRefresh;
  const languageChanged = useLanguageChanged();
  return (
    <AccountGeneralPage
      kidsPopup={(onClose) => <ChildAddOnlyPopup onClose={onClose} />}
      notificationsPopup={(onClose) => <OptInPopup onClose={onClose} />}
      logOutButton={<LogoutButton className="button button--outline" />}
      loginCount={<LoginCount />}
      leaderboardPopup={(onClose) => <LeaderboardPopup onClose={onClose} />}
      perksPopup={(onClose) => <SkillTreePopup onClose={onClose} refreshProfile={refreshProfile} />}
      profileSummary={<ProfileSummary />}
      languageSetting={<LanguageSetting onChanged={languageChanged} />}
      profilePopup={(onClose) =>
        info.data && <AvatarPopup level={info.data.level} fileName={info.data.fileName} onClose={onClose} refreshProfile={refreshProfile} />
      }
    />
  );
}
