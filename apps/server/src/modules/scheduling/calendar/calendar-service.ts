import type {
  CalendarSession,
  CalendarSessionsQuery,
  CalendarSessionsResponse,
  CalendarSite,
  DayListEntry,
  DayListQuery,
  DayListResponse,
  DayListStatus,
} from '@testerhub/shared/calendar-schemas';
import { DAY_LIST_CSV_HEADER, DAY_LIST_STATUS_TEXTS } from '@testerhub/shared/calendar-schemas';
import type { TestSite } from '@testerhub/shared/public-content';
import { testerAge } from '@testerhub/shared/study-rules';
import { bookingSitesOf } from '../../../core/auth/booking-sites.ts';
import type { Executor } from '../../../core/db/client.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import { addDays, localDay, weekStartOn } from '../../../core/local-day.ts';
import type { Clock } from '../../../core/clock.ts';
import { formatTime } from '@testerhub/shared/schedule-format';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import { csvRecord } from '../../../core/csv.ts';
import { DEFAULT_TIME_ZONE } from '../schedule-mail/schedule-notices.ts';
import { createSchedulingRepository } from '../scheduling-repository.ts';
import { createCalendarRepository } from './calendar-repository.ts';

const DAY_MS = 86_400_000;

export const CALENDAR_TEXTS = {
  notYourSite: 'That site is not one of yours: choose one of your sites.',
  noSuchSite: 'There is no test site with that id.',
};

/** The virtual sessions' place in the calendar: run from no site, shown on the company's clock. */
const VIRTUAL: CalendarSite = { siteId: null, name: 'Virtual sessions', timeZone: DEFAULT_TIME_ZONE };

/** The calendar's weeks run Monday to Sunday (the page's mondayOf): ISO weekday 1. */
const MONDAY = 1;

/**
 * Every instant whose day, in any time zone (UTC−12 to UTC+14), falls in the `days` days from `from`:
 * a day wider on each side than the UTC days. The caller keeps what falls in each site's own days.
 */
function window(from: string, days: number) {
  const start = Date.parse(`${from}T00:00:00Z`);
  return { from: new Date(start - DAY_MS), to: new Date(start + (days + 1) * DAY_MS) };
}

/** A calendar day (YYYY-MM-DD) as a Date at its local midnight, for an age on that day. */
const dayAsDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
};

/** What a household's visit is: expected while anyone of it still is, checked in when all came, else a no-show. */
function visitStatus(statuses: readonly string[]): DayListStatus {
  if (statuses.includes('booked')) return 'booked';
  return statuses.includes('attended') ? 'checkedIn' : 'noShow';
}

/**
 * The staff calendar (issue 29; decision 120): sessions of a day or a week per site and across
 * sites, and one site's expected people of a day. Recruiters and admins see every site, site staff
 * their own (as at check-in). Each site's sessions fall on the site's own calendar days. Reading
 * the list of the day reads personal data (names, phones, children's ages): each read, on the page
 * or as CSV, writes an audit row naming the site, the day and how many people it showed.
 */
