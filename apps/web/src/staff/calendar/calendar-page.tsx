import { Link, useOutletContext, useSearchParams } from 'react-router';
import type { CalendarSession, CalendarSite } from '@testerhub/shared/calendar-schemas';
import { COMPANY } from '@testerhub/shared/company';
import { formatTime, zoneName } from '@testerhub/shared/schedule-format';
import { zoneLabel } from '@testerhub/shared/wall-clock';
import { holdsRole, type StaffRole } from '@testerhub/shared/staff-schemas';
import { SelectField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { useCalendarSessions } from '../api/calendar';
import { LoadFailed, RequiresRole } from '../shell/staff-page-parts';
import type { StaffOutletContext } from '../shell/staff-shell';
import { todayOn } from '../shell/company-clock';
import { addDays, dayName, mondayOf, shortDayName, validDay } from './calendar-days';
import './calendar.css';

/** Who may open the calendar: recruiters (every site) and site staff (their own sites); admins hold both. */
export const CALENDAR_ROLES: readonly StaffRole[] = ['recruiter', 'site-staff'];

const KIND_NAMES: Record<CalendarSession['group']['kind'], string> = { inPerson: 'In person', virtual: 'Virtual', pickUp: 'Pick-up' };

type View = 'week' | 'day';
const VIEW_OPTIONS = [
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
];

/**
 * The staff calendar (issue 29; decision 120): a week as a table of sites by days on a wide screen
 * and as a list of days on a phone, or one day; one site or every site the staff member may see.
 * Each session on its site's own clock, with seats taken, held and free and its check-ins.
 */
export function CalendarPage() {
  usePageTitle('Calendar');
  return (
    <RequiresRole role={CALENDAR_ROLES}>
      <Calendar />
    </RequiresRole>
  );
}

function Calendar() {
  const { me } = useOutletContext<StaffOutletContext>();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'day' ? 'day' : 'week';
  const siteId = params.get('site') ?? '';
  // The day asked in the address; with none, today on the company's clock for every site, while
  // with one site chosen the server starts on that site's today, whose zone only it knows before
  // the first read (decision 145), and its answer says which day that is.
  const asked = validDay(params.get('from')) ?? (siteId === '' ? todayOn() : null);
  const askedFrom = asked === null ? undefined : view === 'week' ? mondayOf(asked) : asked;
  const days = view === 'week' ? 7 : 1;
  const sessions = useCalendarSessions({ from: askedFrom, days, siteId });
  const from = askedFrom ?? (sessions.isPlaceholderData ? undefined : sessions.data?.from);
  // Today on the chosen site's clock, else the company's (decision 139), never the browser's.
  const today = () => todayOn(sessions.data?.sites.find((site) => site.siteId === siteId && siteId !== '')?.timeZone);
  const step = view === 'week' ? 7 : 1;
  const unit = view === 'week' ? 'week' : 'day';

  const go = (changes: { from?: string; view?: View; site?: string }) => {
    const next = { from, view, site: siteId, ...changes };
    setParams({ ...(next.from ? { from: next.from } : {}), view: next.view, ...(next.site ? { site: next.site } : {}) });
  };

  const sites = sessions.data?.sites ?? [];
  const siteOptions = [
    { value: '', label: 'All sites' },
    ...sites.flatMap((site) => (site.siteId === null ? [] : [{ value: site.siteId, label: site.name }])),
  ];
  // Recruiters open a session's study; site staff, who have no study pages, its site's list of the day.
  const recruits = holdsRole(me.roles, 'recruiter');
  const dayRange = from === undefined ? [] : Array.from({ length: days }, (_, index) => addDays(from, index));

  return (
    <>
      <h1>Calendar</h1>
      <p data-testid="calendar-times-zone">
        Each site’s sessions are on the site’s own clock; the time zone is named beside each site. Virtual sessions are in{' '}
        {zoneLabel(COMPANY.timeZone)}, the company’s clock. Today is the chosen site’s today, or the company’s for all sites.
      </p>
      <div className="staff-filters">
        <SelectField label="Site" value={siteId} options={siteOptions} onChange={(event) => go({ site: event.target.value })} />
        <SelectField label="Show" value={view} options={VIEW_OPTIONS} onChange={(event) => go({ view: event.target.value as View })} />
      </div>
      {from !== undefined && (
        <>
          <nav aria-label="Calendar dates" className="staff-pages calendar-steps">
            <button type="button" className="staff-button staff-button--quiet" onClick={() => go({ from: addDays(from, -step) })}>
              Previous {unit}
            </button>
            <button type="button" className="staff-button staff-button--quiet" onClick={() => go({ from: today() })}>
              Today
            </button>
            <button type="button" className="staff-button staff-button--quiet" onClick={() => go({ from: addDays(from, step) })}>
              Next {unit}
            </button>
          </nav>
          <p>
            <Link to={`/staff/calendar/day?date=${view === 'day' ? from : today()}${siteId ? `&site=${siteId}` : ''}`}>
              List of the day, to print or download
            </Link>
          </p>
          <h2 aria-live="polite">{view === 'week' ? `Week of ${dayName(from)}` : dayName(from)}</h2>
        </>
      )}
      {(sessions.isPending || (from === undefined && !sessions.isError)) && <p aria-busy="true">Loading the sessions…</p>}
      {sessions.isError && <LoadFailed error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.data && from !== undefined && (
        <div aria-busy={sessions.isPlaceholderData}>
          {view === 'week' && (
            <WeekGrid
              days={dayRange}
              places={sites.filter((site) => !siteId || site.siteId === siteId)}
              sessions={sessions.data.sessions}
              recruits={recruits}
            />
          )}
          <DayLists
            days={dayRange}
            places={sites}
            sessions={sessions.data.sessions}
            recruits={recruits}
            className={view === 'week' ? 'calendar-days calendar-days--phone' : 'calendar-days'}
          />
        </div>
      )}
    </>
  );
}

const timeRange = (session: CalendarSession, timeZone: string) =>
  `${formatTime(session.startsAt, timeZone)}–${formatTime(session.endsAt, timeZone)}`;

const placeName = (place: CalendarSite | undefined, session: CalendarSession) =>
  `${place?.name ?? 'Virtual sessions'} (${zoneName(session.startsAt, place?.timeZone ?? COMPANY.timeZone)})`;

/** One session: its time and study (the link), group, seats and check-ins. */
function SessionItem({
  session,
  place,
  recruits,
  withSite,
}: {
  session: CalendarSession;
  place?: CalendarSite;
  recruits: boolean;
  withSite: boolean;
}) {
  const timeZone = place?.timeZone ?? COMPANY.timeZone;
  const to =
    recruits || session.siteId === null
      ? `/staff/studies/${session.studyNo}/sessions`
      : `/staff/calendar/day?date=${session.day}&site=${session.siteId}`;
  return (
    <li className="calendar-session" data-testid="calendar-session">
      <Link to={to}>
        {timeRange(session, timeZone)} {session.studyName}
      </Link>
      {withSite && <span className="calendar-line">{placeName(place, session)}</span>}
      <span className="calendar-line">
        Study {session.studyNo} · cell {session.group.cell}, {session.group.color} · {KIND_NAMES[session.group.kind]}
        {session.testerDay > 1 ? ` · day ${session.testerDay}` : ''}
        {session.group.status === 'Closed' ? ' · closed' : ''}
      </span>
      <span className="calendar-line">
        {session.taken} of {session.seats} seats taken · {session.free} free
        {session.held > 0 ? ` · ${session.held} held` : ''}
        {session.overbook > 0 ? ` · overbook ${session.overbook}` : ''}
      </span>
      <span className="calendar-line">
        Checked in {session.checkedIn}
        {session.noShows > 0 ? ` · no-shows ${session.noShows}` : ''}
        {session.booked > 0 ? ` · expected ${session.booked}` : ''}
      </span>
    </li>
  );
}

/** The week as a table: a row per site, a column per day (wide screens). */
function WeekGrid({
  days,
  places,
  sessions,
  recruits,
}: {
  days: string[];
  places: CalendarSite[];
  sessions: CalendarSession[];
  recruits: boolean;
}) {
  return (
    <div className="calendar-grid" role="region" aria-label="The week by site and day" tabIndex={0}>
      <table className="calendar-table">
        <caption className="visually-hidden">Sessions by site and day</caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            {days.map((day) => (
              <th key={day} scope="col">
                {shortDayName(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {places.map((place) => (
            <tr key={place.siteId ?? 'virtual'}>
              <th scope="row">
                {place.name}
                <span className="calendar-line">{place.timeZone}</span>
              </th>
              {days.map((day) => {
                const own = sessions.filter((session) => session.siteId === place.siteId && session.day === day);
                return (
                  <td key={day}>
                    {own.length === 0 ? (
                      <span className="calendar-none">–</span>
                    ) : (
                      <ul className="calendar-sessions">
                        {own.map((session) => (
                          <SessionItem key={session.sessionId} session={session} place={place} recruits={recruits} withSite={false} />
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The days as a list under a heading each (phones, and the day view). */
function DayLists({
  days,
  places,
  sessions,
  recruits,
  className,
}: {
  days: string[];
  places: CalendarSite[];
  sessions: CalendarSession[];
  recruits: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      {days.map((day) => {
        const own = sessions.filter((session) => session.day === day);
        return (
          <section key={day} aria-labelledby={`calendar-day-${day}`}>
            <h3 id={`calendar-day-${day}`}>{dayName(day)}</h3>
            {own.length === 0 ? (
              <p>No sessions.</p>
            ) : (
              <ul className="calendar-sessions">
                {own.map((session) => (
                  <SessionItem
                    key={session.sessionId}
                    session={session}
                    place={places.find((place) => place.siteId === session.siteId)}
                    recruits={recruits}
                    withSite
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
