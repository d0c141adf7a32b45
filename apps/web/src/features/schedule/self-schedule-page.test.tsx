// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SelectedSchedulesStatus, SelfScheduleStudy } from '@testerhub/shared/self-schedule-schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { EXPIRED_SCHEDULE_COOKIE } from '../../lib/expired-schedule-session';
import { group } from './schedule-test-data';
import { SelfSchedulePage } from './self-schedule-page';

const api = fakeApi();
// Long user journeys (several steps, popups): room for a machine busy with other builds.
const JOURNEY = { timeout: 20_000 };

const STUDY = '5f0c6a8e-2b7d-4c1e-9a3f-1d2e3f4a5b6c';
const TESTER = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const DATA = 'eyJ0IjoxfQ.c2lnbmF0dXJl';
const LINK = `?s=${STUDY}&t=${TESTER}&d=${DATA}`;

const OPEN = '0e7d2f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const CLOSED = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PICK_UP = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const FRESH = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';

/** Study 501 in Chicago: an open group on Thursday 26 November 2026, 1 to 3 PM, and a closed one. */
function study(overrides: Partial<SelfScheduleStudy> = {}): SelfScheduleStudy {
  return {
    studyNo: 501,
    studyGuid: STUDY,
    studyName: 'Breakfast cereal taste test',
    colorName: 'Blue',
    coins: 50,
    exp: 20,
    isExternalScreener: false,
    groups: [
      group({ groupId: OPEN }),
      group({
        groupId: CLOSED,
        status: 'Closed',
        available: false,
        sessions: [{ testerDay: 1, startsAt: '2026-11-28T15:00:00Z', endsAt: '2026-11-28T16:00:00Z' }],
      }),
    ],
    ...overrides,
  };
}

/** Study 502 in Dallas: one pick-up group over two days. */
function secondStudy(): SelfScheduleStudy {
  return study({
    studyNo: 502,
    studyGuid: '6a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
    studyName: 'Take-home hair care study',
    coins: 30,
    exp: 10,
    groups: [
      group({
        studyNo: 502,
        groupId: PICK_UP,
        kind: 'pickUp',
        isPickUp: true,
        pickUpDate: '2026-12-01T16:00:00Z',
        totalTesterDays: 2,
        isMultiDay: true,
        coOpCost: 75.5,
        sessions: [
          { testerDay: 1, startsAt: '2026-12-01T16:00:00Z', endsAt: '2026-12-01T16:30:00Z' },
          { testerDay: 2, startsAt: '2026-12-08T16:00:00Z', endsAt: '2026-12-08T16:30:00Z' },
        ],
      }),
    ],
  });
}

function answerChoices(status: SelectedSchedulesStatus, studies: SelfScheduleStudy[] = [], availableAt: string | null = null) {
  api.answers['/schedule/GetSelectedSchedules'] = { body: { status, filteredScheduleView: studies, availableAt } };
}

function answerReward() {
  api.answers['/profile/GetNextLevelEXP'] = { body: { status: 'succeed', exp: 25, nextLevelExp: 100, remainExp: 75 } };
  api.answers['/profile/CheckEXP'] = { body: { status: 'succeed', level: 1, levelUp: false } };
}

/** The screener list as far as this page is concerned: what it is told to say on arrival. */
function ScreenerList() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      <p>Screener list</p>
      {notice && <p role="status">{notice}</p>}
    </>
  );
}

const WAITLISTED =
  'You are on the waiting list for Breakfast cereal taste test. We will contact you if a place opens at the time you chose.';
const DECLINED = 'You told us you are not interested in Breakfast cereal taste test. We will not offer you its times again.';

