import { describe, expect, it } from 'vitest';
import type { FunnelReport, PaymentsReport } from '@testerhub/shared/report-schemas';
import { getWith } from '../../../test/account-helpers.ts';
import { createBooking, createRewardItem, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { createFakeClock } from '../../core/clock.ts';
import { coinLedger, redemptionOrders, screenings, studyInvitations } from '../../core/db/schema.ts';
import { ATTENDANCE_REWARD_REASON, ATTENDANCE_UNDONE_REASON, attendanceReference } from '../check-in/check-in-service.ts';
import { DAILY_BONUS_REASON } from '../daily-bonus/daily-bonus-service.ts';
import { BOOKING_TAKE_BACK_REASON, bookingTakeBackReference, SELF_SCHEDULE_REWARD_REASON } from '../scheduling/scheduling-service.ts';
import { creditReference, SCREENER_REWARD_REASON } from '../screening/screening-service.ts';

/**
 * Payment reports and the recruiting funnel (issue 29; decision 122). The rows are written as the
 * paying modules write them (their reasons and reference helpers), at times around the month's
 * edges in the company's zone (America/Chicago: March 2026 runs from 06:00 UTC on the 1st, still
 * standard time, to 05:00 UTC on 1 April, daylight time).
 */

const NOW = new Date('2026-03-20T17:00:00Z');
const testApp = useTestApp({
  clock: createFakeClock(NOW),
  env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY },
  onStatement: (query) => watched?.push(query),
});
const db = () => testApp.database.db;

let watched: string[] | null = null;

async function cookieOf(roles: StaffRole[]) {
  const { staff } = await createStaffMember(db(), { roles });
  return staffCookieFor(db(), staff.id);
}

const at = (iso: string) => new Date(iso);
/** 23:30 on 28 February in Chicago: February's. */
const LAST_OF_FEBRUARY = at('2026-03-01T05:30:00Z');
/** 23:30 on 31 March in Chicago (already April in UTC): March's. */
const LAST_OF_MARCH = at('2026-04-01T04:30:00Z');

/**
 * Study A with every kind of figure in March and some outside it; study B with one screening
 * credit in March; study C with nothing in March (only February).
 */
