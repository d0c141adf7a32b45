import { Link } from 'react-router';
import { COOKIE_POLICY_ACCEPT, COOKIE_POLICY_LIFETIME_DAYS } from '@testerhub/shared/marketing';
import { useBrowserValue } from '../../hooks/use-browser-value';
import { readCookie, writeCookie } from '../../lib/cookies';
import './cookie-notice.css';

const listeners = new Set<() => void>();
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Shown until the cookiePolicyAccept cookie exists (spec 1, 2.5); Accept sets it for 365 days. */
export function CookieNotice() {
  // Hidden in the prerendered HTML, which cannot see the visitor's cookies.
  const visible = useBrowserValue(() => readCookie(COOKIE_POLICY_ACCEPT) === undefined, false, subscribe);
  if (!visible) return null;

  const accept = () => {
    writeCookie(COOKIE_POLICY_ACCEPT, 'true', COOKIE_POLICY_LIFETIME_DAYS);
    listeners.forEach((notify) => notify());
  };

  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p>We use cookies to keep you signed in and to understand how our site is used. By continuing you agree to our use of cookies.</p>
      <div className="cookie-notice__actions">
        <button type="button" className="button button--accent" onClick={accept}>
          Accept
        </button>
        <Link to="/popup/privacy" className="button button--outline-light">
          Privacy Policy
        </Link>
      </div>
    </section>
  );
}