function renderPage(search = LINK) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/community/main/schedule/self${search}`]}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/schedule/self" element={<SelfSchedulePage />} />
          <Route path="/community/main/schedule/check" element={<p>Schedule check page</p>} />
          <Route path="/community/main/screener" element={<ScreenerList />} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const callsTo = (path: string) => api.calls.filter((call) => call.path === path);
const stored = () => Object.fromEntries(['s', 't', 'd', 'e', 'k', 'ex'].map((key) => [key, window.sessionStorage.getItem(key)]));

beforeEach(() => {
  window.sessionStorage.clear();
  answerReward();
});
afterEach(() => {
  vi.unstubAllEnvs();
  document.cookie = `${EXPIRED_SCHEDULE_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('self-schedule: view 1, one study', JOURNEY, () => {
  test('congratulations, the instructions, a captioned table with Select and Notify me; the heading has focus', async () => {
    answerChoices('single', [study()]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your study times…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Congratulations!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Bring a government-issued photo ID/)).toBeInTheDocument();
    expect(screen.getByText(/Arrive 15 minutes before your session starts/)).toBeInTheDocument();
    expect(callsTo('/schedule/GetSelectedSchedules')[0]!.body).toEqual({ Study: STUDY, Tester: TESTER, Data: DATA });

    const table = screen.getByRole('table', { name: 'Times for Breakfast cereal taste test' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Choose', 'Date', 'Location', 'Total days', 'Total compensation', 'Multi-day']);
    const group = screen.getByRole('group', { name: 'Choose a time: Breakfast cereal taste test' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Select Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST',
      'Notify me Saturday, November 28th, 2026, 9:00 AM – 10:00 AM CST (Closed)',
    ]);
    // One choice per study: both radios share the study's name.
    expect(new Set(radios.map((radio) => radio.getAttribute('name'))).size).toBe(1);
    expect(screen.getByRole('button', { name: 'Schedule Me' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Not interested' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
    // The link's parameters are kept while the tester chooses.
    expect(stored()).toMatchObject({ s: STUDY, t: TESTER, d: DATA });
  });

  test('a time past its booking close says "Booking closed" and why, offers neither Select nor Notify me, and is not called full (issue 29)', async () => {
    const SOON = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';
    const soon = group({
      groupId: SOON,
      status: 'Closed',
      available: false,
      unavailableBecause: 'bookingClosed',
      bookingClosesAt: '2026-11-24T15:00:00Z',
      noticeHours: 24,
      sessions: [{ testerDay: 1, startsAt: '2026-11-25T15:00:00Z', endsAt: '2026-11-25T16:00:00Z' }],
    });
    answerChoices('single', [study({ groups: [soon, group({ groupId: OPEN })] })]);
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Times for Breakfast cereal taste test' });
    const row = within(table).getByRole('row', { name: /Wednesday, November 25th, 2026, 9:00 AM – 10:00 AM CST/ });
    expect(within(row).getByRole('cell', { name: 'Booking closed' })).toBeInTheDocument();
    expect(within(row).queryByRole('radio')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['Select Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST']);
    expect(
      screen.getByText(
        'Booking closes 24 hours before a time starts, so times marked Booking closed can no longer be chosen. To ask about one, call Tester Services at (800) 555-0142.',
      ),
    ).toBeInTheDocument();
    // Not full: the spec's hint for full times is not shown for it.
    expect(screen.queryByText(/Times marked Closed are full/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Select Thursday/ }));
    expect(screen.getByRole('button', { name: 'Schedule Me' })).toBeEnabled();
  });

  test('a full time keeps the spec’s words: Notify me (Closed) and "Times marked Closed are full"; no booking-closed hint', async () => {
    const full = group({ groupId: CLOSED, status: 'Closed', available: false, unavailableBecause: 'full' });
    answerChoices('single', [study({ groups: [group({ groupId: OPEN }), full] })]);
    renderPage();
    expect(await screen.findByText('Times marked Closed are full: choose Notify me to join their waiting list.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Notify me .* \(Closed\)$/ })).toBeInTheDocument();
    expect(screen.queryByText(/Booking closes/)).not.toBeInTheDocument();
    expect(screen.queryByText('Booking closed')).not.toBeInTheDocument();
  });

  test.each([
    ['UTC', 15],
    ['Asia/Tokyo', 0],
    ['America/Los_Angeles', 7],
  ])('times are in the site’s zone on a machine in %s', async (zone, machineHour) => {
    vi.stubEnv('TZ', zone);
    expect(new Date('2026-11-24T15:00:00Z').getHours()).toBe(machineHour);
    answerChoices('single', [study()]);
    renderPage();
    expect(await screen.findByText('Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST')).toBeInTheDocument();
    expect(screen.getByText('Saturday, November 28th, 2026, 9:00 AM – 10:00 AM CST')).toBeInTheDocument();
  });

  test('Schedule Me books the chosen group, shows the reward, clears s, t, d, e, k and ex, then the schedule check', async () => {
    for (const key of ['e', 'k', 'ex']) window.sessionStorage.setItem(key, `${key}-value`);
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfSchedule'] = {
      body: { status: 'succeed', coins: 50, exp: 20, returnSchedules: [], url: '/community/main/schedule/check' },
    };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Select Thursday/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reward-coins')).toHaveTextContent('+50 coins');
    expect(within(dialog).getByTestId('reward-exp')).toHaveTextContent('+20 EXP');
    expect(callsTo('/schedule/SelfSchedule')[0]!.body).toEqual({
      Study: STUDY,
      Tester: TESTER,
      Data: DATA,
      Child: null,
      IsRequest: true,
      groupIDs: [OPEN],
      pickUpgroupIDs: [],
    });
    expect(stored()).toEqual({ s: null, t: null, d: null, e: null, k: null, ex: null });
    expect(screen.getByTestId('self-schedule-live')).toHaveTextContent('Your study is scheduled.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Schedule check page')).toBeInTheDocument();
  });

  test('a Notify me choice turns the button into "Wait for this time": SelfWaitList, then the screener list says so (issue 28, item 3)', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfWaitList'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Notify me/ }));
    expect(screen.queryByRole('button', { name: 'Schedule Me' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wait for this time' }));

    expect(await screen.findByRole('status')).toHaveTextContent(WAITLISTED);
    expect(screen.getByText('Screener list')).toBeInTheDocument();
    expect(callsTo('/schedule/SelfWaitList')[0]!.body).toEqual({ Study: STUDY, Child: null, GroupIds: [CLOSED] });
    expect(callsTo('/schedule/SelfSchedule')).toHaveLength(0);
    expect(screen.queryByText('You are already scheduled for another study.')).not.toBeInTheDocument();
    expect(stored()).toMatchObject({ s: null, t: null, d: null });
  });

  test('switching back from Notify me to Select gives "Schedule Me" again', async () => {
    answerChoices('single', [study()]);
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Notify me/ }));
    expect(screen.getByRole('button', { name: 'Wait for this time' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /^Select/ }));
    expect(screen.getByRole('button', { name: 'Schedule Me' })).toBeEnabled();
  });

  test('Not interested posts NotInterest, then the screener list says so (issue 28, item 3)', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/NotInterest'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Not interested' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DECLINED);
    expect(callsTo('/schedule/NotInterest')[0]!.body).toEqual({ StudyNo: 501, Child: null });
    expect(callsTo('/schedule/SelfSchedule')).toHaveLength(0);
  });

  test('keyboard only: Tab to the radios, arrows between them, Enter submits', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfWaitList'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Congratulations!' });
    // The heading has focus; the table's scroll region, then the radio group.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('radio', { name: /^Select/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^Notify me/ })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(WAITLISTED);
  });
});

