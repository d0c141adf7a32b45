import type { ReactNode } from 'react';
import type { ScheduleGroup } from '@testerhub/shared/schedule-schemas';
import type { Language } from '@testerhub/shared/i18n';
import { useLanguage } from '../../hooks/use-entry-language';
import { formatCompensation, formatMoment, formatSession } from './schedule-format';
import { useScheduleTexts, type ScheduleTranslate } from './schedule-texts';

/** The columns after the first (the pick) of every table of session groups (spec 3, "Schedule change"). */
const GROUP_COLUMNS = ['date', 'totalDays', 'totalCompensation', 'multiDay'] as const;
/** The self-schedule table adds where each group meets after its dates (issue 28, item 10). */
const WITH_LOCATION = ['date', 'location', 'totalDays', 'totalCompensation', 'multiDay'] as const;

/**
 * Each session of the group as an ordinal date and 12-hour times in its site's zone. A pick-up
 * group's sessions are its video sessions: its curb-side pick-up comes first, and each date says
 * which it is, so the video session is never taken for the pick-up.
 */
export const groupDates = (
  group: Pick<ScheduleGroup, 'sessions' | 'timeZone' | 'isPickUp' | 'pickUpDate'>,
  t: ScheduleTranslate,
  language: Language,
) => {
  const sessions = group.sessions.map((session) => formatSession(session.startsAt, session.endsAt, group.timeZone, language));
  if (!group.isPickUp || !group.pickUpDate) return sessions;
  return [
    `${t('pickUp')}: ${formatMoment(group.pickUpDate, group.timeZone, language)}`,
    ...sessions.map((session) => `${t('videoSession')}: ${session}`),
  ];
};

/** groupDates in the tab's language, for a component. */
export function useGroupDates() {
  const t = useScheduleTexts();
  const language = useLanguage();
  return (group: Parameters<typeof groupDates>[0]) => groupDates(group, t, language);
}

/**
 * A table of session groups to pick from: the change page's and the self-schedule page's. Explicit
 * roles, because below 480 px the rows are restyled as stacked blocks (schedule.css) and a CSS
 * display must not cost the table its semantics.
 */
export function GroupTable({
  captionId,
  caption,
  pickColumn,
  withLocation = false,
  children,
}: {
  captionId: string;
  caption: string;
  pickColumn: string;
  withLocation?: boolean;
  children: ReactNode;
}) {
  const t = useScheduleTexts();
  return (
    <div className="schedule__table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="schedule__table" role="table">
        <caption id={captionId}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {[pickColumn, ...(withLocation ? WITH_LOCATION : GROUP_COLUMNS).map((column) => t(column))].map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

/** A group's cells after the pick: its dates (with notes such as 'Full' under them), its location if asked, days, compensation, multi-day. */
export function GroupCells({
  group,
  dates,
  notes,
  withLocation = false,
}: {
  group: ScheduleGroup;
  dates: string[];
  notes: (string | null | false)[];
  withLocation?: boolean;
}) {
  const t = useScheduleTexts();
  return (
    <>
      <td role="cell" data-label={t('date')}>
        <ul className="schedule__dates">
          {dates.map((date) => (
            <li key={date}>{date}</li>
          ))}
        </ul>
        {notes.filter(Boolean).map((note) => (
          <span key={note as string} className="schedule__state">
            {note}
          </span>
        ))}
      </td>
      {withLocation && (
        <td role="cell" data-label={t('location')}>
          {group.location}
        </td>
      )}
      <td role="cell" data-label={t('totalDays')}>
        {group.totalTesterDays}
      </td>
      <td role="cell" data-label={t('totalCompensation')}>
        {formatCompensation(group.coOpCost)}
      </td>
      <td role="cell" data-label={t('multiDay')}>
        {group.isMultiDay ? t('yes') : t('no')}
      </td>
    </>
  );
}