export function createCalendarService(deps: {
  db: Executor;
  clock: Clock;
  /** LOYALTY_TIME_ZONE: the company's clock, today's day with every site (decision 139). */
  companyTimeZone: string;
  listTestSites: () => Promise<TestSite[]>;
  studyNames: (studyNos: readonly number[]) => Promise<Map<number, string>>;
  testerContacts: (ids: readonly string[]) => Promise<Map<string, { firstName: string; lastName: string; phone: string }>>;
  childNamesAndBirthDates: (ids: readonly number[]) => Promise<Map<number, { name: string; birthDate: string }>>;
  audited: StaffService['audited'];
}) {
  const repository = createCalendarRepository(deps.db);
  const scheduling = createSchedulingRepository(deps.db);

  /** The places the staff member may see (every site and the virtual sessions, or their own sites), and the site asked for if any. */
  async function placesFor(staff: StaffPrincipal, siteId: string | undefined) {
    const own = bookingSitesOf(staff);
    const sites = (await deps.listTestSites()).map((site): CalendarSite => ({
      siteId: site.siteId,
      name: site.name,
      timeZone: site.timeZone,
    }));
    const visible = own === null ? sites : sites.filter((site) => own.includes(site.siteId!));
    if (siteId === undefined) return { visible, chosen: null };
    const chosen = sites.find((site) => site.siteId === siteId);
    if (!chosen) throw new NotFoundError(CALENDAR_TEXTS.noSuchSite);
    if (own !== null && !own.includes(siteId)) throw new ForbiddenError(CALENDAR_TEXTS.notYourSite);
    return { visible, chosen };
  }

  async function dayList(staff: StaffPrincipal, query: DayListQuery): Promise<DayListResponse> {
    const { chosen } = await placesFor(staff, query.siteId);
    const site = chosen!;
    const range = window(query.date, 1);
    const rows = (await repository.dayBookings(query.siteId, range.from, range.to)).filter(
      (row) => localDay(row.startsAt, site.timeZone) === query.date,
    );
    const [contacts, children, studies] = await Promise.all([
      deps.testerContacts([...new Set(rows.map((row) => row.testerId))]),
      deps.childNamesAndBirthDates([...new Set(rows.flatMap((row) => (row.childId === null ? [] : [row.childId])))]),
      deps.studyNames([...new Set(rows.map((row) => row.studyNo))]),
    ]);
    const onTheDay = dayAsDate(query.date);
    // One entry per household and session: the tester's own seat and their children's together.
    const visits = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) {
      const key = `${row.sessionId}:${row.testerId}`;
      visits.set(key, [...(visits.get(key) ?? []), row]);
    }
    const people = [...visits.entries()].map(([key, seats]): DayListEntry => {
      const first = seats[0]!;
      const tester = contacts.get(first.testerId);
      return {
        key,
        startsAt: first.startsAt.toISOString(),
        endsAt: first.endsAt.toISOString(),
        testerName: tester ? `${tester.firstName} ${tester.lastName}` : 'A tester',
        phone: tester?.phone ?? '',
        testerBooked: seats.some((seat) => seat.childId === null),
        children: seats.flatMap((seat) => {
          if (seat.childId === null) return [];
          const child = children.get(seat.childId);
          return [{ name: child?.name ?? 'A child', age: child ? testerAge(child.birthDate, onTheDay) : 0 }];
        }),
        studyNo: first.studyNo,
        studyName: studies.get(first.studyNo) ?? `Study ${first.studyNo}`,
        cell: first.cell,
        status: visitStatus(seats.map((seat) => seat.status)),
      };
    });
    people.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.testerName.localeCompare(b.testerName));
    return { status: 'succeed', date: query.date, site, people };
  }

  /** Who read whose list: the site, the day, the form (page or CSV) and how many people it named. */
  const recordRead = (staff: StaffPrincipal, list: DayListResponse, format: 'page' | 'csv') =>
    deps.audited(staff.id, 'calendar.day-list', { type: 'site', id: list.site.siteId! }, async () => ({
      before: null,
      after: { date: list.date, format, people: list.people.length },
      result: undefined,
    }));

  return {
    async sessions(staff: StaffPrincipal, query: CalendarSessionsQuery): Promise<CalendarSessionsResponse> {
      const { visible, chosen } = await placesFor(staff, query.siteId);
      const everySite = bookingSitesOf(staff) === null;
      const places = everySite ? [...visible, VIRTUAL] : visible;
      const siteIds = chosen ? [chosen.siteId!] : everySite ? null : visible.map((site) => site.siteId!);
      // No day asked (the page's first read): today on the chosen site's clock, else the company's.
      const today = () => localDay(deps.clock.now(), chosen?.timeZone ?? deps.companyTimeZone);
      const from = query.from ?? (query.days === 7 ? weekStartOn(today(), MONDAY) : today());
      const range = window(from, query.days);
      const rows = siteIds?.length === 0 ? [] : await scheduling.sessionsStarting(range.from, range.to, siteIds);
      const last = addDays(from, query.days - 1);
      const zoneOf = (siteId: string | null) => places.find((place) => place.siteId === siteId)?.timeZone ?? DEFAULT_TIME_ZONE;
      const inRange = rows
        .map((row) => ({ ...row, day: localDay(row.startsAt, zoneOf(row.siteId)) }))
        .filter((row) => row.day >= from && row.day <= last);
      const names = await deps.studyNames([...new Set(inRange.map((row) => row.studyNo))]);
      return {
        status: 'succeed',
        from,
        days: query.days,
        sites: places,
        sessions: inRange.map((row): CalendarSession => ({
          sessionId: row.sessionId,
          day: row.day,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          testerDay: row.testerDay,
          siteId: row.siteId,
          studyNo: row.studyNo,
          studyName: names.get(row.studyNo) ?? `Study ${row.studyNo}`,
          group: {
            cell: row.cell,
            color: row.color,
            kind: row.kind as CalendarSession['group']['kind'],
            status: row.status as CalendarSession['group']['status'],
          },
          seats: row.seats,
          taken: row.taken,
          held: row.held,
          overbook: row.overbook,
          free: Math.max(0, row.seats - row.taken - row.held),
          booked: row.booked,
          checkedIn: row.attended,
          noShows: row.noShow,
        })),
      };
    },

    /** The list of the day, audited as a read of personal data. */
    async dayList(staff: StaffPrincipal, query: DayListQuery): Promise<DayListResponse> {
      const list = await dayList(staff, query);
      await recordRead(staff, list, 'page');
      return list;
    },

    /** The list of the day as CSV (RFC 4180, formulas defused), audited as a download, and its file name. */
    async dayListCsv(staff: StaffPrincipal, query: DayListQuery): Promise<{ fileName: string; csv: string }> {
      const list = await dayList(staff, query);
      await recordRead(staff, list, 'csv');
      const zone = list.site.timeZone;
      const records = list.people.map((person) =>
        csvRecord([
          formatTime(person.startsAt, zone),
          formatTime(person.endsAt, zone),
          person.testerName,
          person.phone,
          person.testerBooked ? 'Yes' : 'No',
          person.children.map((child) => `${child.name} (${child.age})`).join('; '),
          `${person.studyNo} · ${person.studyName}`,
          person.cell,
          DAY_LIST_STATUS_TEXTS[person.status],
        ]),
      );
      return {
        fileName: `day-list-${list.site.siteId}-${list.date}.csv`,
        csv: [csvRecord(DAY_LIST_CSV_HEADER), ...records].join(''),
      };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
