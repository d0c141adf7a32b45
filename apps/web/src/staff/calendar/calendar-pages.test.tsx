// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CalendarSession, CalendarSessionsResponse, DayListResponse } from '@testerhub/shared/calendar-schemas';
import type { StaffMe, StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { StaffApp } from '../staff-app';
import { CalendarPage } from './calendar-page';
import { DayListPage } from './day-list-page';

const api = fakeApi();

const CHICAGO = { siteId: '00001', name: 'Chicago Test Center', timeZone: 'America/Chicago' };
const NEW_YORK = { siteId: '00003', name: 'New York Test Center', timeZone: 'America/New_York' };

const SESSION: CalendarSession = {
  sessionId: 7,
  day: '2026-11-25',
  startsAt: '2026-11-25T15:00:00.000Z',
  endsAt: '2026-11-25T17:00:00.000Z',
  testerDay: 1,
  siteId: '00001',
  studyNo: 24101,
  studyName: 'Kitchen scales at home',
  group: { cell: 'A', color: 'Orange', kind: 'inPerson', status: 'Open' },
  seats: 4,
  taken: 3,
  held: 1,
  overbook: 0,
  free: 0,
  booked: 1,
  checkedIn: 1,
  noShows: 1,
};

const week = (from: string, sessions: CalendarSession[] = [SESSION]): CalendarSessionsResponse => ({
  status: 'succeed',
  from,
  days: 7,
  sites: [CHICAGO, NEW_YORK, { siteId: null, name: 'Virtual sessions', timeZone: 'America/Chicago' }],
  sessions,
});

const renderCalendar = (entry: string, roles: StaffRole[]) =>
  renderStaffPages(entry, { calendar: <CalendarPage />, 'calendar/day': <DayListPage /> }, roles);

describe('who may open the calendar', () => {
  test('content staff get a page saying which roles may, with the way back, and no call is made', () => {
    renderCalendar('/staff/calendar', ['content']);
    expect(screen.getByRole('heading', { level: 1, name: 'Not open to your role' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Only staff with the recruiter or site staff role can open this page.');
    expect(api.paths()).toEqual([]);
  });

  test('the console’s navigation shows Calendar to site staff and recruiters, not to rewards staff', async () => {
    for (const [roles, shown] of [
      [['site-staff'], true],
      [['recruiter'], true],
      [['rewards'], false],
    ] as [StaffRole[], boolean][]) {
      const me: StaffMe = { status: 'succeed', id: 's-1', name: 'Cora', email: 'cora@staff.example.test', roles, siteIds: ['00001'] };
      api.answers['/staff/Me'] = { body: me };
      const { unmount } = render(
        <MemoryRouter initialEntries={['/staff/account']}>
          <Routes>
            <Route path="staff/*" element={<StaffApp />} />
          </Routes>
        </MemoryRouter>,
      );
      const nav = within(await screen.findByRole('navigation', { name: 'Staff console' }));
      expect(nav.queryByRole('link', { name: 'Calendar' }) !== null, roles.join()).toBe(shown);
      if (shown) expect(nav.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/staff/calendar');
      unmount();
    }
  });
});

describe('the calendar (decision 120)', () => {
  test('a recruiter sees the week from Monday as a table of sites by days, each session with seats and check-ins, linked to its study', async () => {
    api.answers['/staff/calendar/Sessions?from=2026-11-23&days=7'] = { body: week('2026-11-23') };
    api.answers['/staff/calendar/Sessions?from=2026-11-30&days=7'] = { body: week('2026-11-30', []) };
    const user = renderCalendar('/staff/calendar?from=2026-11-25', ['recruiter']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Monday, November 23, 2026' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Sessions by site and day' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Site',
      'Mon, Nov 23',
      'Tue, Nov 24',
      'Wed, Nov 25',
      'Thu, Nov 26',
      'Fri, Nov 27',
      'Sat, Nov 28',
      'Sun, Nov 29',
    ]);
    const chicago = within(table)
      .getByRole('rowheader', { name: /Chicago Test Center/ })
      .closest('tr')!;
    const cells = within(chicago).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('9:00 AM–11:00 AM Kitchen scales at home');
    expect(cells[2]).toHaveTextContent('Study 24101 · cell A, Orange · In person');
    expect(cells[2]).toHaveTextContent('3 of 4 seats taken · 0 free · 1 held');
    expect(cells[2]).toHaveTextContent('Checked in 1 · no-shows 1 · expected 1');
    expect(within(cells[2]!).getByRole('link')).toHaveAttribute('href', '/staff/studies/24101/sessions');
    expect(cells[0]).toHaveTextContent('–');
    expect(within(table).getByRole('rowheader', { name: /New York Test Center/ })).toHaveTextContent('America/New_York');

    // The same week as a list of days under headings (what a phone shows).
    expect(screen.getByRole('heading', { level: 3, name: 'Wednesday, November 25, 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Monday, November 30, 2026' })).toBeVisible();
    expect(api.paths()).toContain('/staff/calendar/Sessions?from=2026-11-30&days=7');
  });

  test('one site and one day: the site filter and the view ask the server for them; site staff’s sessions lead to the list of the day', async () => {
    api.answers['/staff/calendar/Sessions?from=2026-11-23&days=7'] = { body: week('2026-11-23') };
    api.answers['/staff/calendar/Sessions?from=2026-11-23&days=7&siteId=00001'] = { body: week('2026-11-23') };
    api.answers['/staff/calendar/Sessions?from=2026-11-23&days=1&siteId=00001'] = {
      body: { ...week('2026-11-23', []), days: 1 },
    };
    const user = renderCalendar('/staff/calendar?from=2026-11-23', ['site-staff']);
    await screen.findByRole('table', { name: 'Sessions by site and day' });
    expect(screen.getAllByRole('link', { name: /Kitchen scales at home/ })[0]).toHaveAttribute(
      'href',
      '/staff/calendar/day?date=2026-11-25&site=00001',
    );
    await user.selectOptions(screen.getByLabelText('Site'), '00001');
    await user.selectOptions(screen.getByLabelText('Show'), 'day');
    expect(await screen.findByRole('heading', { level: 2, name: 'Monday, November 23, 2026' })).toBeVisible();
    expect(await screen.findByText('No sessions.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.paths()).toContain('/staff/calendar/Sessions?from=2026-11-23&days=1&siteId=00001');
  });
});

describe('today on the company’s or the site’s clock, not the browser’s (decision 139)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
  // 05:30 UTC on Monday 30 November 2026: 14:30 Monday in Tokyo, 00:30 Monday in New York, 23:30 Sunday in Chicago.
  const atMidnightInNewYork = () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T05:30:00Z'));
  };

  test('the calendar opens on the company’s today, and Today with one site chosen is that site’s today', async () => {
    atMidnightInNewYork();
    api.answers['/staff/calendar/Sessions?from=2026-11-29&days=1'] = { body: { ...week('2026-11-29', []), days: 1 } };
    api.answers['/staff/calendar/Sessions?from=2026-11-29&days=1&siteId=00003'] = { body: { ...week('2026-11-29', []), days: 1 } };
    api.answers['/staff/calendar/Sessions?from=2026-11-30&days=1&siteId=00003'] = { body: { ...week('2026-11-30', []), days: 1 } };
    const user = renderCalendar('/staff/calendar?view=day', ['recruiter']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sunday, November 29, 2026' })).toBeVisible();
    expect(screen.getByTestId('calendar-times-zone')).toHaveTextContent(
      'Today is the chosen site’s today, or the company’s for all sites.',
    );
    await user.selectOptions(await screen.findByLabelText('Site'), '00003');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monday, November 30, 2026' })).toBeVisible();
  });

  test('with a site in the address and no day, the first read starts on the site’s today, a day or its week (decision 145)', async () => {
    atMidnightInNewYork();
    // The company's day (Sunday in Chicago) is answered too, so a page that asked for it would show it.
    api.answers['/staff/calendar/Sessions?from=2026-11-29&days=1&siteId=00003'] = { body: { ...week('2026-11-29', []), days: 1 } };
    api.answers['/staff/calendar/Sessions?from=2026-11-23&days=7&siteId=00003'] = { body: week('2026-11-23', []) };
    api.answers['/staff/calendar/Sessions?days=1&siteId=00003'] = { body: { ...week('2026-11-30', []), days: 1 } };
    api.answers['/staff/calendar/Sessions?days=7&siteId=00003'] = { body: week('2026-11-30', []) };
    renderCalendar('/staff/calendar?view=day&site=00003', ['recruiter']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Monday, November 30, 2026' })).toBeVisible();
    cleanup();
    renderCalendar('/staff/calendar?site=00003', ['recruiter']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Monday, November 30, 2026' })).toBeVisible();
    expect(api.paths().filter((path) => path.startsWith('/staff/calendar/'))).toEqual([
      '/staff/calendar/Sessions?days=1&siteId=00003',
      '/staff/calendar/Sessions?days=7&siteId=00003',
    ]);
  });

  test('the list of the day opens on the company’s today', async () => {
    atMidnightInNewYork();
    api.answers['/staff/calendar/Sessions?from=2026-11-29&days=1'] = { body: { ...week('2026-11-29', []), days: 1 } };
    renderCalendar('/staff/calendar/day', ['site-staff']);
    expect(await screen.findByLabelText('Day')).toHaveValue('2026-11-29');
  });
});

describe('the list of the day (decision 120)', () => {
  const LIST: DayListResponse = {
    status: 'succeed',
    date: '2026-11-25',
    site: CHICAGO,
    people: [
      {
        key: '7:t-1',
        startsAt: '2026-11-25T15:00:00.000Z',
        endsAt: '2026-11-25T17:00:00.000Z',
        testerName: 'Paula Parent',
        phone: '2145550199',
        testerBooked: true,
        children: [{ name: 'Kit Parent', age: 7 }],
        studyNo: 24101,
        studyName: 'Kitchen scales at home',
        cell: 'A',
        status: 'booked',
      },
      {
        key: '8:t-2',
        startsAt: '2026-11-25T20:00:00.000Z',
        endsAt: '2026-11-25T22:00:00.000Z',
        testerName: 'Abe Later',
        phone: '2145550111',
        testerBooked: true,
        children: [],
        studyNo: 24102,
        studyName: 'Sofa cushions',
        cell: 'B',
        status: 'checkedIn',
      },
    ],
  };

  test('site staff see their site’s people in a table with a box to tick, print it and download the CSV', async () => {
    api.answers['/staff/calendar/Sessions?from=2026-11-25&days=1'] = {
      body: { status: 'succeed', from: '2026-11-25', days: 1, sites: [CHICAGO], sessions: [] },
    };
    api.answers['/staff/calendar/DayList?date=2026-11-25&siteId=00001'] = { body: LIST };
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = renderCalendar('/staff/calendar/day?date=2026-11-25', ['site-staff']);
    expect(await screen.findByRole('heading', { level: 2, name: 'Chicago Test Center: Wednesday, November 25, 2026' })).toBeVisible();
    expect(screen.getByText(/Times on the site’s clock \(CST, America\/Chicago\)\. 2 people expected\./)).toBeVisible();
    const table = screen.getByRole('table', { name: 'Chicago Test Center: Wednesday, November 25, 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Came', 'Time', 'Tester', 'Phone', 'Children', 'Study', 'Status']);
    const rows = within(table).getAllByTestId('day-list-person');
    expect(rows[0]).toHaveTextContent('9:00 AM–11:00 AM');
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Paula Parent');
    expect(rows[0]).toHaveTextContent('2145550199');
    expect(rows[0]).toHaveTextContent('Kit Parent (7)');
    expect(rows[0]).toHaveTextContent('Kitchen scales at home (study 24101, cell A)');
    expect(rows[0]).toHaveTextContent('Booked');
    expect(rows[1]).toHaveTextContent('Checked in');
    expect(rows[1]).toHaveTextContent('✓');

    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/staff/calendar/DayList.csv?date=2026-11-25&siteId=00001',
    );
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('a day with nobody booked says so, without an empty table', async () => {
    api.answers['/staff/calendar/Sessions?from=2026-11-26&days=1'] = {
      body: { status: 'succeed', from: '2026-11-26', days: 1, sites: [CHICAGO], sessions: [] },
    };
    api.answers['/staff/calendar/DayList?date=2026-11-26&siteId=00001'] = { body: { ...LIST, date: '2026-11-26', people: [] } };
    renderCalendar('/staff/calendar/day?date=2026-11-26&site=00001', ['site-staff']);
    expect(await screen.findByText('Nobody is booked at this site on this day.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
