import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CancelByLinkResponse, CancelLinkBookingResponse, CancelLinkRefusal } from '@testerhub/shared/cancel-link-schemas';
import { COMPANY, supportHoursIn } from '@testerhub/shared/company';
import en from '@testerhub/shared/locales/en/schedule.json';
import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';
import { AccountPanel } from '../../components/account-panel';
import { useLanguage } from '../../hooks/use-entry-language';
import { useLinkLanguage } from '../../hooks/use-link-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiPost } from '../../lib/api';
import { logError } from '../../lib/log';
import { formatCompensation, formatSession } from './schedule-format';
import { cancelFailure, insideWindowNote, noticeLine, useScheduleTexts, type ScheduleTranslate } from './schedule-texts';
import './cancel-link.css';

/** The spec's cancel question (spec 3, "Schedule check"). */
export const CANCEL_QUESTION = en.cancelQuestion;

/** The text key of why a cancel link does not work (decision 027). */
const REFUSAL_KEYS = {
  invalid: 'cancelLinkInvalid',
  expired: 'cancelLinkExpired',
  alreadyCancelled: 'cancelLinkAlreadyCancelled',
  changed: 'cancelLinkChanged',
} as const satisfies Record<CancelLinkRefusal, Parameters<ScheduleTranslate>[0]>;

/** Why a cancel link does not work, in English (decision 027). */
export const LINK_REFUSALS: Record<CancelLinkRefusal, string> = {
  invalid: en[REFUSAL_KEYS.invalid],
  expired: en[REFUSAL_KEYS.expired],
  alreadyCancelled: en[REFUSAL_KEYS.alreadyCancelled],
  changed: en[REFUSAL_KEYS.changed],
};

export const CANCELLED_TEXT = en.cancelLinkDone;

type View =
  | { kind: 'loading' }
  | { kind: 'booking'; stamps: ScheduleStamp[]; noticeHours: number }
  | { kind: 'refused'; refusal: CancelLinkRefusal }
  | { kind: 'failed'; status: string; noticeHours: number }
  | { kind: 'cancelled' };

/**
 * /community/cancel?c=<token>: the one-click cancel link of the booking e-mails (decision 027).
 * Opening the page only shows the booking (mail scanners follow links); pressing Cancel Schedule
 * cancels, by the same notice rule as the schedule page. No login: the signed link is the authority.
 * A Spanish tester's link carries `lang=es`, so the page opens in their language.
 */
export function CancelLinkPage() {
  useLinkLanguage();
  const t = useScheduleTexts();
  usePageTitle(t('cancelLinkTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('c') ?? '';
  const [state, setView] = useState<View>({ kind: 'loading' });
  const view: View = token ? state : { kind: 'refused', refusal: 'invalid' };
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    // A link without its code asks the server nothing (see `shown`).
    if (!token) return;
    apiPost<CancelLinkBookingResponse>('/schedule/GetCancelLinkBooking', { token }).then(
      (answer) => {
        if (!active) return;
        if (answer.status === 'succeed') setView({ kind: 'booking', stamps: answer.scheduleStamps, noticeHours: answer.noticeHours });
        else setView({ kind: 'refused', refusal: answer.status });
      },
      (error: unknown) => {
        logError('cancel link could not be read', error);
        // A link the server refuses as input (400) is not a link it made.
        if (active) setView({ kind: 'refused', refusal: 'invalid' });
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
      else if (Object.hasOwn(REFUSAL_KEYS, status)) setView({ kind: 'refused', refusal: status as CancelLinkRefusal });
      else setView({ kind: 'failed', status, noticeHours });
    } catch (error) {
      logError('cancel by link failed', error);
      setView({ kind: 'failed', status: 'failed', noticeHours });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountPanel title={t('cancelLinkTitle')}>
      {view.kind === 'loading' && (
        <p className="account-panel__status" role="status">
          {t('cancelLinkChecking')}
        </p>
      )}
      {view.kind === 'booking' && <BookingToCancel {...view} busy={busy} onCancel={() => void cancel(view.noticeHours)} />}
      {view.kind === 'cancelled' && (
        <p role="status" className="cancel-link__done">
          {t('cancelLinkDone')}
        </p>
      )}
      {view.kind === 'refused' && (
        <div className="cancel-link__failure" role="alert">
          <p>{t(REFUSAL_KEYS[view.refusal])}</p>
        </div>
      )}
      {view.kind === 'failed' && <CancelFailure status={view.status} noticeHours={view.noticeHours} />}
      {view.kind !== 'loading' && view.kind !== 'booking' && (
        <p>
          <Link to="/community/login">{t('cancelLinkLogIn')}</Link>
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
  const language = useLanguage();
  if (!first) return <p role="alert">{t('cancelLinkInvalid')}</p>;
  const name = first.studyName || t('selfStudyFallback', { colour: first.color, studyNo: first.studyNo });
  return (
    <>
      <h2 className="cancel-link__study">{name}</h2>
      <dl className="cancel-link__facts">
        <dt>{t('cancelLinkWhere')}</dt>
        <dd>{first.location}</dd>
        <dt>{t('cancelLinkWhen')}</dt>
        <dd>
          <ul className="cancel-link__days">
            {stamps.map((stamp) => (
              <li key={stamp.testerDay}>
                {stamps.length > 1 && t('dayOf', { day: stamp.testerDay, total: stamp.totalTesterDays })}
                {formatSession(stamp.scheduleStamp, stamp.endStamp, stamp.timeZone, language)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('cancelLinkCompensation')}</dt>
        <dd>{formatCompensation(first.coOpCost)}</dd>
      </dl>
      {!first.changeable && <p className="cancel-link__note">{insideWindowNote(noticeHours, t)}</p>}
      <p>{noticeLine(noticeHours, t)}</p>
      <p id="cancel-link-question">{t('cancelQuestion')}</p>
      <button type="button" className="cancel-link__button" aria-describedby="cancel-link-question" disabled={busy} onClick={onCancel}>
        {busy ? t('cancelLinkCancelling') : t('cancelSchedule')}
      </button>
      <p className="cancel-link__help">{t('cancelLinkHelp', { phone: COMPANY.supportPhone, serviceHours: supportHoursIn(language) })}</p>
    </>
  );
}

/** A cancel the server refused by the notice rule or could not make (spec 3, section 8). */
function CancelFailure({ status, noticeHours }: { status: string; noticeHours: number }) {
  const failure = cancelFailure(status, noticeHours, useScheduleTexts(), useLanguage());
  return (
    <div className="cancel-link__failure" role="alert">
      <p className="cancel-link__failure-title">{failure.status}</p>
      <p>{failure.message}</p>
    </div>
  );
}
