import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmPopup, type ConfirmOutcome } from '../../components/confirm-popup';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { isUnauthenticated } from '../../lib/request-error';
import { viewStatus } from '../../lib/query-status';
import { useCancelMultiSchedule } from './api/cancel-multi-schedule';
import { useCancelSchedule } from './api/cancel-schedule';
import { useCurrentSchedule } from './api/get-current-schedule';
import { useReSelfSchedule } from './api/re-self-schedule';
import { bookingName, chipColour, toBookings, type Booking } from './bookings';
import { CheckInQr } from './check-in-qr';
import { ScheduleLoadStates } from './schedule-load-states';
import { formatCompensation, formatMoment, formatSession } from './schedule-format';
import {
  CANCELLATION_POLICY_PATH,
  SCREENER_LIST_PATH,
  SELF_SCHEDULE_PATH,
  cancelFailure,
  cancelledText,
  coinsTakenBackText,
  insideWindowNote,
  noticeLine,
  useScheduleTexts,
} from './schedule-texts';
import './schedule.css';

/**
 * /community/main/schedule/check: the tester's bookings (spec 3, "Schedule check"), each with its
 * check-in QR code and a Cancel Schedule button; several can be cancelled at once.
 */
export function ScheduleCheckPage() {
  const t = useScheduleTexts();
  const language = useLanguage();
  usePageTitle(t('myScheduleTitle'));
  const query = useCurrentSchedule();
  const status = viewStatus(query);
  const bookings = toBookings(query.data?.scheduleStamps ?? []);
  const noticeHours = query.data?.noticeHours;
  const cancellable = bookings.filter((booking) => !booking.external);
  const navigate = useNavigate();
  const cancelOne = useCancelSchedule();
  const cancelMany = useCancelMultiSchedule();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // The bookings the open confirm popup is about (one, or the chosen ones).
  const [cancelling, setCancelling] = useState<Booking[] | null>(null);
  const multiple = cancellable.length > 1;

  const toggle = (studyNo: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(studyNo)) next.delete(studyNo);
      else next.add(studyNo);
      return next;
    });

  const cancel = async (targets: Booking[]): Promise<ConfirmOutcome> => {
    const studyNos = targets.map((booking) => booking.studyNo);
    try {
      const answer = studyNos.length === 1 ? await cancelOne.mutateAsync(studyNos[0]!) : await cancelMany.mutateAsync(studyNos);
      if (answer.status !== 'succeed') return { ok: false, ...cancelFailure(answer.status, noticeHours, t, language) };
      // The screener list says the cancel succeeded, and how many coins it took back (decision 080).
      const coinsNotice = answer.coinsTakenBack > 0 ? ` ${coinsTakenBackText(answer.coinsTakenBack, targets.length, t)}` : '';
      void navigate(SCREENER_LIST_PATH, { state: { notice: `${cancelledText(targets.length, t)}${coinsNotice}` } });
      return { ok: true };
    } catch (error) {
      // A 401 is already on its way to login: just close.
      return isUnauthenticated(error) ? { ok: true } : { ok: false, ...cancelFailure('failed', noticeHours, t, language) };
    }
  };

  const chosenBookings = cancellable.filter((booking) => chosen.has(booking.studyNo));

  return (
    <section className="schedule" aria-labelledby="schedule-check-title" aria-busy={status === 'pending'}>
      <h1 id="schedule-check-title" className="schedule__title">
        {t('myScheduleTitle')}
      </h1>
      <ScheduleLoadStates status={status} empty={bookings.length === 0} onRetry={() => void query.refetch()} />
      {status === 'success' && bookings.length === 0 && <WaitingStudyLink />}
      {status === 'success' && bookings.length > 0 && (
        <>
          <ul className="schedule__list" aria-label={t('scheduledStudies')}>
            {bookings.map((booking) => (
              <BookingCard
                key={booking.key}
                booking={booking}
                noticeHours={noticeHours}
                choosable={multiple && !booking.external}
                chosen={chosen.has(booking.studyNo)}
                onToggle={() => toggle(booking.studyNo)}
                onCancel={() => setCancelling([booking])}
              />
            ))}
          </ul>
          {multiple && (
            <div className="schedule__multi">
              <button
                type="button"
                className="button button--outline"
                disabled={chosenBookings.length === 0}
                onClick={() => setCancelling(chosenBookings)}
              >
                {t('cancelChosen', { count: chosenBookings.length })}
              </button>
            </div>
          )}
        </>
      )}
      <p className="schedule__notice">
        {noticeLine(noticeHours, t)} <Link to={CANCELLATION_POLICY_PATH}>{t('policyLink')}</Link>
      </p>
      {cancelling && (
        <ConfirmPopup
          type="schedule"
          studyNo={cancelling[0]!.studyNo}
          header={t('cancelSchedule')}
          onClose={() => setCancelling(null)}
          onConfirm={() => cancel(cancelling)}
        >
          <p>{t('cancelQuestion')}</p>
          {/* Beyond the spec's question (decision 080): the scheduling credit does not outlive the booking. */}
          <p>{t('cancelTakeBack')}</p>
          <ul className="schedule__cancel-list">
            {cancelling.map((booking) => (
              <li key={booking.key}>
                {bookingName(booking, t)}:{' '}
                {formatSession(booking.first.scheduleStamp, booking.first.endStamp, booking.first.timeZone, language)}
              </li>
            ))}
          </ul>
        </ConfirmPopup>
      )}
    </section>
  );
}

