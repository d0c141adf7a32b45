// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ScheduleGroup } from '@testerhub/shared/schedule-schemas';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';
import { ScheduleChangePage } from './schedule-change-page';
import { group, stamp } from './schedule-test-data';

const api = fakeApi();

const NEW_GROUP = '0e7d2f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const OTHER_GROUP = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function answerIndex(stamps: ScheduleStamp[]) {
  api.answers['/schedule/Index'] = { body: { status: 'succeed', scheduleStamps: stamps } };
  // The notice hours come with the check page's answer.
  api.answers['/schedule/GetCurrentSchedule'] = {
    body: { status: 'succeed', scheduleStamps: stamps, isExternalStudy: false, noticeHours: 24 },
  };
}

function answerGroups(groups: ScheduleGroup[]) {
  api.answers['/schedule/GetScheduledGroupTime'] = { body: groups };
}

const offered = () => [
  group({
    groupId: stamp().groupId,
    isCurrent: true,
    sessions: [{ testerDay: 1, startsAt: '2026-11-24T15:00:00Z', endsAt: '2026-11-24T17:00:00Z' }],
  }),
  group({ groupId: NEW_GROUP }),
  group({
    groupId: OTHER_GROUP,
    totalTesterDays: 2,
    isMultiDay: true,
    coOpCost: 275.5,
    sessions: [
      { testerDay: 1, startsAt: '2026-12-01T15:00:00Z', endsAt: '2026-12-01T16:00:00Z' },
      { testerDay: 2, startsAt: '2026-12-02T15:00:00Z', endsAt: '2026-12-02T16:00:00Z' },
    ],
  }),
  group({
    groupId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    available: false,
    sessions: [{ testerDay: 1, startsAt: '2026-11-27T15:00:00Z', endsAt: '2026-11-27T16:00:00Z' }],
  }),
  group({
    groupId: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
    status: 'Closed',
    sessions: [{ testerDay: 1, startsAt: '2026-11-28T15:00:00Z', endsAt: '2026-11-28T16:00:00Z' }],
  }),
];

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/community/main/schedule/change']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/schedule/change" element={<ScheduleChangePage />} />
          <Route path="/community/main/schedule/check" element={<p>Schedule check page</p>} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const changeButton = () => screen.getByRole('button', { name: 'Change Schedule' });
const rowRadio = (name: string | RegExp) => screen.getByRole('radio', { name });
const changeCalls = () => api.calls.filter((call) => call.path === '/schedule/confirmChangeSchedule');

describe('schedule change: states', () => {
  test('loading, then nothing booked: the empty text and no button', async () => {
    answerIndex([]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your schedule…');
    expect(await screen.findByText('Nothing currently scheduled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Schedule' })).not.toBeInTheDocument();
  });

  test('a failure: "Failed to retrieve schedule information", then Try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/schedule/Index'] = { status: 500, body: { message: 'boom' } };
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve schedule information');
    answerIndex([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing currently scheduled')).toBeInTheDocument();
    logged.mockRestore();
  });

  test('no other openings: the empty-state text', async () => {
    answerIndex([stamp()]);
    answerGroups([offered()[0]!, offered()[3]!]);
    renderPage();
    expect(
      await screen.findByText('There are no other openings for this study at this time. If more open, Tester Services may contact you.'),
    ).toBeInTheDocument();
    expect(changeButton()).toBeDisabled();
  });

  test('the groups call fails: its catalogue text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerIndex([stamp()]);
    api.answers['/schedule/GetScheduledGroupTime'] = { status: 500, body: { message: 'boom' } };
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve schedule information');
    logged.mockRestore();
  });
});