async function seedStudies() {
  const studyA = await createStudy(db(), { studyBasicInfo: 'Cereal crunch test' });
  const studyB = await createStudy(db(), { studyBasicInfo: 'Shampoo sniff test' });
  const studyC = await createStudy(db(), { studyBasicInfo: 'Quiet study' });
  const person = (n: number) => createTester(db(), { firstName: `Person${n}`, lastName: 'Report' });
  const [t1, t2, t3, t4, t5, t6, t7, t8, t9] = await Promise.all([
    person(1),
    person(2),
    person(3),
    person(4),
    person(5),
    person(6),
    person(7),
    person(8),
    person(9),
  ]);
  const sessionStart = at('2026-03-14T15:00:00Z');
  const sessionEnd = at('2026-03-14T17:00:00Z');
  const group = await createSessionGroup(db(), {
    studyNo: studyA.studyNo,
    seats: 10,
    taken: 1,
    coOpCostCents: 6000,
    sessions: [{ startsAt: sessionStart, endsAt: sessionEnd }],
  });
  const booking = (testerId: string, values: Parameters<typeof createBooking>[1] extends infer V ? Partial<V> : never) =>
    createBooking(db(), { testerId, studyNo: studyA.studyNo, groupId: group.id, startsAt: sessionStart, endsAt: sessionEnd, ...values });
  // Checked in on the 14th, owed the group's 60 dollars.
  const attended = await booking(t1.id, { status: 'attended', changedAt: at('2026-03-14T15:05:00Z'), compensationCents: 6000 });
  // Booked (paid the scheduling credit), then cancelled: the credit taken back.
  const cancelled = await booking(t2.id, { status: 'cancelled', changedAt: at('2026-03-12T10:00:00Z') });
  await booking(t3.id, { status: 'noShow', changedAt: at('2026-03-14T18:00:00Z') });
  // Checked in, undone (its payment taken back), checked in again: paid twice, taken back once.
  const reattended = await booking(t4.id, {
    status: 'attended',
    changedAt: at('2026-03-14T15:20:00Z'),
    compensationCents: 6000,
    attendanceUndone: 1,
  });
  // Checked in during February: owed in February.
  const februaryGroup = await createSessionGroup(db(), {
    studyNo: studyA.studyNo,
    seats: 1,
    coOpCostCents: 4000,
    sessions: [{ startsAt: at('2026-02-20T15:00:00Z'), endsAt: at('2026-02-20T16:00:00Z') }],
  });
  await createBooking(db(), {
    testerId: t5.id,
    studyNo: studyA.studyNo,
    groupId: februaryGroup.id,
    startsAt: at('2026-02-20T15:00:00Z'),
    endsAt: at('2026-02-20T16:00:00Z'),
    status: 'attended',
    changedAt: at('2026-02-20T15:10:00Z'),
    compensationCents: 4000,
  });
  // Still to come.
  await booking(t6.id, { status: 'booked' });

  const entry = (testerId: string, coins: number, reason: string, reference: string, createdAt: Date) => ({
    testerId,
    coins,
    experience: 0,
    reason,
    reference,
    createdAt,
  });
  await db()
    .insert(coinLedger)
    .values([
      entry(t1.id, 50, SCREENER_REWARD_REASON, creditReference(studyA.studyNo, null), at('2026-03-10T12:00:00Z')),
      entry(t2.id, 50, SCREENER_REWARD_REASON, creditReference(studyA.studyNo, { publicId: 'kid-1' }), LAST_OF_MARCH),
      entry(t3.id, 50, SCREENER_REWARD_REASON, creditReference(studyA.studyNo, null), LAST_OF_FEBRUARY),
      entry(t1.id, 75, SELF_SCHEDULE_REWARD_REASON, creditReference(studyA.studyNo, null), at('2026-03-10T12:05:00Z')),
      entry(t2.id, 75, SELF_SCHEDULE_REWARD_REASON, creditReference(studyA.studyNo, null), at('2026-03-11T12:05:00Z')),
      entry(t2.id, -75, BOOKING_TAKE_BACK_REASON, bookingTakeBackReference(cancelled.id), at('2026-03-12T10:00:00Z')),
      entry(t1.id, 100, ATTENDANCE_REWARD_REASON, attendanceReference(attended.id), at('2026-03-14T15:05:00Z')),
      entry(t4.id, 100, ATTENDANCE_REWARD_REASON, attendanceReference(reattended.id), at('2026-03-14T15:06:00Z')),
      entry(t4.id, -100, ATTENDANCE_UNDONE_REASON, attendanceReference(reattended.id), at('2026-03-14T15:10:00Z')),
      entry(t4.id, 100, ATTENDANCE_REWARD_REASON, attendanceReference(reattended.id, 1), at('2026-03-14T15:20:00Z')),
      // Not a study's payment.
      entry(t1.id, 10, DAILY_BONUS_REASON, '2026-03-10', at('2026-03-10T12:00:00Z')),
      entry(t7.id, 20, SCREENER_REWARD_REASON, creditReference(studyB.studyNo, null), at('2026-03-05T12:00:00Z')),
      entry(t7.id, 20, SCREENER_REWARD_REASON, creditReference(studyC.studyNo, null), at('2026-02-05T12:00:00Z')),
    ]);

  const item = await createRewardItem(db(), { coins: 100 });
  const order = (testerId: string, coins: number, values: Partial<typeof redemptionOrders.$inferInsert>) => ({
    testerId,
    itemNo: item.id,
    coins,
    createdAt: at('2026-03-05T12:00:00Z'),
    ...values,
  });
  await db()
    .insert(redemptionOrders)
    .values([
      order(t1.id, 500, { status: 'pending' }),
      order(t2.id, 300, { status: 'fulfilled', fulfilledAt: at('2026-03-07T12:00:00Z'), decidedAt: at('2026-03-07T12:00:00Z') }),
      // Placed in February, fulfilled in March.
      order(t3.id, 200, {
        createdAt: at('2026-02-25T12:00:00Z'),
        status: 'fulfilled',
        fulfilledAt: at('2026-03-02T12:00:00Z'),
        decidedAt: at('2026-03-02T12:00:00Z'),
      }),
      // Wholly February's (its fulfilment 23:30 on 28 February in Chicago).
      order(t4.id, 100, {
        createdAt: at('2026-02-10T12:00:00Z'),
        status: 'fulfilled',
        fulfilledAt: LAST_OF_FEBRUARY,
        decidedAt: LAST_OF_FEBRUARY,
      }),
      order(t5.id, 400, { createdAt: at('2026-03-08T12:00:00Z'), status: 'rejected', decidedAt: at('2026-03-09T12:00:00Z') }),
    ]);

  // The funnel: eight invited (one more created but never sent), four opened the link.
  await db()
    .insert(studyInvitations)
    .values([
      ...[t1, t2, t3, t7].map((tester) => ({
        studyNo: studyA.studyNo,
        testerId: tester.id,
        createdAt: at('2026-03-01T12:00:00Z'),
        sentAt: at('2026-03-01T12:00:00Z'),
        clickedAt: at('2026-03-02T12:00:00Z'),
      })),
      ...[t4, t5, t6, t8].map((tester) => ({
        studyNo: studyA.studyNo,
        testerId: tester.id,
        createdAt: at('2026-03-01T12:00:00Z'),
        sentAt: at('2026-03-01T12:00:00Z'),
      })),
      { studyNo: studyA.studyNo, testerId: t9.id, createdAt: at('2026-03-01T12:00:00Z') },
      // Another study's invitation counts there only.
      { studyNo: studyB.studyNo, testerId: t1.id, createdAt: at('2026-03-01T12:00:00Z'), sentAt: at('2026-03-01T12:00:00Z') },
    ]);
  const screening = (testerId: string, status: string) => ({
    testerId,
    studyNo: studyA.studyNo,
    status,
    startedAt: at('2026-03-03T12:00:00Z'),
    completedAt: status === 'inProgress' ? null : at('2026-03-03T12:05:00Z'),
  });
  await db()
    .insert(screenings)
    .values([
      screening(t1.id, 'qualified'),
      screening(t2.id, 'qualified'),
      screening(t3.id, 'qualified'),
      screening(t4.id, 'qualified'),
      // Passed when the study's places were taken.
      screening(t6.id, 'full'),
      screening(t7.id, 'disqualified'),
      screening(t8.id, 'inProgress'),
    ]);
  return { studyA, studyB, studyC };
}

