import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ScheduleGroup } from '@testerhub/shared/schedule-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { isUnauthenticated } from '../../lib/request-error';
import { viewStatus } from '../../lib/query-status';
import { useConfirmChangeSchedule } from './api/confirm-change-schedule';
import { useCurrentSchedule } from './api/get-current-schedule';
import { useScheduledGroupTime } from './api/get-scheduled-group-time';
import { useScheduleIndex } from './api/get-schedule-index';
import { bookingName, toBookings, type Booking } from './bookings';
import { GroupCells, GroupTable, useGroupDates } from './group-table';
import { formatSession } from './schedule-format';
import { ScheduleLoadStates } from './schedule-load-states';
import {
  CANCELLATION_POLICY_PATH,
  SCHEDULE_CHECK_PATH,
  changeFailure,
  insideWindowNote,
  noticeLine,
  useScheduleTexts,
  type ScheduleTranslate,
} from './schedule-texts';
import './schedule.css';

/** Why a booked study cannot be picked on this page, or null when it can. */
function lockReason(booking: Booking, noticeHours: number | undefined, t: ScheduleTranslate): string | null {
  if (booking.external) return t('externalNote');
  if (!booking.days.every((day) => day.changeable)) return insideWindowNote(noticeHours, t);
  return null;
}

/** Only a path of this site is followed after a change; anything else goes to the schedule check. */
function sitePath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : SCHEDULE_CHECK_PATH;
}

/**
 * /community/main/schedule/change (spec 3, "Schedule change"): pick a booked study (radio,
 * disabled when not changeable or external), then another group of dates from its table, then
 * Change Schedule.
 */
