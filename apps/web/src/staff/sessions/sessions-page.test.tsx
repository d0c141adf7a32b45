// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { SESSION_ADMIN_TEXTS, type StaffGroup, type StudyResultsResponse } from '@testerhub/shared/session-admin-schemas';
import { fakeApi } from '../../../test/fake-api';
import { GROUP, GROUPS_PATH, groups, renderStudyPagesAt } from './sessions-test-helpers';

const api = fakeApi();

describe('the sessions page (decision 051)', () => {
  test('shows each group’s kind, site, session in the site’s time, compensation, seats and status', async () => {
    api.answers[GROUPS_PATH] = groups([GROUP]);
    renderStudyPagesAt('/staff/studies/24101/sessions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sessions: Cereal test' })).toBeInTheDocument();
    const card = within(screen.getByRole('listitem', { name: 'Group A1 (Green)' }));
    expect(card.getByText('In person')).toBeInTheDocument();
    expect(card.getByText('Day 1 of 1: Tuesday, December 1st, 2026, 9:00 AM – 11:00 AM CST')).toBeInTheDocument();
    expect(card.getByText('$75.50')).toBeInTheDocument();
    expect(card.getByTestId('group-seats')).toHaveTextContent('2 booked of 3, 1 held for the waiting list');
    expect(card.getByTestId('group-status')).toHaveTextContent('Open');
  });

  test('says when each open group stops taking bookings, and "Booking closed" once past; nothing for a closed group (issue 29)', async () => {
    const soon: StaffGroup = {
      ...GROUP,
      groupId: '22222222-2222-4222-8222-222222222222',
      cell: 'B2',
      bookingClosesAt: '2026-11-27T15:00:00.000Z',
      bookingClosed: true,
    };
    const closed: StaffGroup = { ...GROUP, groupId: '33333333-3333-4333-8333-333333333333', cell: 'C3', status: 'Closed' };
    api.answers[GROUPS_PATH] = groups([GROUP, soon, closed]);
    renderStudyPagesAt('/staff/studies/24101/sessions');
    const open = within(await screen.findByRole('listitem', { name: 'Group A1 (Green)' }));
    expect(open.getByTestId('group-booking-window')).toHaveTextContent('Testers can book until Monday, November 30th, 2026, 9:00 AM CST');
    const past = within(screen.getByRole('listitem', { name: 'Group B2 (Green)' }));
    expect(past.getByTestId('group-status')).toHaveTextContent('Open');
    expect(past.getByTestId('group-booking-window')).toHaveTextContent('Booking closed (since Friday, November 27th, 2026, 9:00 AM CST)');
    expect(
      within(screen.getByRole('listitem', { name: 'Group C3 (Green)' })).queryByTestId('group-booking-window'),
    ).not.toBeInTheDocument();
  });

  test('adds a group: the shared schema names missing fields before anything is sent, then the typed group is sent', async () => {
    let list: StaffGroup[] = [];
    api.answers[GROUPS_PATH] = () => groups(list);
    api.answers['/staff/sessions/CreateGroup'] = () => {
      list = [GROUP];
      return { body: { status: 'succeed', message: SESSION_ADMIN_TEXTS.created, groupId: GROUP.groupId } };
    };
    const user = renderStudyPagesAt('/staff/studies/24101/sessions');
    expect(await screen.findByText('This study has no session groups yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a session group' }));
    const form = within(screen.getByRole('form', { name: 'Add a session group' }));
    await user.click(form.getByRole('button', { name: 'Add group' }));
    expect(form.getByText(SESSION_ADMIN_TEXTS.siteRequired)).toBeInTheDocument();
    expect(form.getByText(SESSION_ADMIN_TEXTS.cellRequired)).toBeInTheDocument();
    expect(form.getAllByText(SESSION_ADMIN_TEXTS.dateInvalid).length).toBeGreaterThan(0);
    expect(api.paths()).not.toContain('/staff/sessions/CreateGroup');

    await user.selectOptions(form.getByLabelText('Test site', { exact: false }), '00001');
    await user.type(form.getByLabelText('Colour'), 'Green');
    await user.type(form.getByLabelText('Cell'), 'A1');
    await user.clear(form.getByLabelText('Compensation (US$, all days)'));
    await user.type(form.getByLabelText('Compensation (US$, all days)'), '75.5');
    await user.clear(form.getByLabelText('Seats'));
    await user.type(form.getByLabelText('Seats'), '3');
    await user.type(form.getByLabelText('Day 1 date'), '2026-12-01');
    await user.type(form.getByLabelText('Day 1 starts'), '09:00');
    await user.type(form.getByLabelText('Day 1 ends'), '11:00');
    await user.click(form.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText(SESSION_ADMIN_TEXTS.created)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/sessions/CreateGroup')?.body).toEqual({ studyNo: 24101, ...GROUP.fields });
    expect(await screen.findByRole('listitem', { name: 'Group A1 (Green)' })).toBeInTheDocument();
  });

  test('the group form says the zone its times are in: the chosen site’s, or the company’s with no site (decision 135)', async () => {
    api.answers[GROUPS_PATH] = () => groups([]);
    const user = renderStudyPagesAt('/staff/studies/24101/sessions');
    await user.click(await screen.findByRole('button', { name: 'Add a session group' }));
    const form = within(screen.getByRole('form', { name: 'Add a session group' }));
    expect(form.getByTestId('group-times-zone')).toHaveTextContent(
      /^Times are in Chicago time \((CST, UTC−6|CDT, UTC−5)\), the company’s clock \(no site\)\.$/,
    );
    await user.selectOptions(form.getByLabelText('Test site', { exact: false }), '00001');
    expect(form.getByTestId('group-times-zone')).toHaveTextContent(
      /^Times are in Chicago time \((CST, UTC−6|CDT, UTC−5)\), this site’s clock\.$/,
    );
    expect(form.getByLabelText('Test site', { exact: false })).toHaveAccessibleDescription(
      form.getByTestId('group-times-zone').textContent,
    );
  });

  test('an edit below the seats booked shows the server’s message on the Seats field', async () => {
    api.answers[GROUPS_PATH] = groups([GROUP]);
    const refusal = SESSION_ADMIN_TEXTS.seatsBelowBookings(3);
    api.answers['/staff/sessions/UpdateGroup'] = { body: { status: 'failed', message: refusal, field: 'seats' } };
    const user = renderStudyPagesAt('/staff/studies/24101/sessions');
    const card = within(await screen.findByRole('listitem', { name: 'Group A1 (Green)' }));
    await user.click(card.getByRole('button', { name: 'Edit group A1' }));
    const form = within(card.getByRole('form', { name: 'Edit group A1' }));
    await user.clear(form.getByLabelText('Seats'));
    await user.type(form.getByLabelText('Seats'), '2');
    await user.click(form.getByRole('button', { name: 'Save group' }));
    expect(await form.findByText(refusal)).toBeInTheDocument();
    expect(form.getByLabelText('Seats')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.find((call) => call.path === '/staff/sessions/UpdateGroup')?.body).toMatchObject({ groupId: GROUP.groupId, seats: 2 });
  });

  test('closes a group and tells the outcome', async () => {
    api.answers[GROUPS_PATH] = groups([GROUP]);
    api.answers['/staff/sessions/SetGroupStatus'] = {
      body: { status: 'succeed', message: SESSION_ADMIN_TEXTS.closed, groupId: GROUP.groupId },
    };
    const user = renderStudyPagesAt('/staff/studies/24101/sessions');
    const card = within(await screen.findByRole('listitem', { name: 'Group A1 (Green)' }));
    await user.click(card.getByRole('button', { name: 'Close group A1' }));
    expect(await screen.findByText(`Group A1: ${SESSION_ADMIN_TEXTS.closed}`)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/sessions/SetGroupStatus')?.body).toEqual({
      groupId: GROUP.groupId,
      status: 'Closed',
    });
  });

  test('has an error state with Try again', async () => {
    let fail = true;
    api.answers[GROUPS_PATH] = () => (fail ? { status: 500, body: { message: 'boom' } } : groups([]));
    const user = renderStudyPagesAt('/staff/studies/24101/sessions');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This study has no session groups yet.')).toBeInTheDocument();
  });

  test('asks the server nothing for staff without the recruiter role', async () => {
    renderStudyPagesAt('/staff/studies/24101/sessions', ['rewards']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff with the recruiter role can open this page.');
    expect(api.calls).toEqual([]);
  });
});

