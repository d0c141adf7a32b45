import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { COMPANY } from '@testerhub/shared/company';
import { BurgerButton, BurgerMenu } from '../../components/burger-button';
import { ModalDialog } from '../../components/modal-dialog';
import { useBurgerMenu } from '../../hooks/use-burger-menu';
import type { PortalContext } from '../../hooks/use-portal-context';
import { apiGet } from '../../lib/api';
import { logError } from '../../lib/log';
import { isUnauthenticated } from '../../lib/request-error';
import { LevelProgress } from './level-progress';
import type { AccountUserInfo, NextLevelInfo, ProfileUserInfo, TesterInfo } from './portal-api';
import { visibleGroups, visibleTopNav } from './portal-menu';
import './portal-shell.css';

const LOGIN = '/community/login';

type Auth = 'checking' | 'authorized' | 'unavailable';
type Profile = { status: 'loading' } | { status: 'ready'; info: TesterInfo } | { status: 'failed' };

/**
 * /community/main: the logged-in shell (spec 2, section 2). It checks the session on entry
 * (none: to login), loads the tester's level, coins and avatar, and shows the side menu,
 * the top nav with its burger below 1024 px, and the page in a scrolling content area.
 */
export function PortalShell() {
  const navigate = useNavigate();
  const [auth, setAuth] = useState<Auth>('checking');
  const [attempt, setAttempt] = useState(0);
  const [profile, setProfile] = useState<Profile>({ status: 'loading' });
  const [profileNoticeOpen, setProfileNoticeOpen] = useState(true);
  const [firstName, setFirstName] = useState('');
  const [logoutFailed, setLogoutFailed] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  // Opens at once, closes after the 500 ms animation (spec 2, section 9).
  const { menu, menuId, closeMenu, toggleMenu } = useBurgerMenu();

  const toLogin = useCallback(() => navigate(LOGIN, { replace: true }), [navigate]);

  useEffect(() => {
    let active = true;
    // The session check comes first: without a session nothing else is asked (and nothing else fails).
    apiGet<{ status: string }>('/account/CheckAuthorize').then(
      () => {
        if (!active) return;
        setAuth('authorized');
        apiGet<TesterInfo>('/account/GetPKTesterInfo').then(
          (info) => active && setProfile({ status: 'ready', info }),
          (error: unknown) => {
            if (!active) return;
            if (isUnauthenticated(error)) toLogin();
            else {
              logError('tester information could not be loaded', error);
              setProfile({ status: 'failed' });
            }
          },
        );
        apiGet<AccountUserInfo>('/account/GetUserInfo').then(
          (answer) => active && setFirstName(answer.testerInfo.firstName),
          (error: unknown) => {
            if (!isUnauthenticated(error)) logError('account information could not be loaded', error);
          },
        );
      },
      (error: unknown) => {
        if (!active) return;
        if (isUnauthenticated(error)) toLogin();
        else {
          logError('authorisation check failed', error);
          setAuth('unavailable');
        }
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, toLogin]);

  const refreshProfile = useCallback(() => {
    apiGet<ProfileUserInfo>('/profile/GetUserInfo').then(
      (answer) => {
        if (answer.status !== 'succeed') return;
        setProfile((current) => (current.status === 'ready' ? { status: 'ready', info: { ...current.info, ...answer } } : current));
      },
      (error: unknown) => (isUnauthenticated(error) ? toLogin() : logError('profile could not be refreshed', error)),
    );
  }, [toLogin]);

  const refreshProgress = useCallback(() => {
    apiGet<NextLevelInfo>('/profile/GetNextLevelEXP').then(
      (answer) => {
        if (answer.status !== 'succeed') return;
        const { exp, nextLevelExp, remainExp } = answer;
        setProfile((current) =>
          current.status === 'ready' ? { status: 'ready', info: { ...current.info, exp, nextLevelExp, remainExp } } : current,
        );
      },
      (error: unknown) => logError('level progress could not be refreshed', error),
    );
  }, []);

  const logOut = () => {
    if (loggingOut) return;
    setLoggingOut(true);
    if (menu === 'open') closeMenu();
    apiGet<{ status: string }>('/account/Logout')
      .then(toLogin, (error: unknown) => {
        logError('logout failed', error);
        setLogoutFailed(true);
      })
      .finally(() => setLoggingOut(false));
  };

  const closeProfileNotice = useCallback(() => setProfileNoticeOpen(false), []);
  const closeLogoutFailure = useCallback(() => setLogoutFailed(false), []);

  if (auth !== 'authorized') {
    return (
      <main className="portal-gate">
        {auth === 'checking' ? (
          <p role="status" className="portal-gate__status">
            <span className="portal-gate__spinner" aria-hidden="true" />
            Loading your account…
          </p>
        ) : (
          <div role="alert">
            <p>We could not reach the server to check your session.</p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setAuth('checking');
                setAttempt((value) => value + 1);
              }}
            >
              Try again
            </button>
          </div>
        )}
      </main>
    );
  }

  const groups = visibleGroups();
  const topNav = visibleTopNav();
  const context: PortalContext = { refreshProfile };
  const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'is-active' : undefined);

  return (
    <div className="portal">
      <header className="portal-nav">
        <div className="portal-nav__bar">
          <Link to="/" className="portal-nav__logo">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            <span className="portal-nav__brand">{COMPANY.communityName}</span>
          </Link>
          <nav aria-label="Main" className="portal-nav__links">
            <ul>
              {topNav
                .filter((item) => !item.mobileOnly)
                .map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={navLinkClass}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
          <div className="portal-nav__status">
            {profile.status === 'ready' && <LevelProgress info={profile.info} onOpen={refreshProgress} />}
            {profile.status === 'loading' && <span className="portal-nav__placeholder" aria-hidden="true" />}
          </div>
          <button type="button" className="button button--outline portal-nav__logout" onClick={logOut} disabled={loggingOut}>
            Log out
          </button>
          <BurgerButton menu={menu} controls={menuId} onClick={toggleMenu} className="portal-nav__burger" />
        </div>
        <BurgerMenu id={menuId} menu={menu} className="portal-nav__menu" label="Mobile" testId="portal-burger-menu">
          <ul>
            {topNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass} onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" onClick={logOut} disabled={loggingOut}>
                Log out
              </button>
            </li>
          </ul>
        </BurgerMenu>
      </header>
      <div className="portal__body">
        <nav aria-label="Portal menu" className="portal-side">
          {firstName && <p className="portal-side__greeting">Hi, {firstName}!</p>}
          {groups.map((group) => (
            <div key={group.label} className="portal-side__group">
              <p className="portal-side__heading" id={`${menuId}-${group.label}`}>
                {group.label}
              </p>
              <ul aria-labelledby={`${menuId}-${group.label}`}>
                {group.entries.map((entry) => (
                  <li key={entry.to}>
                    <NavLink to={entry.to} className={navLinkClass}>
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="portal-side__group portal-side__group--logout">
            <button type="button" className="portal-side__logout" onClick={logOut} disabled={loggingOut}>
              Log out
            </button>
          </div>
        </nav>
        {/* Focusable so keyboard users can scroll the content area, whose height is capped. */}
        <main className="portal__content" tabIndex={0} data-testid="portal-content">
          <Outlet context={context} />
        </main>
      </div>
      {profile.status === 'failed' && profileNoticeOpen && (
        <ModalDialog title="Something went wrong" tone="error" onClose={closeProfileNotice}>
          <p>{ENTRY_TEXTS.profileFailure}</p>
        </ModalDialog>
      )}
      {logoutFailed && (
        <ModalDialog title="Could not log out" tone="error" onClose={closeLogoutFailure}>
          <p>We could not log you out. Please check your connection and try again.</p>
        </ModalDialog>
      )}
    </div>
  );
}