export function ScheduleChangePage() {
  const t = useScheduleTexts();
  const language = useLanguage();
  usePageTitle(t('changeTitle'));
  const index = useScheduleIndex();
  const status = viewStatus(index);
  const bookings = toBookings(index.data?.scheduleStamps ?? []);
  // Index has no notice hours; the check page's answer (often cached already) has them.
  const noticeHours = useCurrentSchedule().data?.noticeHours;
  const changeable = bookings.filter((booking) => !booking.external && booking.days.every((day) => day.changeable));
  const [pickedStudy, setPickedStudy] = useState<number | null>(null);
  // One changeable study needs no choice: it is taken at once.
  const studyNo = pickedStudy ?? (changeable.length === 1 ? changeable[0]!.studyNo : null);
  const booking = bookings.find((item) => item.studyNo === studyNo) ?? null;
  const [groupId, setGroupId] = useState<string | null>(null);
  const [popup, setPopup] = useState<(PopupMessage & { then?: string }) | null>(null);
  const change = useConfirmChangeSchedule(studyNo);
  const navigate = useNavigate();

  const pickStudy = (next: number) => {
    setPickedStudy(next);
    setGroupId(null);
  };

  const submit = async () => {
    if (!groupId) return;
    try {
      const answer = await change.mutateAsync(groupId);
      if (answer.status === 'succeed') {
        setPopup({ data: t('changeSucceeded'), message: t('changeSucceededText'), then: sitePath(answer.url) });
      } else {
        // notAvailable: the hook has already put the refreshed groups in place; the old choice is gone.
        if (answer.status === 'notAvailable') setGroupId(null);
        setPopup(changeFailure(answer.status, noticeHours, t));
      }
    } catch (error) {
      if (!isUnauthenticated(error)) setPopup(changeFailure('failed', noticeHours, t));
    }
  };

  const closePopup = () => {
    const then = popup?.then;
    setPopup(null);
    if (then) void navigate(then);
  };

  return (
    <section className="schedule" aria-labelledby="schedule-change-title" aria-busy={status === 'pending'}>
      <h1 id="schedule-change-title" className="schedule__title">
        {t('changeTitle')}
      </h1>
      <ScheduleLoadStates status={status} empty={bookings.length === 0} onRetry={() => void index.refetch()} />
      {status === 'success' && bookings.length > 0 && (
        <form
          className="schedule__form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="schedule__studies">
            <legend>{t('changeChooseStudy')}</legend>
            {bookings.map((item) => {
              const reason = lockReason(item, noticeHours, t);
              const noteId = `study-note-${item.studyNo}`;
              return (
                <div key={item.key} className="schedule__study">
                  <label>
                    <input
                      type="radio"
                      name="study"
                      value={item.studyNo}
                      checked={studyNo === item.studyNo}
                      disabled={reason !== null}
                      aria-describedby={reason ? noteId : undefined}
                      onChange={() => pickStudy(item.studyNo)}
                    />
                    <span>
                      <strong>{bookingName(item, t)}</strong>:{' '}
                      {formatSession(item.first.scheduleStamp, item.first.endStamp, item.first.timeZone, language)}
                    </span>
                  </label>
                  {reason && (
                    <p id={noteId} className="booking-card__note">
                      {reason}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
          {booking && lockReason(booking, noticeHours, t) === null && (
            <GroupChoice booking={booking} groupId={groupId} onChoose={setGroupId} />
          )}
          <div className="schedule__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={groupId === null || change.isPending}
              aria-busy={change.isPending}
            >
              {t('changeSubmit')}
            </button>
          </div>
        </form>
      )}
      <p className="schedule__notice">
        {noticeLine(noticeHours, t)} <Link to={CANCELLATION_POLICY_PATH}>{t('policyLink')}</Link>
      </p>
      {popup && <MessagePopup data={popup.data} message={popup.message} onClose={closePopup} />}
    </section>
  );
}

interface GroupChoiceProps {
  booking: Booking;
  groupId: string | null;
  onChoose: (groupId: string) => void;
}

/** The table of the study's groups: select, date, total days, total compensation, multi-day. */
function GroupChoice({ booking, groupId, onChoose }: GroupChoiceProps) {
  const t = useScheduleTexts();
  const query = useScheduledGroupTime(booking.studyNo);
  const status = viewStatus(query);
  const groups = query.data ?? [];
  const open = groups.filter((group) => pickable(group));
  const groupDatesOf = useGroupDates();

  if (status === 'pending') {
    return (
      <p role="status" className="schedule__loading">
        {t('changeLoadingOpenings')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="schedule__error" role="alert">
        <p className="schedule__error-title">{t('loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (open.length === 0) return <p className="schedule__empty">{t('changeNoOpenings')}</p>;

  return (
    <GroupTable
      captionId="schedule-groups-caption"
      caption={t('changeOtherTimes', { name: bookingName(booking, t) })}
      pickColumn={t('changeSelectColumn')}
    >
      {groups.map((group) => {
        const dates = groupDatesOf(group);
        const state = group.isCurrent ? t('changeCurrentTime') : pickable(group) ? null : unavailableNote(group, t);
        return (
          <tr key={group.groupId} role="row" className={group.groupId === groupId ? 'schedule__row--chosen' : undefined}>
            <td role="cell">
              <input
                type="radio"
                name="group"
                value={group.groupId}
                checked={group.groupId === groupId}
                disabled={!pickable(group)}
                aria-label={
                  state
                    ? t('changeSelectTimeNoted', { date: dates[0] ?? group.cell, note: state })
                    : t('changeSelectTime', { date: dates[0] ?? group.cell })
                }
                onChange={() => onChoose(group.groupId)}
              />
            </td>
            <GroupCells group={group} dates={dates} notes={[state]} />
          </tr>
        );
      })}
    </GroupTable>
  );
}

/** Why a group other than the current one cannot be chosen: past its booking close (the notice window), else full. */
function unavailableNote(group: ScheduleGroup, t: ScheduleTranslate): string {
  return group.unavailableBecause === 'bookingClosed' ? t('selfBookingClosed') : t('changeFull');
}

/** A group the booking can move to: open, with a seat, and not the one it is in. */
function pickable(group: ScheduleGroup): boolean {
  return group.available && group.status === 'Open' && !group.isCurrent;
}
