import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CancelByLinkResponse, CancelLinkBookingResponse, CancelLinkRefusal } from '@testerhub/shared/cancel-link-schemas';
import { COMPANY } from '@testerhub/shared/company';
import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';
import { AccountPanel } from '../../components/account-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiPost } from '../../lib/api';
import { logError } from '../../lib/log';
import { formatCompensation, formatSession } from './schedule-format';
import { cancelFailure, insideWindowNote, noticeLine, useScheduleTexts } from './schedule-texts';
import './cancel-link.css';

/** The spec's cancel question (spec 3, "Schedule check"). */
export const CANCEL_QUESTION =
  'Are you sure you want to cancel? Doing so will clear your schedule and you will not be able to reschedule these dates.';

/** Why a cancel link does not work (decision 027). */
export const LINK_REFUSALS: Record<CancelLinkRefusal, string> = {
  invalid: 'This cancel link is not valid. Please use the link in your latest booking e-mail, or log in to see your schedule.',
  expired: 'This cancel link has expired: the session has already started.',
  alreadyCancelled: 'This booking is already cancelled.',
  changed:
    'Your booking has changed since this e-mail was sent. Please use the link in your latest e-mail, or log in to see your schedule.',
};

export const CANCELLED_TEXT = 'Your booking is cancelled. We have e-mailed you a confirmation.';

type View =
  | { kind: 'loading' }
  | { kind: 'booking'; stamps: ScheduleStamp[]; noticeHours: number }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; status: string; message: string }
  | { kind: 'cancelled' };

/**
 * /community/cancel?c=<token>: the one-click cancel link of the booking e-mails (decision 027).
 * Opening the page only shows the booking (mail scanners follow links); pressing Cancel Schedule
 * cancels, by the same notice rule as the schedule page. No login: the signed link is the authority.
 */
export function CancelLinkPage() {
  usePageTitle('Cancel your booking');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('c') ?? '';
  const [state, setView] = useState<View>({ kind: 'loading' });
  const view: View = token ? state : { kind: 'refused', message: LINK_REFUSALS.invalid };
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    // A link without its code asks the server nothing (see `shown`).
    if (!token) return;
    apiPost<CancelLinkBookingResponse>('/schedule/GetCancelLinkBooking', { token }).then(
      (answer) => {
        if (!active) return;
        if (answer.status === 'succeed') setView({ kind: 'booking', stamps: answer.scheduleStamps, noticeHours: answer.noticeHours });
        else setView({ kind: 'refused', message: LINK_REFUSALS[answer.status] });
      },
      (error: unknown) => {
        logError('cancel link could not be read', error);
        // A link the server refuses as input (400) is not a link it made.
        if (active) setView({ kind: 'refused', message: LINK_REFUSALS.invalid });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  async function cancel(noticeHours: number) {
    setBusy(true);
    try {
      const { status } = await apiPost<CancelByLinkResponse>('/schedule/CancelByLink', { token });
      if (status === 'succeed') setView({ kind: 'cancelled' });
      else if (status in LINK_REFUSALS) setView({ kind: 'refused', message: LINK_REFUSALS[status as CancelLinkRefusal] });
      else setView({ kind: 'failed', ...cancelFailure(status, noticeHours) });
    } catch (error) {
      logError('cancel by link failed', error);
      setView({ kind: 'failed', ...cancelFailure('failed', noticeHours) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountPanel title="Cancel your booking">
      {view.kind === 'loading' && (
        <p className="account-panel__status" role="status">
          Checking your link…
        </p>
      )}
      {view.kind === 'booking' && <BookingToCancel {...view} busy={busy} onCancel={() => void cancel(view.noticeHours)} />}
      {view.kind === 'cancelled' && (
        <p role="status" className="cancel-link__done">
          {CANCELLED_TEXT}
        </p>
      )}
      {view.kind === 'refused' && (
        <div className="cancel-link__failure" role="alert">
          <p>{view.message}</p>
        </div>
      )}
      {view.kind === 'failed' && (
        <div className="cancel-link__failure" role="alert">
          <p className="cancel-link__failure-title">{view.status}</p>
          <p>{view.message}</p>
        </div>
      )}
      {view.kind !== 'loading' && view.kind !== 'booking' && (
        <p>
          <Link to="/community/login">Log in to see your schedule</Link>
        </p>
      )}
    </AccountPanel>
  );
}

function BookingToCancel({
  stamps,
  noticeHours,
  busy,
  onCancel,
}: {
  stamps: ScheduleStamp[];
  noticeHours: number;
  busy: boolean;
  onCancel: () => void;
}) {
  const first = stamps[0];
  const t = useScheduleTexts();
  if (!first) return <p role="alert">{LINK_REFUSALS.invalid}</p>;
  const name = first.studyName || `${first.color} study ${first.studyNo}`;
  return (
    <>
      <h2 className="cancel-link__study">{name}</h2>
      <dl className="cancel-link__facts">
        <dt>Where</dt>
        <dd>{first.location}</dd>
        <dt>When</dt>
        <dd>
          <ul className="cancel-link__days">
            {stamps.map((stamp) => (
              <li key={stamp.testerDay}>
                {stamps.length > 1 && `Day ${stamp.testerDay} of ${stamp.totalTesterDays}: `}
                {formatSession(stamp.scheduleStamp, stamp.endStamp, stamp.timeZone)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Compensation</dt>
        <dd>{formatCompensation(first.coOpCost)}</dd>
      </dl>
      {!first.changeable && <p className="cancel-link__note">{insideWindowNote(noticeHours, t)}</p>}
      <p>{noticeLine(noticeHours, t)}</p>
      <p id="cancel-link-question">{CANCEL_QUESTION}</p>
      <button type="button" className="cancel-link__button" aria-describedby="cancel-link-question" disabled={busy} onClick={onCancel}>
        {busy ? 'Cancelling…' : 'Cancel Schedule'}
      </button>
      <p className="cancel-link__help">
        Questions? Tester Services: {COMPANY.supportPhone}, {COMPANY.supportHours}.
      </p>
    </>
  );
}
