// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import type { ScheduleStamp } from '@testerhub/shared/schedule-schemas';
import { fakeApi } from '../../../test/fake-api';
import { setLanguage } from '../../hooks/use-entry-language';
import { CANCEL_QUESTION, CANCELLED_TEXT, CancelLinkPage, LINK_REFUSALS } from './cancel-link-page';

const { answers, calls, paths } = fakeApi();

function stamp(day: number, overrides: Partial<ScheduleStamp> = {}): ScheduleStamp {
  return {
    studyNo: 501,
    groupId: 'c7a4b6a0-3f0e-4d55-9d8e-0a1b2c3d4e5f',
    cell: 'A',
    color: 'Blue',
    kind: 'inPerson',
    isPickUp: false,
    siteID: '00001',
    location: 'Chicago Test Center, 200 W Monroe St, Suite 1200, Chicago, IL 60606',
    timeZone: 'America/Chicago',
    coOpCost: 75.5,
    totalTesterDays: 2,
    isMultiDay: true,
    status: 'Open',
    pickUpDate: null,
    virtualDate: null,
    isExternal: false,
    isExternalStudy: false,
    studyName: 'Snack bar test',
    scheduleStamp: day === 1 ? '2026-01-20T15:00:00.000Z' : '2026-01-21T15:00:00.000Z',
    endStamp: day === 1 ? '2026-01-20T17:00:00.000Z' : '2026-01-21T17:00:00.000Z',
    testerDay: day,
    testerID: '',
    testerName: '',
    isChildStudy: false,
    childNames: '',
    videoLink: null,
    changeable: true,
    available: true,
    isThisTimeAvailable: false,
    checkInToken: '',
    ...overrides,
  };
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community/cancel" element={<CancelLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the cancel link page (/community/cancel?c=)', () => {
  test('shows the booking in the site’s zone and the question; opening it cancels nothing', async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'succeed', scheduleStamps: [stamp(1), stamp(2)], noticeHours: 24 } };
    renderAt('/community/cancel?c=abc.def');
    expect(await screen.findByRole('heading', { name: 'Snack bar test' })).toBeInTheDocument();
    expect(screen.getByText('Day 1 of 2: Tuesday, January 20th, 2026, 9:00 AM – 11:00 AM CST')).toBeInTheDocument();
    expect(screen.getByText('Day 2 of 2: Wednesday, January 21st, 2026, 9:00 AM – 11:00 AM CST')).toBeInTheDocument();
    expect(screen.getByText('$75.50')).toBeInTheDocument();
    expect(screen.getByText(CANCEL_QUESTION)).toBeInTheDocument();
    expect(screen.getByText(/at least 24 hours before your session/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Schedule' })).toHaveAccessibleDescription(CANCEL_QUESTION);
    expect(paths()).toEqual(['/schedule/GetCancelLinkBooking']);
    expect(calls[0]!.body).toEqual({ token: 'abc.def' });
  });

  test('Cancel Schedule cancels with the token and says so', async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'succeed', scheduleStamps: [stamp(1)], noticeHours: 24 } };
    answers['/schedule/CancelByLink'] = { body: { status: 'succeed' } };
    renderAt('/community/cancel?c=abc.def');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Schedule' }));
    expect(await screen.findByText(CANCELLED_TEXT)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ path: '/schedule/CancelByLink', body: { token: 'abc.def' } });
  });

  test('inside the notice window the server’s 101 is explained', async () => {
    answers['/schedule/GetCancelLinkBooking'] = {
      body: { status: 'succeed', scheduleStamps: [stamp(1, { changeable: false })], noticeHours: 24 },
    };
    answers['/schedule/CancelByLink'] = { body: { status: '101' } };
    renderAt('/community/cancel?c=abc.def');
    expect(await screen.findByText(/less than 24 hours away/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Schedule' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cancel schedule Failed - 101');
    expect(alert).toHaveTextContent('at least 24 hours before testing');
  });

  test.each([
    ['expired', LINK_REFUSALS.expired],
    ['alreadyCancelled', LINK_REFUSALS.alreadyCancelled],
    ['changed', LINK_REFUSALS.changed],
    ['invalid', LINK_REFUSALS.invalid],
  ] as const)('a link the server refuses (%s) says why, with no button', async (status, text) => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status, scheduleStamps: [], noticeHours: 24 } };
    renderAt('/community/cancel?c=abc.def');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('a link without its code, or one the server rejects as input, is not valid', async () => {
    renderAt('/community/cancel');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_REFUSALS.invalid);
    expect(paths()).toEqual([]);
  });

  test('a second press after someone else cancelled says it is already cancelled', async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'succeed', scheduleStamps: [stamp(1)], noticeHours: 24 } };
    answers['/schedule/CancelByLink'] = { body: { status: 'alreadyCancelled' } };
    renderAt('/community/cancel?c=abc.def');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Schedule' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LINK_REFUSALS.alreadyCancelled));
  });
});

describe('the cancel link page in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  async function renderInSpanish(url: string) {
    setLanguage('es');
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderAt(url));
  }

  test('the booking with its days in Spanish, the question and the button; a 101 explained in Spanish', async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'succeed', scheduleStamps: [stamp(1), stamp(2)], noticeHours: 24 } };
    answers['/schedule/CancelByLink'] = { body: { status: '101' } };
    await renderInSpanish('/community/cancel?c=abc.def');
    expect(await screen.findByRole('heading', { name: 'Cancelar su cita' })).toBeInTheDocument();
    expect(await screen.findByText('Día 1 de 2: martes, 20 de enero de 2026, 9:00 a.m. – 11:00 a.m. CST')).toBeInTheDocument();
    expect(screen.getByText('Dónde')).toBeInTheDocument();
    expect(screen.getByText('Cuándo')).toBeInTheDocument();
    expect(screen.getByText('Compensación')).toBeInTheDocument();
    expect(screen.getByText(/al menos 24 horas antes de su sesión/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Cancelar cita' });
    expect(button).toHaveAccessibleDescription(/^¿Está seguro de que desea cancelar\?/);
    await userEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cancelar la cita - 101');
    expect(alert).toHaveTextContent('al menos 24 horas antes de la prueba');
    expect(screen.getByRole('link', { name: 'Inicie sesión para ver sus citas' })).toBeInTheDocument();
  });

  test('a refused link says why in Spanish', async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'expired', scheduleStamps: [], noticeHours: 24 } };
    await renderInSpanish('/community/cancel?c=abc.def');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace de cancelación ha vencido: la sesión ya comenzó.');
  });

  test("a fresh tab opened from a Spanish e-mail's link (lang=es) reads in Spanish, the help with Spanish hours", async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'succeed', scheduleStamps: [stamp(1)], noticeHours: 24 } };
    // The tab knows no language: the link tells it.
    await act(async () => void renderAt('/community/cancel?c=abc.def&lang=es'));
    expect(await screen.findByRole('heading', { name: 'Cancelar su cita' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(
      screen.getByText(/^¿Preguntas\? Servicios al Probador: .*de lunes a viernes, de 9 a\.m\. a 5 p\.m\. CST\.$/),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ token: 'abc.def' });
  });

  test('a link without lang (sent before) keeps the tab in its language', async () => {
    answers['/schedule/GetCancelLinkBooking'] = { body: { status: 'succeed', scheduleStamps: [stamp(1)], noticeHours: 24 } };
    await act(async () => void renderAt('/community/cancel?c=abc.def'));
    expect(await screen.findByRole('heading', { name: 'Cancel your booking' })).toBeInTheDocument();
  });
});