const RESULTS: StudyResultsResponse = {
  status: 'succeed',
  studyNo: 24101,
  studyName: 'Cereal test',
  quotaFill: [],
  questions: [
    { id: 1, prompt: 'How often?' },
    { id: 2, prompt: 'Which kinds?' },
  ],
  screenings: [
    {
      testerName: 'Ada Lovelace',
      username: 'adal',
      childName: null,
      outcome: 'qualified',
      startedAt: '2026-11-20T15:00:00.000Z',
      completedAt: '2026-11-20T15:05:00.000Z',
      answers: { '1': 'Every day', '2': 'Flakes; Granola' },
    },
  ],
  screeningsPage: 1,
  screeningsShown: 1,
  screeningsTotal: 1,
  waitingList: [
    {
      testerName: 'Pat Parent',
      username: 'patp',
      childName: 'Kit Parent',
      reason: 'notify',
      groups: ['A1'],
      addedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  groups: [
    {
      groupId: GROUP.groupId,
      cell: 'A1',
      color: 'Green',
      siteName: 'Chicago Test Center',
      timeZone: 'America/Chicago',
      firstStart: '2026-12-01T15:00:00.000Z',
      seats: 3,
      taken: 1,
      bookings: [{ testerName: 'Ada Lovelace', username: 'adal', childName: null, status: 'booked', bookedAt: '2026-11-20T16:00:00.000Z' }],
    },
  ],
};

describe('the results page (decision 051)', () => {
  test('shows the answers, the waiting list, the bookings per group and the CSV link', async () => {
    api.answers['/staff/study-results/Summary?studyNo=24101&page=1'] = { body: RESULTS };
    renderStudyPagesAt('/staff/studies/24101/results');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results: Cereal test' })).toBeInTheDocument();
    const screening = within(within(screen.getByTestId('screenings')).getByRole('listitem'));
    expect(screening.getByText('Qualified')).toBeInTheDocument();
    expect(screening.getByText('Which kinds?')).toBeInTheDocument();
    expect(screening.getByText('Flakes; Granola')).toBeInTheDocument();
    expect(screen.getByTestId('waiting-list')).toHaveTextContent(
      'Kit Parent (child of Pat Parent) (patp): Asked to be told when a group opens, groups A1',
    );
    const group = within(screen.getByTestId('group-bookings'));
    expect(group.getByText('Group A1 (Green), Chicago Test Center')).toBeInTheDocument();
    expect(group.getByText(/1 booked of 3 seats/)).toBeInTheDocument();
    expect(group.getByRole('listitem')).toHaveTextContent('Ada Lovelace (adal): Booked');
    expect(screen.getByRole('link', { name: 'Download answers and bookings (CSV)' })).toHaveAttribute(
      'href',
      '/api/staff/study-results/Export?studyNo=24101',
    );
  });

  test('pages through the screenings newest first, 200 a page, the page kept in the address', async () => {
    const onPage = (page: number, shown: number) => ({
      body: { ...RESULTS, screeningsPage: page, screeningsShown: shown, screeningsTotal: 450 },
    });
    api.answers['/staff/study-results/Summary?studyNo=24101&page=2'] = onPage(2, 200);
    api.answers['/staff/study-results/Summary?studyNo=24101&page=3'] = onPage(3, 50);
    const user = renderStudyPagesAt('/staff/studies/24101/results?page=2');
    expect(await screen.findByText('Screenings 201–400 of 450, newest first; the CSV holds them all.')).toBeInTheDocument();
    const pages = within(screen.getByRole('navigation', { name: 'Screener results pages' }));
    expect(pages.getByRole('button', { name: 'Newer' })).toBeInTheDocument();
    await user.click(pages.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Screenings 401–450 of 450, newest first; the CSV holds them all.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  test('says when nobody has screened, waited or booked yet', async () => {
    api.answers['/staff/study-results/Summary?studyNo=24101&page=1'] = {
      body: { ...RESULTS, screenings: [], screeningsShown: 0, screeningsTotal: 0, waitingList: [], groups: [] },
    };
    renderStudyPagesAt('/staff/studies/24101/results');
    expect(await screen.findByText('Nobody has taken this study’s screener yet.')).toBeInTheDocument();
    expect(screen.getByText('Nobody is waiting for this study.')).toBeInTheDocument();
    expect(screen.getByText('This study has no session groups yet.')).toBeInTheDocument();
  });
});