describe('schedule change: choosing', () => {
  test('one changeable study is taken at once; the table has the five columns; the button waits for a group', async () => {
    answerIndex([stamp()]);
    answerGroups(offered());
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Other times for Blue study 501' });
    expect(rowRadio(/^Blue study 501/)).toBeChecked();
    expect(api.calls.find((call) => call.path === '/schedule/GetScheduledGroupTime')?.body).toEqual({ studyNo: 501 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Select', 'Date', 'Total days', 'Total compensation', 'Multi-day']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[2]).toHaveTextContent(
      'Tuesday, December 1st, 2026, 9:00 AM – 10:00 AM CSTWednesday, December 2nd, 2026, 9:00 AM – 10:00 AM CST2$275.50Yes',
    );
    expect(rows[1]).toHaveTextContent('Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST1$150No');
    // The current group, a full one and a closed one cannot be chosen.
    expect(rowRadio('Select Tuesday, November 24th, 2026, 9:00 AM – 11:00 AM CST (Your current time)')).toBeDisabled();
    expect(rowRadio('Select Friday, November 27th, 2026, 9:00 AM – 10:00 AM CST (Full)')).toBeDisabled();
    expect(rowRadio('Select Saturday, November 28th, 2026, 9:00 AM – 10:00 AM CST (Full)')).toBeDisabled();
    expect(changeButton()).toBeDisabled();
    await user.click(rowRadio('Select Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST'));
    expect(changeButton()).toBeEnabled();
  });

  test('a time past its booking close says "Booking closed", not "Full" (issue 29)', async () => {
    answerIndex([stamp()]);
    answerGroups([
      ...offered(),
      group({
        groupId: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
        available: false,
        unavailableBecause: 'bookingClosed',
        sessions: [{ testerDay: 1, startsAt: '2026-11-29T15:00:00Z', endsAt: '2026-11-29T16:00:00Z' }],
      }),
    ]);
    renderPage();
    await screen.findByRole('table', { name: 'Other times for Blue study 501' });
    const closed = rowRadio('Select Sunday, November 29th, 2026, 9:00 AM – 10:00 AM CST (Booking closed)');
    expect(closed).toBeDisabled();
    expect(screen.getByRole('row', { name: /Sunday, November 29th/ })).toHaveTextContent('Booking closed');
    expect(screen.getByRole('row', { name: /Sunday, November 29th/ })).not.toHaveTextContent('Full');
  });

  test('several studies: pick one by radio; not changeable and external ones are disabled with their reason', async () => {
    answerIndex([
      stamp(),
      stamp({ studyNo: 502, groupId: 'b2', color: 'Red', changeable: false, scheduleStamp: '2026-11-23T20:00:00Z' }),
      stamp({ studyNo: 503, groupId: 'c3', color: 'Green', isExternalStudy: true, scheduleStamp: '2026-11-30T15:00:00Z' }),
      stamp({ studyNo: 504, groupId: 'd4', color: 'Purple', scheduleStamp: '2026-12-05T15:00:00Z' }),
    ]);
    api.answers['/schedule/GetScheduledGroupTime'] = (body) => ({
      body: [group({ studyNo: (body as { studyNo: number }).studyNo, groupId: NEW_GROUP })],
    });
    const user = renderPage();
    const red = await screen.findByRole('radio', { name: /^Red study 502/ });
    expect(red).toBeDisabled();
    expect(red).toHaveAccessibleDescription(/less than 24 hours away: to change or cancel it, please call Tester Services/);
    const green = screen.getByRole('radio', { name: /^Green study 503/ });
    expect(green).toBeDisabled();
    expect(green).toHaveAccessibleDescription(/scheduled by an outside company/);
    // Two changeable studies: nothing is asked until one is picked.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.paths()).not.toContain('/schedule/GetScheduledGroupTime');
    await user.click(screen.getByRole('radio', { name: /^Purple study 504/ }));
    expect(await screen.findByRole('table', { name: 'Other times for Purple study 504' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/schedule/GetScheduledGroupTime')?.body).toEqual({ studyNo: 504 });
  });
});

describe('schedule change: outcomes', () => {
  async function chooseAndChange(answer: unknown, status = 200) {
    answerIndex([stamp()]);
    answerGroups(offered());
    api.answers['/schedule/confirmChangeSchedule'] = { status, body: answer };
    const user = renderPage();
    await screen.findByRole('table');
    await user.click(rowRadio('Select Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST'));
    await user.click(changeButton());
    return user;
  }

  test('succeed: confirmChangeSchedule with the group, a notification, then the returned url', async () => {
    const user = await chooseAndChange({ status: 'succeed', url: '/community/main/schedule/check', filteredScheduleView: [] });
    expect(changeCalls()).toEqual([{ path: '/schedule/confirmChangeSchedule', body: { ProtectedGroupID: [NEW_GROUP] } }]);
    const note = await screen.findByRole('dialog', { name: 'Schedule Changed' });
    expect(note).toHaveClass('modal-dialog--info');
    expect(screen.queryByText('Schedule check page')).not.toBeInTheDocument();
    await user.click(within(note).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Schedule check page')).toBeInTheDocument();
  });

  test('succeed with an address off the site: the schedule check instead', async () => {
    const user = await chooseAndChange({ status: 'succeed', url: '//elsewhere.example/x', filteredScheduleView: [] });
    await user.click(within(await screen.findByRole('dialog', { name: 'Schedule Changed' })).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Schedule check page')).toBeInTheDocument();
  });

  test('notAvailable: the message, and the list refreshed from the answer with the choice cleared', async () => {
    const refreshed = [
      offered()[0]!,
      group({ groupId: OTHER_GROUP, sessions: [{ testerDay: 1, startsAt: '2026-12-04T15:00:00Z', endsAt: '2026-12-04T16:00:00Z' }] }),
    ];
    const user = await chooseAndChange({ status: 'notAvailable', url: '', filteredScheduleView: refreshed });
    const popup = await screen.findByRole('dialog', { name: 'Study Schedule Unavailable' });
    expect(popup).toHaveTextContent('The time you selected is no longer available. Please check the updated list and choose another time.');
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('radio', { name: 'Select Thursday, November 26th, 2026, 1:00 PM – 3:00 PM CST' })).not.toBeInTheDocument();
    expect(rowRadio('Select Friday, December 4th, 2026, 9:00 AM – 10:00 AM CST')).not.toBeChecked();
    expect(changeButton()).toBeDisabled();
    expect(screen.queryByText('Schedule check page')).not.toBeInTheDocument();
  });

  test('changeEmailAddress: "Invalid Email Address" with where to fix it', async () => {
    await chooseAndChange({ status: 'changeEmailAddress', url: '', filteredScheduleView: [] });
    expect(await screen.findByRole('dialog', { name: 'Invalid Email Address' })).toHaveTextContent(
      'Please update your e-mail address under My Account, Change Contact Info.',
    );
  });

  test('notChangeable: "Failed to change schedule" in red with the notice rule', async () => {
    await chooseAndChange({ status: 'notChangeable', url: '', filteredScheduleView: [] });
    const popup = await screen.findByRole('dialog', { name: 'Failed to change schedule' });
    expect(popup).toHaveClass('modal-dialog--error');
    expect(popup).toHaveTextContent(/at least 24 hours before testing\. Please call Tester Services/);
  });

  test('failed, or a call that does not get through: "Failed to change schedule" with the support help', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await chooseAndChange({ message: 'boom' }, 500);
    const popup = await screen.findByRole('dialog', { name: 'Failed to change schedule' });
    expect(popup).toHaveTextContent(/contact Tester Services/);
    logged.mockRestore();
  });

  test('401: to login, no popup', async () => {
    await chooseAndChange({ message: 'Please log in.' }, 401);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('schedule change: in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  async function renderInSpanish() {
    setLanguage('es');
    answerIndex([stamp()]);
    answerGroups(offered());
    let user!: ReturnType<typeof userEvent.setup>;
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void (user = renderPage()));
    return user;
  }

  test('the page, the study, the table of times with their dates and notes, and the notice', async () => {
    await renderInSpanish();
    expect(await screen.findByRole('heading', { name: 'Cambiar mis citas', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Elija el estudio que desea cambiar' })).toBeInTheDocument();
    expect(rowRadio(/^Estudio Blue 501: martes, 24 de noviembre de 2026, 9:00 a\.m\./)).toBeChecked();
    const table = await screen.findByRole('table', { name: 'Otros horarios para Estudio Blue 501' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Seleccionar', 'Fecha', 'Días en total', 'Compensación total', 'Varios días']);
    expect(rowRadio('Seleccionar martes, 24 de noviembre de 2026, 9:00 a.m. – 11:00 a.m. CST (Su horario actual)')).toBeDisabled();
    expect(rowRadio('Seleccionar viernes, 27 de noviembre de 2026, 9:00 a.m. – 10:00 a.m. CST (Completo)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cambiar cita' })).toBeDisabled();
    expect(screen.getByText(/^Los cambios y cancelaciones deben hacerse al menos 24 horas antes de su sesión\./)).toBeInTheDocument();
  });

  test('a change refused inside the notice window says so in Spanish', async () => {
    api.answers['/schedule/confirmChangeSchedule'] = { body: { status: 'notChangeable', url: '', filteredScheduleView: [] } };
    const user = await renderInSpanish();
    await screen.findByRole('table');
    await user.click(rowRadio('Seleccionar jueves, 26 de noviembre de 2026, 1:00 p.m. – 3:00 p.m. CST'));
    await user.click(screen.getByRole('button', { name: 'Cambiar cita' }));
    const popup = await screen.findByRole('dialog', { name: 'No se pudo cambiar la cita' });
    expect(popup).toHaveTextContent('Los cambios deben hacerse al menos 24 horas antes de la prueba. Llame a Servicios al Probador al');
  });
});