interface BookingCardProps {
  booking: Booking;
  noticeHours: number | undefined;
  /** With several cancellable bookings, each has a box to choose it for a cancel of several. */
  choosable: boolean;
  chosen: boolean;
  onToggle: () => void;
  onCancel: () => void;
}

function BookingCard({ booking, noticeHours, choosable, chosen, onToggle, onCancel }: BookingCardProps) {
  const { first, days } = booking;
  const t = useScheduleTexts();
  const name = bookingName(booking, t);
  const headingId = useId();
  const noteId = useId();
  const language = useLanguage();
  // External: by the outside company; inside the notice window: by phone (the server answers 101).
  const note = booking.external ? t('externalNote') : booking.days.every((day) => day.changeable) ? null : insideWindowNote(noticeHours, t);
  const zone = first.timeZone;
  return (
    <li className="booking-card" aria-labelledby={headingId} data-testid="booking-card">
      <h2 id={headingId} className="booking-card__title">
        <span className="booking-card__chip" style={{ background: chipColour(first.color) }} aria-hidden="true" />
        {name}
      </h2>
      <div className="booking-card__qr">
        <CheckInQr token={first.checkInToken} label={t('checkInCodeFor', { name })} />
        <p className="booking-card__qr-hint">{t('showCode')}</p>
      </div>
      <dl className="booking-card__facts">
        <dt>{t('location')}</dt>
        <dd>{first.location}</dd>
        {first.isChildStudy && first.childNames && (
          <>
            <dt>{t('children')}</dt>
            <dd>{first.childNames}</dd>
          </>
        )}
        <dt>{t('colour')}</dt>
        <dd>{first.color}</dd>
        {first.isPickUp ? (
          <>
            {first.pickUpDate && (
              <>
                <dt>{t('pickUp')}</dt>
                <dd>{formatMoment(first.pickUpDate, zone, language)}</dd>
              </>
            )}
            {first.virtualDate && (
              <>
                <dt>{t('videoSession')}</dt>
                <dd>{formatMoment(first.virtualDate, zone, language)}</dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt>{days.length > 1 ? t('dates') : t('date')}</dt>
            <dd>
              <ul className="booking-card__days">
                {days.map((day) => (
                  <li key={day.scheduleStamp}>
                    {first.totalTesterDays > 1 && t('dayOf', { day: day.testerDay, total: first.totalTesterDays })}
                    {formatSession(day.scheduleStamp, day.endStamp, zone, language)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {first.videoLink && /^https?:\/\//i.test(first.videoLink) && (
          <>
            <dt>{t('videoLink')}</dt>
            <dd>
              <a href={first.videoLink} rel="noopener noreferrer" target="_blank">
                {t('joinVideo')}
                <span className="visually-hidden">{t('opensInNewTab')}</span>
              </a>
            </dd>
          </>
        )}
        <dt>{t('totalCompensation')}</dt>
        <dd>{formatCompensation(first.coOpCost)}</dd>
      </dl>
      <div className="booking-card__actions">
        {choosable && (
          <label className="booking-card__choose">
            {/* aria-label: the same name in every browser (a hidden span gets a space before it in Chromium). */}
            <input type="checkbox" checked={chosen} onChange={onToggle} aria-label={t('chooseToCancelOf', { name })} />
            {t('chooseToCancel')}
          </label>
        )}
        <button
          type="button"
          className="button button--outline"
          onClick={onCancel}
          disabled={booking.external}
          aria-describedby={note ? noteId : undefined}
          aria-label={t('cancelScheduleOf', { name })}
        >
          {t('cancelSchedule')}
        </button>
      </div>
      {note && (
        <p id={noteId} className="booking-card__note">
          {note}
        </p>
      )}
    </li>
  );
}

/**
 * With nothing scheduled, ReSelfSchedule names the tester's next study waiting to be scheduled:
 * a way back to a self-schedule left half-way (decision 025). Nothing shows when none waits, or
 * when the call fails (the empty state already says enough).
 */
function WaitingStudyLink() {
  const waiting = useReSelfSchedule(true);
  const t = useScheduleTexts();
  const url = waiting.data?.url ?? '';
  // Only an address of this site's self-schedule page is followed.
  if (url !== SELF_SCHEDULE_PATH && !url.startsWith(`${SELF_SCHEDULE_PATH}?`)) return null;
  return (
    <p className="schedule__waiting">
      {waiting.data?.detail} <Link to={url}>{t('scheduleMyStudy')}</Link>
    </p>
  );
}
