import { Link, useSearchParams } from 'react-router';
import { DAY_LIST_STATUS_TEXTS, type DayListEntry, type DayListResponse } from '@testerhub/shared/calendar-schemas';
import { formatTime, zoneName } from '@testerhub/shared/schedule-format';
import { SelectField, TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { dayListCsvHref, useCalendarSessions, useDayList } from '../api/calendar';
import { LoadFailed, RequiresRole } from '../shell/staff-page-parts';
import { todayOn } from '../shell/company-clock';
import { dayName, validDay } from './calendar-days';
import { CALENDAR_ROLES } from './calendar-page';
import './calendar.css';

/**
 * Site staff's list of the day (issue 29; decision 120): the people expected at one site on one
 * day, with their phone, the children they bring and a box to tick, to print or download as CSV.
 * Every read of it is audited on the server.
 */
export function DayListPage() {
  usePageTitle('List of the day');
  return (
    <RequiresRole role={CALENDAR_ROLES}>
      <DayList />
    </RequiresRole>
  );
}

function DayList() {
  const [params, setParams] = useSearchParams();
  // Before the sites are read, today is the company's (decision 139), not the browser's.
  const date = validDay(params.get('date')) ?? todayOn();
  // The sites the staff member may choose come with the calendar's own read of the day.
  const places = useCalendarSessions({ from: date, days: 1, siteId: '' });
  const sites = (places.data?.sites ?? []).flatMap((site) => (site.siteId === null ? [] : [{ value: site.siteId, label: site.name }]));
  const siteId = params.get('site') || (sites[0]?.value ?? '');
  const list = useDayList(date, siteId);
  const go = (changes: { date?: string; site?: string }) => setParams({ date, site: siteId, ...changes });

  return (
    <div className="day-list-page">
      <h1>List of the day</h1>
      <div className="staff-filters calendar-no-print">
        <TextField
          label="Day"
          type="date"
          value={date}
          onChange={(event) => validDay(event.target.value) && go({ date: event.target.value })}
        />
        {sites.length > 0 && (
          <SelectField label="Site" value={siteId} options={sites} onChange={(event) => go({ site: event.target.value })} />
        )}
      </div>
      <p className="calendar-no-print">
        <Link to={`/staff/calendar?view=day&from=${date}${siteId ? `&site=${siteId}` : ''}`}>Back to the calendar</Link>
      </p>
      {places.isError && <LoadFailed error={places.error} onRetry={() => void places.refetch()} />}
      {places.data && sites.length === 0 && <p>You have no test site: an admin can give you one on the staff accounts page.</p>}
      {list.isPending && siteId !== '' && <p aria-busy="true">Loading the list…</p>}
      {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && <People list={list.data} />}
    </div>
  );
}

function People({ list }: { list: DayListResponse }) {
  const { site } = list;
  const zone = zoneName(`${list.date}T12:00:00Z`, site.timeZone);
  const title = `${site.name}: ${dayName(list.date)}`;
  return (
    <section aria-labelledby="day-list-title">
      <h2 id="day-list-title">{title}</h2>
      <p>
        Times on the site’s clock ({zone}, {site.timeZone}). {list.people.length === 1 ? '1 person' : `${list.people.length} people`}{' '}
        expected.
      </p>
      <div className="calendar-no-print calendar-actions">
        <button type="button" className="staff-button" onClick={() => window.print()}>
          Print
        </button>
        <a className="staff-button staff-button--quiet" href={dayListCsvHref(list.date, site.siteId ?? '')} download>
          Download CSV
        </a>
      </div>
      {list.people.length === 0 ? (
        <p>Nobody is booked at this site on this day.</p>
      ) : (
        <div className="day-list-scroll" role="region" aria-labelledby="day-list-title" tabIndex={0}>
          <table className="day-list-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Came</th>
                <th scope="col">Time</th>
                <th scope="col">Tester</th>
                <th scope="col">Phone</th>
                <th scope="col">Children</th>
                <th scope="col">Study</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.people.map((person) => (
                <PersonRow key={person.key} person={person} timeZone={site.timeZone} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PersonRow({ person, timeZone }: { person: DayListEntry; timeZone: string }) {
  return (
    <tr data-testid="day-list-person">
      <td className="day-list-tick">
        {/* A box to tick on paper; checked in already shows the tick. */}
        <span className="day-list-box" aria-hidden="true">
          {person.status === 'checkedIn' ? '✓' : ''}
        </span>
      </td>
      <td>
        {formatTime(person.startsAt, timeZone)}–{formatTime(person.endsAt, timeZone)}
      </td>
      <th scope="row">
        {person.testerName}
        {!person.testerBooked && <span className="calendar-line">bringing children only</span>}
      </th>
      <td>{person.phone}</td>
      <td>{person.children.length === 0 ? '–' : person.children.map((child) => `${child.name} (${child.age})`).join(', ')}</td>
      <td>
        {person.studyName} (study {person.studyNo}, cell {person.cell})
      </td>
      <td>{DAY_LIST_STATUS_TEXTS[person.status]}</td>
    </tr>
  );
}
