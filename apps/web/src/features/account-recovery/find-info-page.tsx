import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountPanel } from '../../components/account-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTabList } from '../../hooks/use-tab-list';
import { FindUsernameForm } from './find-username-form';
import { ForgotPasswordForm } from './forgot-password-form';
import './recovery.css';

type Tab = 'username' | 'password';

const TABS: readonly { key: Tab; label: string; path: string; intro: string }[] = [
  {
    key: 'username',
    label: 'Find username',
    path: '/community/findinfo/username',
    intro: 'Tell us your name and the e-mail address you registered with, and we will show you your username.',
  },
  {
    key: 'password',
    label: 'Reset password',
    path: '/community/findinfo/password',
    intro: 'Enter your username and e-mail address, and we will e-mail you a link to choose a new password.',
  },
];

/**
 * /community/findinfo/username and /community/findinfo/password: two tabs, each with its own
 * address (spec 2, section 2). The tabs follow the ARIA tabs pattern with automatic
 * activation: arrow keys, Home and End move between them and open the other address.
 */
export function FindInfoPage({ tab }: { tab: Tab }) {
  const current = TABS.find((entry) => entry.key === tab) ?? TABS[0]!;
  usePageTitle(current.label);
  const navigate = useNavigate();
  const baseId = useId();
  const { tabListProps, tabProps } = useTabList<HTMLAnchorElement>({
    count: TABS.length,
    selected: TABS.indexOf(current),
    onSelect: (index) => navigate(TABS[index]!.path, { replace: true }),
  });
  const tabId = (key: Tab) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  return (
    <AccountPanel title="Forgot your username or password?" intro={current.intro}>
      <div aria-label="Account recovery" className="find-info__tabs" {...tabListProps}>
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
            {entry.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        {/* A key per tab, so switching starts the other form fresh. */}
        {tab === 'username' ? <FindUsernameForm key="username" /> : <ForgotPasswordForm key="password" />}
      </div>
      <p className="find-info__back">
        <Link to="/community/login">Back to log in</Link>
      </p>
    </AccountPanel>
  );
}
