import { useState } from 'react';
import { Link } from 'react-router';
import { calloutDismissedCookie, isPortalPath } from '@testerhub/shared/callout-rules';
import type { Callout } from '@testerhub/shared/callout-schemas';
import { readCookie, writeCookieUntil } from '../../lib/cookies';
import { useCalloutList } from './api/get-callout-list';
import './callouts.css';

const dismissed = (callout: Callout) => readCookie(calloutDismissedCookie(callout.rKey)) !== undefined;

/**
 * The call-out (spec 3's call-out popup; decision 035): the current call-outs on every portal page,
 * above the page rather than over it, so it never blocks the page. Dismiss writes a cookie that
 * lasts until the call-out's end, so it is not shown again on this browser. A failed read shows
 * nothing: an announcement is not worth an error on every page (it is logged by the query client).
 */
export function CalloutPanel() {
  const list = useCalloutList();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = (list.data?.calloutGTypes ?? []).filter((callout) => !hidden.has(callout.rKey) && !dismissed(callout));
  if (shown.length === 0) return null;

  const dismiss = (callout: Callout) => {
    writeCookieUntil(calloutDismissedCookie(callout.rKey), '1', new Date(callout.endTimeStamp));
    setHidden((current) => new Set(current).add(callout.rKey));
  };

  return (
    <aside className="callouts" aria-label="Call-outs">
      {shown.map((callout) => (
        <section key={callout.rKey} className="callouts__item" aria-labelledby={`callout-${callout.rKey}`}>
          <h2 id={`callout-${callout.rKey}`} className="callouts__title">
            {callout.title}
          </h2>
          <p>{callout.description}</p>
          {callout.pkCoins > 0 && <p className="callouts__coins">Earn {callout.pkCoins} coins</p>}
          <div className="callouts__actions">
            {isPortalPath(callout.screener) && <Link to={callout.screener}>Take a look</Link>}
            <button
              type="button"
              className="button button--outline"
              onClick={() => dismiss(callout)}
              aria-label={`Dismiss call-out: ${callout.title}`}
            >
              Dismiss
            </button>
          </div>
        </section>
      ))}
    </aside>
  );
}
