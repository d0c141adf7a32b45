import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountPanel } from '../../components/account-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTabList } from '../../hooks/use-tab-list';
import { SignInLanguageToggle, useSignInTexts } from '../../components/sign-in-texts';
import { FindUsernameForm } from './find-username-form';
import { ForgotPasswordForm } from './forgot-password-form';
import './recovery.css';

type Tab = 'username' | 'password';

const TABS = [
  { key: 'username', label: 'findUsernameTab', path: '/community/findinfo/username', intro: 'findUsernameIntro' },
  { key: 'password', label: 'resetPasswordTab', path: '/community/findinfo/password', intro: 'resetPasswordIntro' },
] as const satisfies readonly { key: Tab; label: string; path: string; intro: string }[];

/**
 * /community/findinfo/username and /community/findinfo/password: two tabs, each with its own
 * address (spec 2, section 2). The tabs follow the ARIA tabs pattern with automatic
 * activation: arrow keys, Home and End move between them and open the other address.
 */
export function FindInfoPage({ tab }: { tab: Tab }) {
  const t = useSignInTexts();
  const current = TABS.find((entry) => entry.key === tab) ?? TABS[0];
  usePageTitle(t(current.label));
  const navigate = useNavigate();
  const baseId = useId();
  const { tabListProps, tabProps } = useTabList<HTMLAnchorElement>({
    count: TABS.length,
    selected: TABS.findIndex((entry) => entry.key === current.key),
    onSelect: (index) => navigate(TABS[index]!.path, { replace: true }),
  });
  const tabId = (key: Tab) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  return (
    <AccountPanel title={t('recoveryTitle')} intro={t(current.intro)} top={<SignInLanguageToggle />}>
      <div aria-label={t('recoveryTabs')} className="find-info__tabs" {...tabListProps}>
        {TABS.map((entry, index) => (
          <Link
            key={entry.key}
            {...tabProps(index)}
            to={entry.path}
            replace
            id={tabId(entry.key)}
            aria-controls={panelId}
            className="find-info__tab"
          >
            {t(entry.label)}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {/* A key per tab, so switching starts the other form fresh. */}
        {tab === 'username' ? <FindUsernameForm key="username" /> : <ForgotPasswordForm key="password" />}
      </div>
      <p className="find-info__back">
        <Link to="/community/login">{t('backToLogIn')}</Link>
      </p>
    </AccountPanel>
  );
}