// The file's tests share one database and read whole months: the studies are written once.
let seeding: ReturnType<typeof seedStudies> | undefined;
const seededStudies = () => (seeding ??= seedStudies());

describe('the payments report', () => {
  it('adds up a month of each study’s coins by what paid them, the compensation owed and the reward orders, by the company’s month', async () => {
    const { studyA, studyB } = await seededStudies();
    const cookie = await cookieOf(['recruiter']);
    watched = [];
    const response = await getWith(testApp.app, '/api/staff/reports/Payments?month=2026-03', { cookie });
    const statements = watched;
    watched = null;
    expect(response.statusCode).toBe(200);
    // Set-based: one read of the ledger, of the orders, and two of the bookings (the month's check-ins, the studies of the ledger's bookings).
    const reading = (table: string) => statements.filter((query) => query.includes(`from "${table}"`)).length;
    expect([reading('coin_ledger'), reading('redemption_orders'), reading('bookings')]).toEqual([1, 1, 2]);
    const report = response.json<PaymentsReport>();
    expect(report.month).toBe('2026-03');
    expect(report.timeZone).toBe('America/Chicago');
    expect(report.studies).toEqual([
      {
        studyNo: studyA.studyNo,
        studyName: 'Cereal crunch test',
        screeningCoins: 100,
        schedulingCoins: 150,
        attendanceCoins: 300,
        takenBackCoins: -175,
        netCoins: 375,
        attendedBookings: 2,
        compensationCents: 12000,
      },
      {
        studyNo: studyB.studyNo,
        studyName: 'Shampoo sniff test',
        screeningCoins: 20,
        schedulingCoins: 0,
        attendanceCoins: 0,
        takenBackCoins: 0,
        netCoins: 20,
        attendedBookings: 0,
        compensationCents: 0,
      },
    ]);
    expect(report.totals).toEqual({
      screeningCoins: 120,
      schedulingCoins: 150,
      attendanceCoins: 300,
      takenBackCoins: -175,
      netCoins: 395,
      attendedBookings: 2,
      compensationCents: 12000,
    });
    expect(report.rewards).toEqual({
      redeemedCount: 3,
      redeemedCoins: 1200,
      fulfilledCount: 2,
      fulfilledCoins: 500,
      rejectedCount: 1,
      rejectedCoins: 400,
    });
  });

  it('reads February apart: what fell before March’s first midnight in Chicago', async () => {
    const { studyA, studyC } = await seededStudies();
    const cookie = await cookieOf(['recruiter']);
    const report = (await getWith(testApp.app, '/api/staff/reports/Payments?month=2026-02', { cookie })).json<PaymentsReport>();
    expect(report.studies.map((study) => [study.studyNo, study.screeningCoins, study.attendedBookings, study.compensationCents])).toEqual([
      [studyA.studyNo, 50, 1, 4000],
      [studyC.studyNo, 20, 0, 0],
    ]);
    expect(report.rewards).toMatchObject({ redeemedCount: 2, redeemedCoins: 300, fulfilledCount: 1, fulfilledCoins: 100 });
  });

  it('defaults to this month in the company’s zone', async () => {
    const cookie = await cookieOf(['admin']);
    const response = await getWith(testApp.app, '/api/staff/reports/Payments', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentsReport>().month).toBe('2026-03');
  });

  it('refuses a month that is not YYYY-MM', async () => {
    const cookie = await cookieOf(['recruiter']);
    for (const month of ['2026-13', '2026-3', 'March', '2026-03-01']) {
      const response = await getWith(testApp.app, `/api/staff/reports/Payments?month=${month}`, { cookie });
      expect(response.statusCode, month).toBe(400);
      expect(response.body).toContain('Choose a month (YYYY-MM).');
    }
  });

  it('downloads the same figures as CSV, named with the month, no tester named', async () => {
    const { studyA, studyB } = await seededStudies();
    const cookie = await cookieOf(['recruiter']);
    const response = await getWith(testApp.app, '/api/staff/reports/PaymentsExport?month=2026-03', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payments-2026-03.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'Study number,Study,Screening coins,Scheduling coins,Attendance coins,Coins taken back,Net coins,Attended bookings,Compensation owed (USD)',
      `${studyA.studyNo},Cereal crunch test,100,150,300,-175,375,2,120.00`,
      `${studyB.studyNo},Shampoo sniff test,20,0,0,0,20,0,0.00`,
      ',Total,120,150,300,-175,395,2,120.00',
      '',
      'Reward orders,Orders,Coins',
      'Redeemed,3,1200',
      'Fulfilled,2,500',
      'Rejected (coins refunded),1,400',
      '',
    ]);
    expect(response.body).not.toContain('Person');
  });
});

