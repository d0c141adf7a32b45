// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FunnelReport, PaymentsReport } from '@testerhub/shared/report-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffPages, renderStaffSection } from '../../../test/staff-pages';
import { PaymentsReportPage } from './payments-report-page';
import { StudyFunnel } from './study-funnel';

const api = fakeApi();

const MARCH: PaymentsReport = {
  month: '2026-03',
  timeZone: 'America/Chicago',
  studies: [
    {
      studyNo: 24101,
      studyName: 'Cereal crunch test',
      screeningCoins: 100,
      schedulingCoins: 150,
      attendanceCoins: 300,
      takenBackCoins: -175,
      netCoins: 375,
      attendedBookings: 2,
      compensationCents: 12050,
    },
  ],
  totals: {
    screeningCoins: 100,
    schedulingCoins: 150,
    attendanceCoins: 300,
    takenBackCoins: -175,
    netCoins: 375,
    attendedBookings: 2,
    compensationCents: 12050,
  },
  rewards: { redeemedCount: 3, redeemedCoins: 1200, fulfilledCount: 2, fulfilledCoins: 500, rejectedCount: 1, rejectedCoins: 400 },
};

const renderPayments = (entry = '/staff/reports/payments', roles: Parameters<typeof renderStaffPages>[2] = ['recruiter']) =>
  renderStaffPages(entry, { 'reports/payments': <PaymentsReportPage />, 'studies/:studyNo': <h1>Study page</h1> }, roles);

describe('the payments report page (decision 122)', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('shows this month’s studies with their figures and link, the totals, the reward orders and the month’s CSV', async () => {
    api.answers['/staff/reports/Payments'] = { body: MARCH };
    const user = renderPayments();
    const table = within(await screen.findByTestId('payments-table'));
    const row = table.getByRole('row', { name: /Cereal crunch test/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['100', '150', '300', '-175', '375', '2', '$120.50']);
    expect(table.getByRole('row', { name: /^Total/ })).toHaveTextContent('Total100150300-1753752$120.50');
    const orders = within(screen.getByTestId('reward-orders'));
    expect(orders.getByRole('row', { name: /Redeemed/ })).toHaveTextContent('Redeemed31,200');
    expect(orders.getByRole('row', { name: /Fulfilled/ })).toHaveTextContent('Fulfilled2500');
    expect(orders.getByRole('row', { name: /Rejected/ })).toHaveTextContent('Rejected (coins refunded)1400');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-03');
    expect(screen.getByRole('link', { name: 'Download March 2026 (CSV)' })).toHaveAttribute(
      'href',
      '/api/staff/reports/PaymentsExport?month=2026-03',
    );
    expect(screen.getByText(/company’s time zone \(America\/Chicago\)/)).toBeInTheDocument();
    await user.click(table.getByRole('link', { name: 'Cereal crunch test' }));
    expect(await screen.findByRole('heading', { name: 'Study page' })).toBeInTheDocument();
  });

  test('the month field says months run on the company’s clock, whatever the browser’s zone (decision 139)', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    api.answers['/staff/reports/Payments'] = { body: MARCH };
    renderPayments();
    await screen.findByTestId('payments-table');
    expect(screen.getByLabelText('Month')).toHaveAccessibleDescription(
      /^Months are in Chicago time \(C[SD]T, UTC−[56]\), the company’s clock\.$/,
    );
  });

  test('another month is read when picked, and stays in the address', async () => {
    api.answers['/staff/reports/Payments'] = { body: MARCH };
    api.answers['/staff/reports/Payments?month=2026-02'] = { body: { ...MARCH, month: '2026-02', studies: [] } };
    renderPayments();
    fireEvent.change(await screen.findByLabelText('Month'), { target: { value: '2026-02' } });
    expect(await screen.findByText('No study paid coins or had a check-in this month.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Studies in February 2026' })).toBeInTheDocument();
    expect(api.paths()).toContain('/staff/reports/Payments?month=2026-02');
  });

  test('is not open to site staff: a heading and the way back, no call', async () => {
    renderPayments('/staff/reports/payments', ['site-staff']);
    expect(await screen.findByRole('heading', { name: 'Not open to your role' })).toBeInTheDocument();
    expect(api.paths()).toEqual([]);
  });
});

describe('a study’s recruiting funnel (decision 122)', () => {
  test('draws each stage as a bar with its count in a table', async () => {
    const funnel: FunnelReport = {
      studyNo: 24101,
      studyName: 'Cereal crunch test',
      stages: [
        { stage: 'invited', label: 'Invited', count: 8 },
        { stage: 'clicked', label: 'Opened the invitation', count: 4 },
        { stage: 'screened', label: 'Answered the screener', count: 6 },
        { stage: 'qualified', label: 'Qualified', count: 5 },
        { stage: 'booked', label: 'Booked', count: 5 },
        { stage: 'attended', label: 'Attended', count: 3 },
        { stage: 'noShow', label: 'No-show', count: 1 },
      ],
    };
    api.answers['/staff/reports/Funnel?studyNo=24101'] = { body: funnel };
    renderStaffSection(<StudyFunnel studyNo={24101} />);
    const chart = within(await screen.findByTestId('study-funnel'));
    expect(chart.getByRole('table', { name: 'People at each stage' })).toBeInTheDocument();
    const rows = chart.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Invited8',
      'Opened the invitation4',
      'Answered the screener6',
      'Qualified5',
      'Booked5',
      'Attended3',
      'No-show1',
    ]);
  });
});
