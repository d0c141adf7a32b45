import { useEffect, useRef, useState } from 'react';
import { SiteLink } from '../../lib/site-navigation';
import { COOKIE_POLICY_ACCEPT, COOKIE_POLICY_LIFETIME_DAYS } from '@testerhub/shared/marketing';
import { useBrowserValue } from '../../hooks/use-browser-value';
import { useSiteFrameTexts } from '../../components/site-frame-texts';
import { readCookie, writeCookie } from '../../lib/cookies';
import './cookie-notice.css';

const listeners = new Set<() => void>();
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * Shown until the cookiePolicyAccept cookie exists (spec 1, 2.5); Accept sets it for 365 days. Part of
 * the site frame, so in the frame's texts: it never suspends the page (decision 131).
 */
export function CookieNotice() {
  // Hidden in the prerendered HTML, which cannot see the visitor's cookies.
  const visible = useBrowserValue(() => readCookie(COOKIE_POLICY_ACCEPT) === undefined, false, subscribe);
  return visible ? <VisibleCookieNotice /> : null;
}

/** The notice's gap to the window's edge, in pixels (cookie-notice.css). */
const NOTICE_MARGIN = 12;

function VisibleCookieNotice() {
  const t = useSiteFrameTexts();
  // The notice floats over the page's end; the same room added after the page lets a phone user
  // scroll the last of it (a form's button, the footer) above the notice instead of behind it.
  const notice = useRef<HTMLElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const element = notice.current;
    if (!element) return;
    const measure = () => setRoom(element.offsetHeight + 2 * NOTICE_MARGIN);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const accept = () => {
    writeCookie(COOKIE_POLICY_ACCEPT, 'true', COOKIE_POLICY_LIFETIME_DAYS);
    listeners.forEach((notify) => notify());
  };

  return (
    <>
      <div className="cookie-notice-room" style={{ height: room }} aria-hidden="true" />
      <section ref={notice} className="cookie-notice" aria-label={t('cookieNoticeLabel')}>
        <p>{t('cookieNotice')}</p>
        <div className="cookie-notice__actions">
          <button type="button" className="button button--accent" onClick={accept}>
            {t('cookieAccept')}
          </button>
          <SiteLink to="/popup/privacy" className="button button--outline-light">
            {t('cookiePrivacyPolicy')}
          </SiteLink>
        </div>
      </section>
    </>
  );
}