describe("self-schedule: a child's link (k, decision 029)", JOURNEY, () => {
  const KID = '33333333-3333-4333-8333-333333333333';

  test('k is kept with s, t and d, and Schedule Me books the child (Child: k)', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfSchedule'] = {
      body: { status: 'succeed', coins: 50, exp: 20, returnSchedules: [], url: '/community/main/schedule/check' },
    };
    const user = renderPage(`${LINK}&k=${KID}`);
    await user.click(await screen.findByRole('radio', { name: /^Select Thursday/ }));
    expect(stored()).toMatchObject({ s: STUDY, t: TESTER, d: DATA, k: KID });
    expect(callsTo('/schedule/GetSelectedSchedules')[0]!.body).toEqual({ Study: STUDY, Tester: TESTER, Data: DATA, Child: KID });
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));
    await screen.findByRole('dialog');
    expect(callsTo('/schedule/SelfSchedule')[0]!.body).toMatchObject({ Study: STUDY, Tester: TESTER, Data: DATA, Child: KID });
    expect(stored()).toMatchObject({ k: null });
  });

  test('Wait for this time and Not interested name the child too', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfWaitList'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage(`${LINK}&k=${KID}`);
    await user.click(await screen.findByRole('radio', { name: /^Notify me/ }));
    await user.click(screen.getByRole('button', { name: 'Wait for this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent(WAITLISTED);
    expect(callsTo('/schedule/SelfWaitList')[0]!.body).toEqual({ Study: STUDY, Child: KID, GroupIds: [CLOSED] });
  });

  test('Not interested: NotInterest with the child', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/NotInterest'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage(`${LINK}&k=${KID}`);
    await user.click(await screen.findByRole('button', { name: 'Not interested' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DECLINED);
    expect(callsTo('/schedule/NotInterest')[0]!.body).toEqual({ StudyNo: 501, Child: KID });
  });

  test("a tester's own link after a child's: the stored k is dropped (Child: null)", async () => {
    window.sessionStorage.setItem('k', KID);
    answerChoices('single', [study()]);
    api.answers['/schedule/NotInterest'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Not interested' }));
    expect(await screen.findByRole('status')).toHaveTextContent(DECLINED);
    expect(callsTo('/schedule/NotInterest')[0]!.body).toEqual({ StudyNo: 501, Child: null });
  });
});

describe('self-schedule: several studies', JOURNEY, () => {
  test('Next (1 of 2) waits for a choice, then study 2 of 2 (focused); Schedule Me books both, the pick-up group apart', async () => {
    answerChoices('multi', [study(), secondStudy()]);
    api.answers['/schedule/SelfSchedule'] = {
      body: { status: 'succeed', coins: 80, exp: 30, returnSchedules: [], url: '/community/main/schedule/check' },
    };
    const user = renderPage();
    expect(await screen.findByText('Study 1 of 2')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next (1 of 2)' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^Select/ }));
    await user.click(next);

    const studyHeading = await screen.findByRole('heading', { level: 2, name: 'Take-home hair care study' });
    await waitFor(() => expect(studyHeading).toHaveFocus());
    expect(screen.getByText('Study 2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('self-schedule-live')).toHaveTextContent('Study 2 of 2: Take-home hair care study');
    const row = screen.getByRole('radio', { name: /^Select Curb-side pick-up: Tuesday, December 1st, 2026, 10:00 AM CST$/ }).closest('tr')!;
    expect(within(row).getByText('Virtual video session: Tuesday, December 8th, 2026, 10:00 AM – 10:30 AM CST')).toBeInTheDocument();
    expect(within(row).getByText('$75.50')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    const scheduleMe = screen.getByRole('button', { name: 'Schedule Me' });
    expect(scheduleMe).toBeDisabled();

    // Back keeps the first choice.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: /^Select Thursday/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next (1 of 2)' }));

    await user.click(screen.getByRole('radio', { name: /^Select Curb-side pick-up: Tuesday/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));
    expect(await screen.findByTestId('reward-coins')).toHaveTextContent('+80 coins');
    expect(callsTo('/schedule/SelfSchedule')).toHaveLength(1);
    expect(callsTo('/schedule/SelfSchedule')[0]!.body).toMatchObject({ groupIDs: [OPEN], pickUpgroupIDs: [PICK_UP] });
  });

  test('a Notify me on one study waitlists: "Wait for this time" books the other; after the reward the screener list says both', async () => {
    answerChoices('multi', [study(), secondStudy()]);
    api.answers['/schedule/SelfSchedule'] = {
      body: { status: 'succeed', coins: 30, exp: 10, returnSchedules: [], url: '/community/main/schedule/check' },
    };
    api.answers['/schedule/SelfWaitList'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Notify me/ }));
    await user.click(screen.getByRole('button', { name: 'Next (1 of 2)' }));
    await user.click(await screen.findByRole('radio', { name: /^Select Curb-side pick-up: Tuesday/ }));
    await user.click(screen.getByRole('button', { name: 'Wait for this time' }));

    // The booking's reward shows; closing it goes to the screener list, which says what was done.
    const dialog = await screen.findByRole('dialog');
    expect(callsTo('/schedule/SelfSchedule')[0]!.body).toMatchObject({ groupIDs: [], pickUpgroupIDs: [PICK_UP] });
    expect(callsTo('/schedule/SelfWaitList')[0]!.body).toEqual({ Study: STUDY, Child: null, GroupIds: [CLOSED] });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `You are booked for Take-home hair care study: your time is on My schedule. ${WAITLISTED}`,
    );
  });

  test('Not interested in study 1 of 2 moves on; after the last study is booked the screener list says both', async () => {
    answerChoices('multi', [study(), secondStudy()]);
    api.answers['/schedule/NotInterest'] = { body: { status: 'succeed', url: '/community/main/screener' } };
    api.answers['/schedule/SelfSchedule'] = {
      body: { status: 'succeed', coins: 30, exp: 10, returnSchedules: [], url: '/community/main/schedule/check' },
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Not interested' }));
    expect(await screen.findByText('Study 2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Select Curb-side pick-up: Tuesday/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `You are booked for Take-home hair care study: your time is on My schedule. ${DECLINED}`,
    );
    expect(callsTo('/schedule/NotInterest')[0]!.body).toEqual({ StudyNo: 501, Child: null });
    expect(callsTo('/schedule/SelfSchedule')[0]!.body).toMatchObject({ groupIDs: [], pickUpgroupIDs: [PICK_UP] });
  });
});

describe('self-schedule: the other views', JOURNEY, () => {
  test.each([
    ['failed', 'We are sorry'],
    ['notMatched', 'We are sorry'],
    ['noSchedules', 'Thank you!'],
    ['notRequested', 'Thank you!'],
    ['hasSchedule', 'Thank you!'],
    ['scheduledFromOther', 'Thank you!'],
    ['waitlist', 'Thank you!'],
    ['externalPending', 'Thank you for completing the screener!'],
    ['suspended', 'Scheduling is paused'],
  ] as const)('status %s: the view headed "%s"', async (status, title) => {
    answerChoices(status, [], status === 'externalPending' ? '2026-11-23T17:30:00Z' : null);
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    await waitFor(() => expect(heading).toHaveFocus());
    if (title === 'We are sorry') expect(screen.getByText(/does not match your account/)).toBeInTheDocument();
    if (status === 'externalPending') expect(screen.getByText(/will be available in 30 minutes/)).toBeInTheDocument();
    if (status === 'suspended') expect(screen.getByText(/suspended after missed appointments/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See other studies' })).toHaveAttribute('href', '/community/main/screener');
  });

  test('a damaged d is view 3 without asking the server', async () => {
    renderPage(`?s=${STUDY}&t=${TESTER}&d=not<a>token`);
    expect(await screen.findByRole('heading', { level: 1, name: 'We are sorry' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  test('from the menu, with no link: every waiting study is asked for ({}), and "nothing waiting" when there is none', async () => {
    answerChoices('notRequested');
    renderPage('');
    expect(await screen.findByText('You have no study waiting to be scheduled.')).toBeInTheDocument();
    expect(callsTo('/schedule/GetSelectedSchedules')[0]!.body).toEqual({});
  });

  test('the stored link serves a visit without one in the address', async () => {
    window.sessionStorage.setItem('s', STUDY);
    window.sessionStorage.setItem('t', TESTER);
    window.sessionStorage.setItem('d', DATA);
    answerChoices('single', [study()]);
    renderPage('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(callsTo('/schedule/GetSelectedSchedules')[0]!.body).toEqual({ Study: STUDY, Tester: TESTER, Data: DATA });
  });

  test('the choices fail to load: "Failed to retrieve schedule information", then Try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/schedule/GetSelectedSchedules'] = { status: 500, body: { message: 'boom' } };
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve schedule information');
    answerChoices('single', [study()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('self-schedule: the outside screener (ex)', JOURNEY, () => {
  test('GiveCoinsExternalScreener once, the reward, then view 4; ex is spent', async () => {
    api.answers['/schedule/GiveCoinsExternalScreener'] = {
      body: { status: 'succeed', coins: 25, exp: 5, availableAt: '2026-11-23T17:30:00Z' },
    };
    renderPage('?ex=abcdefghijklmnopqrstuvwx');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reward-coins')).toHaveTextContent('+25 coins');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for completing the screener!', hidden: true })).toBeInTheDocument();
    expect(screen.getByText(/Your schedule information will be available in 30 minutes/)).toBeInTheDocument();
    expect(callsTo('/schedule/GiveCoinsExternalScreener')).toEqual([
      { path: '/schedule/GiveCoinsExternalScreener', body: { ex: 'abcdefghijklmnopqrstuvwx' } },
    ]);
    expect(callsTo('/schedule/GetSelectedSchedules')).toHaveLength(0);
    expect(window.sessionStorage.getItem('ex')).toBeNull();
  });

  test('sends the partner’s sig beside ex, and forgets both once used (decision 077)', async () => {
    api.answers['/schedule/GiveCoinsExternalScreener'] = {
      body: { status: 'succeed', coins: 25, exp: 5, availableAt: '2026-11-23T17:30:00Z' },
    };
    const sig = '0123456789abcdef'.repeat(4);
    renderPage(`?ex=abcdefghijklmnopqrstuvwx&sig=${sig}`);
    await screen.findByRole('dialog');
    expect(callsTo('/schedule/GiveCoinsExternalScreener')).toEqual([
      { path: '/schedule/GiveCoinsExternalScreener', body: { ex: 'abcdefghijklmnopqrstuvwx', sig } },
    ]);
    expect(window.sessionStorage.getItem('ex')).toBeNull();
    expect(window.sessionStorage.getItem('sig')).toBeNull();
  });

  test('a used or unknown token: "Failed to retrieve reward from external screener", then view 5', async () => {
    api.answers['/schedule/GiveCoinsExternalScreener'] = { body: { status: 'failed', coins: 0, exp: 0, availableAt: null } };
    const user = renderPage('?ex=abcdefghijklmnopqrstuvwx');
    const dialog = await screen.findByRole('dialog', { name: 'Failed to retrieve reward from external screener' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('heading', { level: 1, name: 'You have already completed this prescreening' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check my schedule' })).toHaveAttribute('href', '/community/main/schedule/check');
  });
});

describe('self-schedule: failures', JOURNEY, () => {
  test('notAvailable: "Study Schedule Unavailable" and the refreshed table, the stale choice cleared', async () => {
    answerChoices('single', [study()]);
    const refreshed = study({
      groups: [group({ groupId: OPEN, status: 'Closed', available: false }), group({ groupId: FRESH, cell: 'C' })],
    });
    api.answers['/schedule/SelfSchedule'] = {
      body: { status: 'notAvailable', coins: 0, exp: 0, returnSchedules: [refreshed], url: '' },
    };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Select/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Study Schedule Unavailable' });
    expect(dialog).toHaveTextContent('The currently selected study is not available, please check another study.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label')?.split(' ')[0])).toEqual(['Notify', 'Select']);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByRole('button', { name: 'Schedule Me' })).toBeDisabled();
    expect(stored()).toMatchObject({ s: STUDY, t: TESTER, d: DATA });
  });

  test.each([
    [{ status: 500, body: { message: 'boom' } }, 'Scheduling attempt failed'],
    [{ body: { status: 'overlap', coins: 0, exp: 0, returnSchedules: [], url: '' } }, 'Scheduling attempt failed'],
    [{ body: { status: 'changeEmailAddress', coins: 0, exp: 0, returnSchedules: [], url: '' } }, 'Invalid Email Address'],
  ])('SelfSchedule answers %j: "%s"', async (answer, title) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfSchedule'] = answer;
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Select/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    expect(stored()).toMatchObject({ s: STUDY, t: TESTER, d: DATA });
    logged.mockRestore();
  });

  test('SelfWaitList refused: "Failed to retrieve waiting list"', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfWaitList'] = { body: { status: 'failed', url: '' } };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Notify me/ }));
    await user.click(screen.getByRole('button', { name: 'Wait for this time' }));
    expect(await screen.findByRole('dialog', { name: 'Failed to retrieve waiting list' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Thank you!', hidden: true })).not.toBeInTheDocument();
  });

  test('SelfWaitList notAvailable (the time’s booking closed while the page was open): the popup says so (issue 29)', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfWaitList'] = { body: { status: 'notAvailable', url: '' } };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Notify me/ }));
    await user.click(screen.getByRole('button', { name: 'Wait for this time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Failed to retrieve waiting list' });
    expect(dialog).toHaveTextContent('Booking for that time has closed, so there is no waiting list for it. Please choose another time.');
  });

  test('NotInterest fails: "Something went wrong", and the study stays', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerChoices('single', [study()]);
    api.answers['/schedule/NotInterest'] = { status: 500, body: { message: 'boom' } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Not interested' }));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('table', { hidden: true })).toBeInTheDocument();
    logged.mockRestore();
  });

  test('a 401: the login page, the expired-session cookie for its notice, and the link kept', async () => {
    answerChoices('single', [study()]);
    api.answers['/schedule/SelfSchedule'] = { status: 401, body: { message: 'no session' } };
    const user = renderPage();
    await user.click(await screen.findByRole('radio', { name: /^Select/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule Me' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(document.cookie).toContain(`${EXPIRED_SCHEDULE_COOKIE}=1`);
    expect(stored()).toMatchObject({ s: STUDY, t: TESTER, d: DATA });
  });
});

describe('self-schedule: in Spanish (issue 28)', JOURNEY, () => {
  afterEach(() => setLanguage('en'));

  test('the congratulations, the instructions, the table with Spanish dates and the buttons', async () => {
    setLanguage('es');
    answerChoices('single', [study()]);
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderPage());
    expect(await screen.findByRole('heading', { level: 1, name: '¡Felicitaciones!' })).toBeInTheDocument();
    expect(screen.getByText(/^Llegue 15 minutos antes de que empiece su sesión/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Horarios de Breakfast cereal taste test' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Elegir', 'Fecha', 'Lugar', 'Días en total', 'Compensación total', 'Varios días']);
    const group = screen.getByRole('group', { name: 'Elija un horario: Breakfast cereal taste test' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label'))[0],
    ).toBe('Seleccionar jueves, 26 de noviembre de 2026, 1:00 p.m. – 3:00 p.m. CST');
    expect(screen.getByRole('button', { name: 'No me interesa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Programarme' })).toBeInTheDocument();
  });
});
