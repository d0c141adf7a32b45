// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';
import { setLanguage } from '../../hooks/use-entry-language';
import { qrModules, qrPath } from './check-in-qr';
import { ScheduleCheckPage } from './schedule-check-page';
import { stamp } from './schedule-test-data';

const api = fakeApi();
// Node reads TZ again whenever it changes: vi.stubEnv moves the "machine" to another zone.
afterEach(() => {
  vi.unstubAllEnvs();
});

const QUESTION = 'Are you sure you want to cancel? Doing so will clear your schedule and you will not be able to reschedule these dates.';
const TAKE_BACK_NOTE = 'The coins and experience a booking paid you are taken back when it is cancelled.';

function answerSchedule(stamps: ScheduleStamp[], noticeHours = 24) {
  api.answers['/schedule/GetCurrentSchedule'] = {
    body: { status: 'succeed', scheduleStamps: stamps, isExternalStudy: stamps.some((item) => item.isExternalStudy), noticeHours },
  };
  // With nothing booked the page asks whether a study waits to be scheduled: none, unless a test says so.
  api.answers['/schedule/ReSelfSchedule'] = { body: { url: '', detail: 'You have no study waiting to be scheduled.' } };
}

/** The screener list, with the notice the cancel sends it (decision 080). */
function ScreenerListStub() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      <p>Screener list</p>
      {notice && <p role="status">{notice}</p>}
    </>
  );
}

function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/community/main/schedule/check']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/schedule/check" element={<ScheduleCheckPage />} />
          <Route path="/community/main/screener" element={<ScreenerListStub />} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
  return user;
}

const cancelCalls = () => api.calls.filter((call) => call.path.startsWith('/schedule/Cancel'));

