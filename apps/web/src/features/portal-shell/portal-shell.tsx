import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { BurgerButton, BurgerMenu } from '../../components/burger-button';
import { CallLoadingIndicator } from '../../components/call-loading-indicator';
import { ModalDialog } from '../../components/modal-dialog';
import { useBurgerMenu } from '../../hooks/use-burger-menu';
import { currentLanguage, setLanguage } from '../../hooks/use-entry-language';
import type { PortalContext } from '../../hooks/use-portal-context';
import { viewStatus } from '../../lib/query-status';
import { loadSpanishOfAreasShown } from '../../lib/texts';
import { useAuthorization } from './api/check-authorize';
import { useAccountUserInfo } from './api/get-account-user-info';
import { useRefreshLevelProgress, useRefreshProfile } from './api/refresh-on-demand';
import { useTesterInfo } from './api/get-tester-info';
import { LevelProgress } from './level-progress';
import { LogoutButton, LogoutProvider, WithLogOut } from './logout-control';
import { visibleGroups, visibleTopNav } from './portal-menu';
import { usePortalShellTexts } from './portal-shell-texts';
import './portal-shell.css';

const LOGIN = '/community/login';

interface PortalShellProps {
  /**
   * What runs in the shell once the session is known, across its pages (the portal route mounts the
   * study-link flow and the login bonus here): it gets the shell's logout and its profile refresh.
   */
  entryFlow?: (shell: { logOut: () => void; refreshProfile: () => void }) => ReactNode;
  /**
   * True while what the entry flow shows above the page is still coming (the call-outs): the shell
   * keeps its loading status until then, so nothing lands above the page after it is shown (decision 130).
   */
  entryPending?: boolean;
}

/**
 * /community/main: the logged-in shell (spec 2, section 2). It checks the session on entry
 * (none: to login, through the portal QueryClient's 401 rule), loads the tester's level,
 * coins and avatar, and shows the side menu, the top nav with its burger below 1024 px, and
 * the page in a content card that grows with it. Its data comes from ./api (decision 012).
 */
