// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { CheckInBooking } from '@testerhub/shared/check-in-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages } from '../../../test/staff-pages';
import { CheckInPage } from './check-in-page';

const api = fakeApi();

const BOOKING: CheckInBooking = {
  bookingId: 42,
  testerName: 'Quentin Checkley',
  testerBirthDate: '1984-02-29',
  childName: null,
  studyNo: 24101,
  studyName: 'Kitchen scales at home',
  status: 'booked',
  siteName: 'Chicago',
  timeZone: 'America/Chicago',
  group: { cell: 'A', color: 'Orange', kind: 'inPerson' },
  sessions: [{ testerDay: 1, startsAt: '2026-11-25T17:30:00.000Z', endsAt: '2026-11-25T19:30:00.000Z' }],
  household: [{ bookingId: 43, childName: 'Pip Checkley', status: 'booked' }],
};

function renderPage(roles: StaffRole[] = ['site-staff']) {
  return renderStaffPages('/staff/check-in', { 'check-in': <CheckInPage /> }, roles);
}

describe('who may open check-in (issue 29: every role reached it and read "Something went wrong")', () => {
  test('a recruiter without the site-staff role gets a page saying why, with the way back, and no call is made', () => {
    renderPage(['recruiter', 'rewards']);
    expect(screen.getByRole('heading', { level: 1, name: 'Not open to your role' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Only staff with the site staff role can open this page.');
    expect(screen.getByRole('link', { name: 'Back to the console home' })).toHaveAttribute('href', '/staff');
    expect(screen.queryByRole('button', { name: /scan/i })).toBeNull();
    expect(api.paths()).toEqual([]);
  });

  test('an admin holds every role and gets the page', () => {
    renderPage(['admin']);
    expect(screen.queryByRole('heading', { name: 'Not open to your role' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  });
});

describe('the check-in page (decision 048)', () => {
  test('a code shows the tester, study, session in the site’s zone and the child; Mark attended reports the payment', async () => {
    api.answers['/staff/check-in/Scan'] = { body: { status: 'succeed', booking: BOOKING } };
    api.answers['/staff/check-in/MarkAttended'] = {
      body: {
        status: 'succeed',
        booking: { ...BOOKING, status: 'attended' },
        coins: 200,
        experience: 100,
        message: 'Quentin Checkley is checked in. Quentin Checkley earned 200 coins and 100 experience.',
      },
    };
    const user = renderPage();
    await user.type(screen.getByLabelText(/Or enter the code/), 'the.token');
    await user.click(screen.getByRole('button', { name: 'Find the booking' }));
    const card = await screen.findByRole('article', { name: 'Quentin Checkley' });
    expect(within(card).getByText('Kitchen scales at home (study 24101)')).toBeInTheDocument();
    expect(within(card).getByText(/Day 1: Wednesday, November 25th, 2026, 11:30 AM – 1:30 PM CST/)).toBeInTheDocument();
    expect(within(card).getByText(/Pip Checkley: Expected/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/check-in/Scan')?.body).toEqual({ token: 'the.token' });

    await user.click(within(card).getByRole('button', { name: 'Mark attended' }));
    expect(await screen.findByRole('status')).toHaveTextContent('earned 200 coins and 100 experience');
    expect(within(card).getByTestId('check-in-status')).toHaveTextContent('Checked in');
    expect(within(card).queryByRole('button', { name: 'Mark attended' })).toBeNull();
    expect(api.calls.find((call) => call.path === '/staff/check-in/MarkAttended')?.body).toEqual({ bookingId: 42 });
  });

  test('a refused code shows the server’s message; an empty code and a one-letter name are caught before asking', async () => {
    api.answers['/staff/check-in/Scan'] = {
      body: { status: 'otherSite', message: 'This booking is at Dallas, which is not one of your sites.' },
    };
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Find the booking' }));
    expect(await screen.findByText('Scan a code or enter it.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Or enter the code/), 'foreign');
    await user.click(screen.getByRole('button', { name: 'Find the booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not one of your sites');
    await user.type(screen.getByLabelText('Tester’s or child’s name'), 'Q');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter at least two letters of the name.')).toBeInTheDocument();
    expect(api.paths()).toEqual(['/staff/check-in/Scan']);
  });

  test('the name search lists today’s bookings, and the child’s seat is marked on its own', async () => {
    api.answers['/staff/check-in/Search?name=checkley'] = { body: { status: 'succeed', bookings: [BOOKING] } };
    api.answers['/staff/check-in/MarkAttended'] = {
      body: {
        status: 'succeed',
        booking: { ...BOOKING, bookingId: 43, childName: 'Pip Checkley', status: 'attended', household: [] },
        coins: 0,
        experience: 0,
        message: 'Pip Checkley is checked in.',
      },
    };
    const user = renderPage();
    await user.type(screen.getByLabelText('Tester’s or child’s name'), 'checkley');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByRole('article', { name: 'Quentin Checkley' });
    await user.click(within(card).getByRole('button', { name: 'Mark Pip Checkley attended' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pip Checkley is checked in.');
    expect(within(card).getByText(/Pip Checkley: Checked in/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/staff/check-in/MarkAttended')?.body).toEqual({ bookingId: 43 });
  });

  test('the card shows the date of birth to compare with the photo ID, the parent’s on a child’s card (issue 29)', async () => {
    const childCard = { ...BOOKING, bookingId: 43, childName: 'Pip Checkley', household: [] };
    api.answers['/staff/check-in/Search?name=checkley'] = { body: { status: 'succeed', bookings: [BOOKING, childCard] } };
    const user = renderPage();
    await user.type(screen.getByLabelText('Tester’s or child’s name'), 'checkley');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByRole('article', { name: 'Quentin Checkley' });
    expect(within(card).getByText('Date of birth')).toBeVisible();
    expect(within(card).getByTestId('check-in-birth-date')).toHaveTextContent('February 29, 1984');
    const child = screen.getByRole('article', { name: 'Pip Checkley (child of Quentin Checkley)' });
    expect(within(child).getByText('Quentin Checkley’s date of birth')).toBeVisible();
    expect(within(child).getByTestId('check-in-birth-date')).toHaveTextContent('February 29, 1984');
  });
});