describe('the recruiting funnel', () => {
  it('counts each stage’s people, one statement per figure set whatever their number', async () => {
    const { studyA } = await seededStudies();
    const cookie = await cookieOf(['recruiter']);
    watched = [];
    const response = await getWith(testApp.app, `/api/staff/reports/Funnel?studyNo=${studyA.studyNo}`, { cookie });
    const statements = watched;
    watched = null;
    expect(response.statusCode).toBe(200);
    const funnel = response.json<FunnelReport>();
    expect(funnel.studyName).toBe('Cereal crunch test');
    expect(funnel.stages.map((stage) => [stage.stage, stage.label, stage.count])).toEqual([
      ['invited', 'Invited', 8],
      ['clicked', 'Opened the invitation', 4],
      ['screened', 'Answered the screener', 6],
      ['qualified', 'Qualified', 5],
      ['booked', 'Booked', 5],
      ['attended', 'Attended', 3],
      ['noShow', 'No-show', 1],
    ]);
    const reading = (table: string) => statements.filter((query) => query.includes(`from "${table}"`)).length;
    expect(reading('study_invitations')).toBe(1);
    expect(reading('screenings')).toBe(1);
    expect(reading('bookings')).toBe(1);
  });

  it('answers 404 for an unknown study', async () => {
    const cookie = await cookieOf(['recruiter']);
    const response = await getWith(testApp.app, '/api/staff/reports/Funnel?studyNo=999999', { cookie });
    expect(response.statusCode).toBe(404);
  });
});

describe('who may read the reports', () => {
  it('refuses site staff, rewards and content members; recruiters and admins read them', async () => {
    const { studyA } = await seededStudies();
    const urls = [
      '/api/staff/reports/Payments',
      '/api/staff/reports/PaymentsExport',
      `/api/staff/reports/Funnel?studyNo=${studyA.studyNo}`,
    ];
    for (const role of ['site-staff', 'rewards', 'content'] as const) {
      const cookie = await cookieOf([role]);
      for (const url of urls) expect((await getWith(testApp.app, url, { cookie })).statusCode, `${role} ${url}`).toBe(403);
    }
    for (const role of ['recruiter', 'admin'] as const) {
      const cookie = await cookieOf([role]);
      for (const url of urls) expect((await getWith(testApp.app, url, { cookie })).statusCode, `${role} ${url}`).toBe(200);
    }
    for (const url of urls) expect((await getWith(testApp.app, url)).statusCode, url).toBe(401);
  });
});
