import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccountPanel } from '../../components/account-panel';
import { usePageTitle } from '../../hooks/use-page-title';
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
  const tabRefs = useRef<Partial<Record<Tab, HTMLAnchorElement | null>>>({});
  const tabId = (key: Tab) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((entry) => entry.key === tab);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    tabRefs.current[target.key]?.focus();
    if (target.key !== tab) navigate(target.path, { replace: true });
  };

  return (
    <AccountPanel title="Forgot your username or password?" intro={current.intro}>
      <div role="tablist" aria-label="Account recovery" className="find-info__tabs" onKeyDown={onKeyDown}>
        {TABS.map((entry) => {
          const selected = entry.key === tab;
          return (
            <Link
              key={entry.key}
              ref={(element) => {
                tabRefs.current[entry.key] = element;
              }}
              to={entry.path}
              replace
              role="tab"
              id={tabId(entry.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className="find-info__tab"
            >
              {entry.label}
            </Link>
          );
        })}
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
