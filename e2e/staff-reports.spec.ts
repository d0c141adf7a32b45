import fs from 'node:fs';
import type { FunnelReport, PaymentsReport } from '@testerhub/shared/report-schemas';
import { expect, test } from './fixtures';
import { expectStaffPageSound, followStaffNav, openStaffConsole } from './support/staff';
import { createTester } from './support/test-support';

/**
 * Issue 29 (decision 122): a recruiter opens Reports, sees this month's payments by study with a
 * check-in made now counted under its study (compensation owed at the group's rate), downloads the
 * month's CSV, and sees the recruiting funnel on the study's results page. Other specs share the
 * database, so the figures are checked as what this check-in added. axe on each page, at 360 px.
 */

const STUDY_NO = 24101;
const COMPENSATION_CENTS = 4250;

test('a recruiter sees the month’s payments by study, downloads them as CSV and sees a study’s funnel', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { page } = await openStaffConsole(browser, baseURL!, request, { roles: ['recruiter'] });
  const payments = async () => (await (await page.request.get('/api/staff/reports/Payments')).json()) as PaymentsReport;
  const funnel = async () => (await (await page.request.get(`/api/staff/reports/Funnel?studyNo=${STUDY_NO}`)).json()) as FunnelReport;
  const studyRow = (report: PaymentsReport) => report.studies.find((study) => study.studyNo === STUDY_NO);
  const before = await payments();
  const attendedBefore = (await funnel()).stages.find((stage) => stage.stage === 'attended')!.count;

  // A tester checked in now, at a group owing $42.50 (test support books and checks in as the staff do).
  const tester = await createTester(request);
  const attended = await request.post('/api/test-support/booking', {
    headers: { 'x-test-support-secret': process.env.E2E_TEST_SUPPORT_SECRET ?? '' },
    data: {
      testerId: tester.testerId,
      studyNo: STUDY_NO,
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
      attended: true,
      siteId: '00001',
      coOpCostCents: COMPENSATION_CENTS,
    },
  });
  expect(attended.status(), await attended.text()).toBe(200);

  // Other specs may check testers in to the same study meanwhile: this one's part is at least there.
  const after = await payments();
  expect(after.month).toBe(before.month);
  expect(studyRow(after)!.attendedBookings).toBeGreaterThanOrEqual((studyRow(before)?.attendedBookings ?? 0) + 1);
  expect(studyRow(after)!.compensationCents).toBeGreaterThanOrEqual((studyRow(before)?.compensationCents ?? 0) + COMPENSATION_CENTS);
  const attendedNow = (await funnel()).stages.find((stage) => stage.stage === 'attended')!.count;
  expect(attendedNow).toBeGreaterThanOrEqual(attendedBefore + 1);

  await followStaffNav(page, 'Reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment reports' })).toBeVisible();
  await expect(page.getByLabel('Month')).toHaveValue(after.month);
  const row = page
    .getByTestId('payments-table')
    .getByRole('row')
    .filter({ hasText: `(study ${STUDY_NO})` });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('payments-table').getByRole('row', { name: /^Total/ })).toBeVisible();
  await expect(page.getByTestId('reward-orders').getByRole('row', { name: /^Redeemed/ })).toBeVisible();
  await expectStaffPageSound(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download .* \(CSV\)$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`payments-${after.month}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe(
    'Study number,Study,Screening coins,Scheduling coins,Attendance coins,Coins taken back,Net coins,Attended bookings,Compensation owed (USD)',
  );
  expect(csv.some((line) => line.startsWith(`${STUDY_NO},`))).toBe(true);
  expect(csv).toContain('Reward orders,Orders,Coins');

  // The study's own page, then its results with the funnel.
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/staff/studies/${STUDY_NO}$`));
  await page.goto(`/staff/studies/${STUDY_NO}/results`);
  const chart = page.getByTestId('study-funnel');
  await expect(chart.getByRole('table', { name: 'People at each stage' })).toBeVisible();
  for (const stage of ['Invited', 'Opened the invitation', 'Answered the screener', 'Qualified', 'Booked', 'Attended', 'No-show'])
    await expect(chart.getByRole('rowheader', { name: stage, exact: true })).toBeVisible();
  await expectStaffPageSound(page);
});