export function PortalShell({ entryFlow, entryPending = false }: PortalShellProps = {}) {
  const navigate = useNavigate();
  // The session check comes first: without a session nothing else is asked (and nothing else fails).
  const authorization = useAuthorization();
  const auth = viewStatus(authorization);
  const authorized = auth === 'success';
  // The page shows once the session is known and the entry flow has what it puts above the page.
  const pageShown = authorized && !entryPending;
  const testerInfo = useTesterInfo({ enabled: authorized });
  const profile = viewStatus(testerInfo);
  const t = usePortalShellTexts();
  // Once known, the tester's own language is the language of every page (issue 28, Spanish end to end).
  const testerLanguage = testerInfo.data?.language;
  // To Spanish only once the Spanish of what is shown is here: the page keeps its English meanwhile
  // instead of going blank while its texts load (decision 138). A failed load switches all the same.
  useEffect(() => {
    if (!testerLanguage) return;
    if (testerLanguage === 'en' || currentLanguage() === 'es') {
      setLanguage(testerLanguage); // sets the document's lang too
      return;
    }
    let current = true;
    const switchToSpanish = () => {
      if (current) setLanguage('es');
    };
    loadSpanishOfAreasShown().then(switchToSpanish, switchToSpanish);
    return () => {
      current = false;
    };
  }, [testerLanguage]);
  const firstName = useAccountUserInfo({ enabled: authorized }).data?.testerInfo.firstName ?? '';
  const refreshProfile = useRefreshProfile();
  const refreshProgress = useRefreshLevelProgress();
  const [profileNoticeOpen, setProfileNoticeOpen] = useState(true);
  // Opens at once, closes after the 500 ms animation (spec 2, section 9).
  const { menu, menuId, closeMenu, toggleMenu } = useBurgerMenu();

  const toLogin = useCallback(() => navigate(LOGIN, { replace: true }), [navigate]);
  const closeOpenMenu = useCallback(() => {
    if (menu === 'open') closeMenu();
  }, [menu, closeMenu]);
  const closeProfileNotice = useCallback(() => setProfileNoticeOpen(false), []);

  // Below 1024 px the side menu is a bar that scrolls sideways: bring the current page's entry into view.
  const sideMenu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const bar = sideMenu.current;
    const current = bar?.querySelector<HTMLElement>('a.is-active');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2;
  }, [pathname, pageShown]);

  if (!pageShown) {
    return (
      <main className="portal-gate">
        {auth !== 'error' ? (
          <p role="status" className="portal-gate__status">
            <span className="portal-gate__spinner" aria-hidden="true" />
            {t('loadingAccount')}
          </p>
        ) : (
          <div role="alert">
            <p>{t('sessionCheckFailed')}</p>
            <button type="button" className="button button--primary" onClick={() => void authorization.refetch()}>
              {t('tryAgain')}
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
    <LogoutProvider onStart={closeOpenMenu} onLoggedOut={toLogin}>
      <div className="portal">
        {/* One loading indicator for every portal call (spec 2, "Loading indicator"). */}
        <CallLoadingIndicator label={t('loading')} />
        {entryFlow && <WithLogOut render={(logOut) => entryFlow({ logOut, refreshProfile })} />}
        <header className="portal-nav">
          <div className="portal-nav__bar">
            <Link to="/" className="portal-nav__logo">
              <img src="/favicon.svg" alt="" width="32" height="32" />
              <span className="portal-nav__brand">{COMPANY.communityName}</span>
            </Link>
            <nav aria-label={t('mainNavLabel')} className="portal-nav__links">
              <ul>
                {topNav
                  .filter((item) => !item.mobileOnly)
                  .map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} className={navLinkClass}>
                        {t(item.text)}
                      </NavLink>
                    </li>
                  ))}
              </ul>
            </nav>
            <div className="portal-nav__status">
              {testerInfo.data && <LevelProgress info={testerInfo.data} onOpen={refreshProgress} />}
              {profile === 'pending' && <span className="portal-nav__placeholder" aria-hidden="true" />}
              {/* Spec 2's shell: the mobile-only entries (MY ACCOUNT) also stand as a link beside the level badge on desktop. */}
              {topNav
                .filter((item) => item.mobileOnly)
                .map((item) => (
                  <NavLink key={item.to} to={item.to} className={({ isActive }) => `portal-nav__account${isActive ? ' is-active' : ''}`}>
                    {t(item.text)}
                  </NavLink>
                ))}
            </div>
            <LogoutButton className="button button--outline portal-nav__logout" />
            <BurgerButton
              menu={menu}
              controls={menuId}
              onClick={toggleMenu}
              className="portal-nav__burger"
              labels={{ open: t('openMenu'), close: t('closeMenu') }}
            />
          </div>
          <BurgerMenu id={menuId} menu={menu} className="portal-nav__menu" label={t('mobileMenuLabel')} testId="portal-burger-menu">
            <ul>
              {topNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass} onClick={closeMenu}>
                    {t(item.text)}
                  </NavLink>
                </li>
              ))}
              <li>
                <LogoutButton />
              </li>
            </ul>
          </BurgerMenu>
        </header>
        <div className="portal__body">
          <nav aria-label={t('portalMenuLabel')} className="portal-side" ref={sideMenu}>
            {firstName && <p className="portal-side__greeting">{t('greeting', { name: firstName })}</p>}
            {groups.map((group) => (
              <div key={group.label} className="portal-side__group">
                <p className="portal-side__heading" id={`${menuId}-${group.text}`}>
                  {t(group.text)}
                </p>
                <ul aria-labelledby={`${menuId}-${group.text}`}>
                  {group.entries.map((entry) => (
                    <li key={entry.to}>
                      <NavLink to={entry.to} className={navLinkClass}>
                        {t(entry.text)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <div className="portal-side__group portal-side__group--logout">
              <LogoutButton className="portal-side__logout" />
            </div>
          </nav>
          <main className="portal__content" data-testid="portal-content">
            {/* A page whose code or texts are still loading waits inside the shell, never blanking it (decision 138). */}
            <Suspense fallback={<div className="page-placeholder" aria-busy="true" />}>
              <Outlet context={context} />
            </Suspense>
          </main>
        </div>
        {profile === 'error' && profileNoticeOpen && (
          <ModalDialog title={t('somethingWentWrong')} tone="error" onClose={closeProfileNotice}>
            <p>{t('profileFailure')}</p>
          </ModalDialog>
        )}
      </div>
    </LogoutProvider>
  );
}
