import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { BREAKPOINTS } from '@testerhub/shared/breakpoints';
import { COMPANY } from '@testerhub/shared/company';
import type { ThemeStyle } from '@testerhub/shared/public-content';
import { ModalDialog } from '../../components/modal-dialog';
import { apiPost } from '../../lib/api';
import { EXPIRED_SCHEDULE_COOKIE, forgetScheduleSessionExpired, scheduleSessionExpired } from '../../lib/expired-schedule-session';
import { logError } from '../../lib/log';
import { useCommunityRootTexts } from './community-root-texts';
import { joinRedirectTarget, keepEntryQuery, themeColours } from './entry-query';
import './community-layout.css';

export { EXPIRED_SCHEDULE_COOKIE };
const THEME_NAME = 'loginTheme2';

/**
 * The account root: every /community/* and /account/* page renders inside it. It keeps the
 * entry query in sessionStorage, sends join links with u to registration, shows the notice
 * of an expired scheduling session and paints the theme animation on wider windows.
 * (The old-domain, /treg, CommonAP.aspx and ExternalScr.aspx redirects happen on the server.)
 */
export function CommunityLayout() {
  const { pathname, search } = useLocation();
  // The portal shell brings its own header; the entry pages get the compact one.
  const inPortal = pathname.toLowerCase().startsWith('/community/main');
  const [sessionExpired, setSessionExpired] = useState(scheduleSessionExpired);
  // The self-schedule page leaves the cookie when its session ends and the portal moves to login
  // within this layout, so the cookie is looked for again on every change of page.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (!sessionExpired && scheduleSessionExpired()) setSessionExpired(true);
  }
  const [colours, setColours] = useState<string[]>([]);

  useEffect(() => {
    keepEntryQuery(pathname, search);
  }, [pathname, search]);

  useEffect(() => {
    // Phones skip the animation, and the call behind it (spec 2, section 9).
    if (window.innerWidth <= BREAKPOINTS.small) return;
    let active = true;
    apiPost<ThemeStyle>('/themeStyle/GetStyles', THEME_NAME).then(
      (style) => {
        if (active) setColours(themeColours(style.styleFile));
      },
      (error: unknown) => logError('theme style could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, []);

  const closeExpiredNotice = useCallback(() => {
    forgetScheduleSessionExpired();
    setSessionExpired(false);
  }, []);

  const joinTarget = joinRedirectTarget(pathname, search);
  if (joinTarget) return <Navigate to={joinTarget} replace />;

  return (
    <div className="community">
      {colours.length > 0 && (
        <div
          className="community__theme"
          aria-hidden="true"
          data-testid="community-theme"
          style={{ backgroundImage: `linear-gradient(120deg, ${(colours.length > 1 ? colours : [colours[0], colours[0]]).join(', ')})` }}
        />
      )}
      {!inPortal && (
        <header className="community__header">
          <Link to="/" className="community__logo">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            <span>{COMPANY.communityName}</span>
          </Link>
        </header>
      )}
      <Outlet />
      {sessionExpired && (
        // Its own boundary: a Spanish tab waits for the notice's words, not the page for them.
        <Suspense fallback={null}>
          <SessionExpiredNotice onClose={closeExpiredNotice} />
        </Suspense>
      )}
    </div>
  );
}

/** A self-schedule session ended before the booking was made (spec 2, section 8). */
function SessionExpiredNotice({ onClose }: { onClose: () => void }) {
  const t = useCommunityRootTexts();
  return (
    <ModalDialog title={t('sessionExpiredTitle')} onClose={onClose} closeLabel={t('close')}>
      <p>{t('sessionExpired')}</p>
    </ModalDialog>
  );
}