describe('schedule check: states', () => {
  test('loading: a status for screen readers and no empty text yet', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your schedule…');
    expect(screen.queryByText('Nothing currently scheduled')).not.toBeInTheDocument();
  });

  test('nothing booked: the exact empty text, the notice and the policy link', async () => {
    answerSchedule([]);
    renderPage();
    expect(await screen.findByText('Nothing currently scheduled')).toBeInTheDocument();
    expect(screen.getByText(/must be made at least 24 hours before your session/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancellation policy' })).toHaveAttribute('href', '/popup/cancellation-policy');
    expect(screen.queryByRole('button', { name: /Cancel Schedule/ })).not.toBeInTheDocument();
  });

  test('nothing booked but a study waits to be scheduled: ReSelfSchedule\'s detail and "Schedule my study"', async () => {
    answerSchedule([]);
    const url = '/community/main/schedule/self?s=5f0c6a8e-2b7d-4c1e-9a3f-1d2e3f4a5b6c&t=9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d&d=a.b';
    api.answers['/schedule/ReSelfSchedule'] = { body: { url, detail: 'You have a study waiting to be scheduled.' } };
    renderPage();
    expect(await screen.findByText(/You have a study waiting to be scheduled\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule my study' })).toHaveAttribute('href', url);
  });

  test('nothing waits, or an address elsewhere: no link', async () => {
    answerSchedule([]);
    api.answers['/schedule/ReSelfSchedule'] = {
      body: { url: '//elsewhere.example/x', detail: 'You have a study waiting to be scheduled.' },
    };
    renderPage();
    expect(await screen.findByText('Nothing currently scheduled')).toBeInTheDocument();
    await waitFor(() => expect(api.paths()).toContain('/schedule/ReSelfSchedule'));
    expect(screen.queryByRole('link', { name: 'Schedule my study' })).not.toBeInTheDocument();
  });

  test("the notice window is the server's: its noticeHours in the notice and in the 101 explanation", async () => {
    answerSchedule([stamp()], 36);
    api.answers['/schedule/CancelSchedule'] = { body: { status: '101' } };
    const user = renderPage();
    expect(await screen.findByText(/must be made at least 36 hours before your session/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Schedule: Blue study 501' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel schedule Failed - 101' })).toHaveTextContent(
      /must be made at least 36 hours before testing/,
    );
  });

  test('a failure: the catalogue text, then Try again loads the schedule', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/schedule/GetCurrentSchedule'] = { status: 500, body: { message: 'boom' } };
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve schedule information');
    answerSchedule([stamp()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('booking-card')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  test('401: to login, no error state', async () => {
    api.answers['/schedule/GetCurrentSchedule'] = { status: 401, body: { message: 'Please log in.' } };
    renderPage();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('schedule check: a booking', () => {
  test('location, colour, Chicago times with ordinal dates whatever the machine zone, compensation and the QR code of its token', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    answerSchedule([stamp()]);
    renderPage();
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByRole('heading', { name: 'Blue study 501' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Location100 Research Plaza, Chicago, IL');
    expect(card).toHaveTextContent('ColourBlue');
    expect(card).toHaveTextContent('DateTuesday, November 24th, 2026, 9:00 AM – 11:00 AM CST');
    expect(card).toHaveTextContent('Total compensation$150');
    expect(card).not.toHaveTextContent('Children');
    const qr = within(card).getByRole('img', { name: 'Check-in code for Blue study 501' });
    // The drawing is exactly the QR matrix of the server's token.
    expect(qr.querySelector('path')).toHaveAttribute('d', qrPath(qrModules('th1.501.T-1.signature')));
    expect(qrPath(qrModules('th1.501.T-1.signature'))).not.toBe(qrPath(qrModules('th1.502.T-1.signature')));
  });

  test("a booking goes by its study's description when the server sends one", async () => {
    answerSchedule([stamp({ studyName: 'Breakfast cereal taste test, 90 minutes, $60' })]);
    renderPage();
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByRole('heading', { name: 'Breakfast cereal taste test, 90 minutes, $60' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Check-in code for Breakfast cereal taste test, 90 minutes, $60' })).toBeInTheDocument();
  });

  test('a child study names the children; a multi-day group lists each day of its total', async () => {
    answerSchedule([
      stamp({ isChildStudy: true, childNames: 'Sam Tester, Alex Tester', totalTesterDays: 2, isMultiDay: true }),
      stamp({
        isChildStudy: true,
        childNames: 'Sam Tester, Alex Tester',
        totalTesterDays: 2,
        isMultiDay: true,
        testerDay: 2,
        scheduleStamp: '2026-11-25T15:00:00Z',
        endStamp: '2026-11-25T16:00:00Z',
      }),
    ]);
    renderPage();
    const card = await screen.findByTestId('booking-card');
    expect(card).toHaveTextContent('ChildrenSam Tester, Alex Tester');
    expect(card).toHaveTextContent('Day 1 of 2: Tuesday, November 24th, 2026, 9:00 AM – 11:00 AM CST');
    expect(card).toHaveTextContent('Day 2 of 2: Wednesday, November 25th, 2026, 9:00 AM – 10:00 AM CST');
  });

  test('a pick-up study shows its curb-side pick-up and its virtual video-session dates', async () => {
    answerSchedule([
      stamp({
        kind: 'pickUp',
        isPickUp: true,
        timeZone: 'America/New_York',
        pickUpDate: '2026-12-01T14:00:00Z',
        virtualDate: '2026-12-03T23:30:00Z',
        videoLink: 'https://video.example/room/1',
      }),
    ]);
    renderPage();
    const card = await screen.findByTestId('booking-card');
    expect(card).toHaveTextContent('Curb-side pick-upTuesday, December 1st, 2026, 9:00 AM EST');
    expect(card).toHaveTextContent('Virtual video sessionThursday, December 3rd, 2026, 6:30 PM EST');
    expect(within(card).getByRole('link', { name: /Join the video session/ })).toHaveAttribute('href', 'https://video.example/room/1');
  });

  test('an external study: Cancel Schedule disabled, with the reason tied to it', async () => {
    answerSchedule([stamp({ isExternalStudy: true })]);
    renderPage();
    const button = await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/scheduled by an outside company/);
  });
});

describe('schedule check: cancel', () => {
  test('inside the notice window: the button stays (the server explains with 101) and says to call', async () => {
    answerSchedule([stamp({ changeable: false })]);
    renderPage();
    const button = await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(/less than 24 hours away: to change or cancel it, please call Tester Services/);
  });

  test('the question with the take-back line, CancelSchedule with the study number, then the screener list telling the coins taken back', async () => {
    answerSchedule([stamp()]);
    api.answers['/schedule/CancelSchedule'] = { body: { status: 'succeed', coinsTakenBack: 100 } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Schedule' });
    expect(dialog).toHaveTextContent(QUESTION);
    expect(dialog).toHaveTextContent(TAKE_BACK_NOTE);
    expect(cancelCalls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Screener list')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The 100 coins for this booking have been taken back.');
    expect(cancelCalls()).toEqual([{ path: '/schedule/CancelSchedule', body: 501 }]);
  });

  test('a cancel that took no coins back (the booking paid none, or they were spent) tells only that it succeeded on the screener list', async () => {
    answerSchedule([stamp()]);
    api.answers['/schedule/CancelSchedule'] = { body: { status: 'succeed', coinsTakenBack: 0 } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Screener list')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Your booking has been cancelled\.$/);
  });

  test('No closes the question and cancels nothing', async () => {
    answerSchedule([stamp()]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancelCalls()).toEqual([]);
  });

  test.each([
    ['101', 'Cancel schedule Failed - 101', /must be made at least 24 hours before testing\. Please call Tester Services/],
    ['102', 'Cancel schedule Failed - 102', /e-mail address is invalid\. Please update it under My Account, Change Contact Info/],
    ['failed', 'Cancel schedule Failed', /problem with your scheduling information/],
  ])('status %s: "%s" in red with its explanation, and the tester stays', async (status, title, explanation) => {
    answerSchedule([stamp()]);
    api.answers['/schedule/CancelSchedule'] = { body: { status } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const failure = await screen.findByRole('dialog', { name: title });
    expect(failure).toHaveClass('modal-dialog--error');
    expect(failure).toHaveTextContent(explanation);
    expect(screen.queryByText('Screener list')).not.toBeInTheDocument();
  });

  test('a call that does not get through: "Cancel schedule Failed"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSchedule([stamp()]);
    api.answers['/schedule/CancelSchedule'] = { status: 500, body: { message: 'boom' } };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel Schedule: Blue study 501' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel schedule Failed' })).toBeInTheDocument();
    logged.mockRestore();
  });

  test('several bookings: the chosen ones go in one CancelMultiSchedule; external ones cannot be chosen', async () => {
    answerSchedule([
      stamp(),
      stamp({ studyNo: 502, groupId: 'b2', color: 'Red', scheduleStamp: '2026-11-26T15:00:00Z', endStamp: '2026-11-26T16:00:00Z' }),
      stamp({ studyNo: 503, groupId: 'c3', color: 'Green', scheduleStamp: '2026-11-27T15:00:00Z', endStamp: '2026-11-27T16:00:00Z' }),
      stamp({ studyNo: 504, groupId: 'd4', color: 'Purple', isExternal: true, scheduleStamp: '2026-11-28T15:00:00Z' }),
    ]);
    api.answers['/schedule/CancelMultiSchedule'] = { body: { status: 'succeed', coinsTakenBack: 200 } };
    const user = renderPage();
    const multi = await screen.findByRole('button', { name: 'Cancel chosen schedules (0)' });
    expect(multi).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Choose to cancel: Purple study 504' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose to cancel: Blue study 501' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose to cancel: Green study 503' }));
    await user.click(screen.getByRole('button', { name: 'Cancel chosen schedules (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Schedule' });
    expect(dialog).toHaveTextContent(QUESTION);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Blue study 501: Tuesday, November 24th, 2026, 9:00 AM – 11:00 AM CST',
      'Green study 503: Friday, November 27th, 2026, 9:00 AM – 10:00 AM CST',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Screener list')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The 200 coins for these bookings have been taken back.');
    expect(cancelCalls()).toEqual([{ path: '/schedule/CancelMultiSchedule', body: [501, 503] }]);
  });

  test('a refused multi-cancel shows its code', async () => {
    answerSchedule([stamp(), stamp({ studyNo: 502, groupId: 'b2', color: 'Red' })]);
    api.answers['/schedule/CancelMultiSchedule'] = { body: { status: '101' } };
    const user = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose to cancel: Blue study 501' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose to cancel: Red study 502' }));
    await user.click(screen.getByRole('button', { name: 'Cancel chosen schedules (2)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel schedule Failed - 101' })).toBeInTheDocument();
  });
});

describe('schedule check: in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('the page, a booking card with its date in Spanish, and the notice', async () => {
    setLanguage('es');
    answerSchedule([stamp()], 36);
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderPage());
    expect(await screen.findByRole('heading', { name: 'Mis citas', level: 1 })).toBeInTheDocument();
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByText('Lugar')).toBeInTheDocument();
    expect(within(card).getByText('martes, 24 de noviembre de 2026, 9:00 a.m. – 11:00 a.m. CST')).toBeInTheDocument();
    expect(within(card).getByText('Compensación total')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Cancelar cita: / })).toBeInTheDocument();
    expect(screen.getByText(/^Los cambios y cancelaciones deben hacerse al menos 36 horas antes de su sesión\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Política de cancelación' })).toBeInTheDocument();
  });

  test('after a cancel the screener list says in Spanish that it succeeded and which coins were taken back', async () => {
    setLanguage('es');
    answerSchedule([stamp()]);
    api.answers['/schedule/CancelSchedule'] = { body: { status: 'succeed', coinsTakenBack: 100 } };
    let user = userEvent.setup();
    await act(async () => void (user = renderPage()));
    await user.click(await screen.findByRole('button', { name: /^Cancelar cita: / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Screener list')).toBeInTheDocument();
    // The note is in the screener list's Spanish texts, a chunk that may still be on its way.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        /^Su cita ha sido cancelada\. Se le han descontado las 100 monedas que le dio esta cita\.$/,
      ),
    );
  });

  test('a 101 refusal gives the hours to call in Spanish', async () => {
    setLanguage('es');
    answerSchedule([stamp()]);
    api.answers['/schedule/CancelSchedule'] = { body: { status: '101', coinsTakenBack: 0 } };
    let user = userEvent.setup();
    await act(async () => void (user = renderPage()));
    await user.click(await screen.findByRole('button', { name: /^Cancelar cita: / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText(/\(de lunes a viernes, de 9 a\.m\. a 5 p\.m\. CST\)\.$/)).toBeInTheDocument();
  });
});
