import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { calloutDismissedCookie, calloutReadCookie, isPortalPath } from '@testerhub/shared/callout-rules';
import type { Callout } from '@testerhub/shared/callout-schemas';
import { readCookie, writeCookieUntil } from '../../lib/cookies';
import { useCalloutsTexts } from './callouts-texts';
import './callouts.css';

const dismissed = (callout: Callout) => readCookie(calloutDismissedCookie(callout.rKey)) !== undefined;
const read = (callout: Callout) => readCookie(calloutReadCookie(callout.rKey)) !== undefined;

/**
 * The current call-outs, for CalloutPanel (decision 035). Dismiss writes a cookie that lasts until
 * the call-out's end, so it is not shown again on this browser.
 *
 * A call-out shows in full on the page where the tester first meets it; that marks it read (a cookie
 * until its end), and on every later page it is one line, its title with a Show button (issue 28:
 * on a phone the full call-out took about 200 px of every page).
 */
export function CalloutList({ callouts, atLoad }: { callouts: Callout[]; atLoad: { cookies: string; pathname: string } }) {
  const t = useCalloutsTexts();
  const { pathname } = useLocation();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // The tester's own Show / Hide, per page.
  const [toggled, setToggled] = useState<Readonly<Record<string, boolean>>>({});
  const shown = callouts.filter((callout) => !hidden.has(callout.rKey) && !dismissed(callout));

  const unreadKeys = shown
    .filter((callout) => !read(callout))
    .map((callout) => callout.rKey)
    .join(' ');
  useEffect(() => {
    for (const callout of shown) {
      if (unreadKeys.split(' ').includes(callout.rKey)) {
        writeCookieUntil(calloutReadCookie(callout.rKey), '1', new Date(callout.endTimeStamp));
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys say which call-outs are new; the list object changes each render
  }, [unreadKeys]);

  if (shown.length === 0) return null;

  const dismiss = (callout: Callout) => {
    writeCookieUntil(calloutDismissedCookie(callout.rKey), '1', new Date(callout.endTimeStamp));
    setHidden((current) => new Set(current).add(callout.rKey));
  };
  const readBeforeLoad = (callout: Callout) => readCookie(calloutReadCookie(callout.rKey), atLoad.cookies) !== undefined;
  const toggleKey = (callout: Callout) => `${pathname} ${callout.rKey}`;
  const isOpen = (callout: Callout) => toggled[toggleKey(callout)] ?? (!readBeforeLoad(callout) && pathname === atLoad.pathname);

  return (
    <aside className="callouts" aria-label={t('region')}>
      {shown.map((callout) => {
        const open = isOpen(callout);
        const bodyId = `callout-${callout.rKey}-body`;
        return (
          <section key={callout.rKey} className="callouts__item" aria-labelledby={`callout-${callout.rKey}`}>
            <div className="callouts__head">
              <h2 id={`callout-${callout.rKey}`} className="callouts__title">
                {callout.title}
              </h2>
              <button
                type="button"
                className="callouts__toggle"
                aria-expanded={open}
                aria-controls={bodyId}
                onClick={() => setToggled((current) => ({ ...current, [toggleKey(callout)]: !open }))}
              >
                {open ? t('hide') : t('show')} <span className="visually-hidden">{t('toggleOf', { title: callout.title })}</span>
              </button>
            </div>
            <div id={bodyId} hidden={!open}>
              <p>{callout.description}</p>
              {callout.pkCoins > 0 && <p className="callouts__coins">{t('earnCoins', { coins: callout.pkCoins })}</p>}
              <div className="callouts__actions">
                {isPortalPath(callout.screener) && <Link to={callout.screener}>{t('takeALook')}</Link>}
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => dismiss(callout)}
                  aria-label={t('dismissOf', { title: callout.title })}
                >
                  {t('dismiss')}
                </button>
              </div>
            </div>
          </section>
        );
      })}
    </aside>
  );
}
