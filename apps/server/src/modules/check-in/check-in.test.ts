import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  balanceAndLedger,
  createBooking,
  createChild,
  createSessionGroup,
  createStudy,
  createTester,
  sessionCookieFor,
} from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { bookings, staffAuditLog } from '../../core/db/schema.ts';
import { signCheckInToken } from '../scheduling/check-in-token.ts';
import type { StaffRole } from '@testerhub/shared/staff-schemas';

/** Noon in Chicago (site 00001), 11 a.m. in Dallas's zone neighbour: every site's "today" is 25 November. */
const NOW = new Date('2026-11-25T18:00:00Z');
const HOUR = 3_600_000;
const SECRET = 'check-in-test-secret-0123456789abcdefghij';
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: SECRET } });
const db = () => testApp.database.db;

async function staffCookie(roles: StaffRole[], siteIds?: string[]) {
  const { staff } = await createStaffMember(db(), { roles, siteIds });
  return { staff, cookie: await staffCookieFor(db(), staff.id, { lastSeenAt: NOW, expiresAt: new Date(NOW.getTime() + HOUR) }) };
}

/** A tester booked at `siteId` in a group whose one session runs from half an hour ago (or `startsAt`) for two hours. */
async function bookedToday(
  options: { siteId?: string; startsAt?: Date; firstName?: string; birthDate?: string; coOpCostCents?: number; withChild?: boolean } = {},
) {
  const tester = await createTester(db(), {
    firstName: options.firstName ?? 'Quentin',
    lastName: 'Checkley',
    ...(options.birthDate ? { birthDate: options.birthDate } : {}),
  });
  const study = await createStudy(db(), { studyBasicInfo: 'Kitchen scales at home', attendanceCoins: 150, attendanceExp: 40 });
  const startsAt = options.startsAt ?? new Date(NOW.getTime() - HOUR / 2);
  const endsAt = new Date(startsAt.getTime() + 2 * HOUR);
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    siteId: options.siteId ?? '00001',
    coOpCostCents: options.coOpCostCents ?? 7500,
    cell: `C${study.studyNo}`,
    color: 'Orange',
    sessions: [{ startsAt, endsAt }],
  });
  const booking = await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
  let childBooking: typeof booking | undefined;
  if (options.withChild) {
    const child = await createChild(db(), { parentId: tester.id, birthDate: '2016-03-01', firstName: 'Pip', lastName: 'Checkley' });
    childBooking = await createBooking(db(), {
      testerId: tester.id,
      childId: child.id,
      studyNo: study.studyNo,
      groupId: group.id,
      startsAt,
      endsAt,
    });
  }
  const token = signCheckInToken({ bookingId: booking.id, testerId: tester.id, studyNo: study.studyNo }, SECRET);
  return { tester, study, group, booking, childBooking, token };
}

const post = (url: string, cookie: string, body: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describe('scanning a check-in code', () => {
  it('answers the tester, the study, the session in the site’s zone and the household’s seats to site staff of that site', async () => {
    clock.set(NOW);
    const { cookie } = await staffCookie(['site-staff'], ['00001']);
    const { booking, childBooking, token, study } = await bookedToday({ withChild: true });
    const answer = await post('/api/staff/check-in/Scan', cookie, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'succeed',
      booking: {
        bookingId: booking.id,
        testerName: 'Quentin Checkley',
        childName: null,
        studyNo: study.studyNo,
        studyName: 'Kitchen scales at home',
        status: 'booked',
        timeZone: 'America/Chicago',
        group: { color: 'Orange', kind: 'inPerson' },
        sessions: [{ testerDay: 1, startsAt: new Date(NOW.getTime() - HOUR / 2).toISOString() }],
        household: [{ bookingId: childBooking!.id, childName: 'Pip Checkley', status: 'booked' }],
      },
    });
  });

  it('refuses an altered code, a code signed with another key, and a booking at another site, with a clear message', async () => {
    clock.set(NOW);
    const { cookie, staff } = await staffCookie(['site-staff'], ['00001']);
    const { token, tester, study, booking } = await bookedToday();
    const altered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    for (const forged of [
      altered,
      signCheckInToken({ bookingId: booking.id, testerId: tester.id, studyNo: study.studyNo }, 'another-key-0123456789abcdefghijklmnop'),
      'hello',
    ]) {
      const answer = await post('/api/staff/check-in/Scan', cookie, { token: forged });
      expect(answer.json()).toMatchObject({ status: 'invalidToken', message: expect.stringContaining('not a TesterHub check-in code') });
    }
    // Signed, but naming another tester than the booking's: as good as forged.
    const other = await createTester(db());
    const mismatched = signCheckInToken({ bookingId: booking.id, testerId: other.id, studyNo: study.studyNo }, SECRET);
    expect((await post('/api/staff/check-in/Scan', cookie, { token: mismatched })).json()).toMatchObject({ status: 'invalidToken' });

    const dallas = await bookedToday({ siteId: '00002' });
    const foreign = await post('/api/staff/check-in/Scan', cookie, { token: dallas.token });
    expect(foreign.json()).toMatchObject({ status: 'otherSite', message: expect.stringContaining('not one of your sites') });
    // The refused look is on record too.
    const rows = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, staff.id), eq(staffAuditLog.action, 'check-in.scan')));
    expect(rows.map((row) => row.after)).toEqual([expect.objectContaining({ bookingId: dallas.booking.id, admitted: false })]);

    // An admin holds every site.
    const admin = await staffCookie(['admin']);
    expect((await post('/api/staff/check-in/Scan', admin.cookie, { token: dallas.token })).json()).toMatchObject({ status: 'succeed' });
  });
});

describe('the name search', () => {
  it('finds today’s bookings at the staff member’s own sites by the tester’s name, not tomorrow’s nor another site’s', async () => {
    clock.set(NOW);
    const { cookie } = await staffCookie(['site-staff'], ['00001']);
    const today = await bookedToday({ firstName: 'Searchable' });
    await bookedToday({ firstName: 'Searchable', siteId: '00002' });
    await bookedToday({ firstName: 'Searchable', startsAt: new Date(NOW.getTime() + 26 * HOUR) });
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/staff/check-in/Search?name=searchable%20checkley',
      headers: { cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().bookings.map((booking: { bookingId: number }) => booking.bookingId)).toEqual([today.booking.id]);
    const tooShort = await testApp.app.inject({ method: 'GET', url: '/api/staff/check-in/Search?name=s', headers: { cookie } });
    expect(tooShort.statusCode).toBe(400);
  });
});

describe('the date of birth on the check-in card', () => {
  it('comes with the booking from a scan and from the name search, to compare with the photo ID', async () => {
    clock.set(NOW);
    const { cookie } = await staffCookie(['site-staff'], ['00001']);
    const { booking, token } = await bookedToday({ firstName: 'Bornday', birthDate: '1984-02-29' });
    const scan = await post('/api/staff/check-in/Scan', cookie, { token });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().booking).toMatchObject({ bookingId: booking.id, testerBirthDate: '1984-02-29' });
    const search = await testApp.app.inject({ method: 'GET', url: '/api/staff/check-in/Search?name=bornday', headers: { cookie } });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().bookings).toMatchObject([{ bookingId: booking.id, testerBirthDate: '1984-02-29' }]);
  });
});

describe('marking attended', () => {
  it('marks once, pays the study’s attendance coins and experience through the ledger, and records the compensation owed', async () => {
    clock.set(NOW);
    const { cookie, staff } = await staffCookie(['site-staff'], ['00001']);
    const { tester, booking } = await bookedToday({ coOpCostCents: 7500 });
    const before = await balanceAndLedger(db(), tester.id);
    const answer = await post('/api/staff/check-in/MarkAttended', cookie, { bookingId: booking.id });
    expect(answer.json()).toMatchObject({ status: 'succeed', coins: 150, experience: 40, booking: { status: 'attended' } });
    const after = await balanceAndLedger(db(), tester.id);
    expect(after.coins - before.coins).toBe(150);

    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'attended', compensationCents: 7500 });

    const again = await post('/api/staff/check-in/MarkAttended', cookie, { bookingId: booking.id });
    expect(again.json()).toMatchObject({ status: 'notBooked', message: 'This booking is already checked in.' });
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(after.coins);

    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, staff.id), eq(staffAuditLog.action, 'check-in.attend')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      targetType: 'booking',
      targetId: String(booking.id),
      before: { status: 'booked' },
      after: { status: 'attended', coins: 150 },
    });

    // The tester's earnings history shows the attendance and the compensation owed.
    const testerCookie = await sessionCookieFor(db(), tester.id);
    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/reward/GetEarningsHistory?page=1',
      headers: { cookie: testerCookie },
    });
    expect(history.json()).toMatchObject({
      entries: expect.arrayContaining([expect.objectContaining({ coins: 150 })]),
      compensation: [{ studyName: 'Kitchen scales at home', amount: 75 }],
    });
  });

  it('refuses another site’s booking and a booking on a later day, paying nothing', async () => {
    clock.set(NOW);
    const { cookie } = await staffCookie(['site-staff'], ['00001']);
    const dallas = await bookedToday({ siteId: '00002' });
    expect((await post('/api/staff/check-in/MarkAttended', cookie, { bookingId: dallas.booking.id })).json()).toMatchObject({
      status: 'otherSite',
    });
    const tomorrow = await bookedToday({ startsAt: new Date(NOW.getTime() + 26 * HOUR) });
    expect((await post('/api/staff/check-in/MarkAttended', cookie, { bookingId: tomorrow.booking.id })).json()).toMatchObject({
      status: 'tooEarly',
    });
    for (const { booking, tester } of [dallas, tomorrow]) {
      const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row!.status).toBe('booked');
      expect((await balanceAndLedger(db(), tester.id)).coins).toBe(0);
    }
  });

  it('pays once when two staff members mark the same booking at the same moment', async () => {
    clock.set(NOW);
    const first = await staffCookie(['site-staff'], ['00001']);
    const second = await staffCookie(['site-staff'], ['00001', '00002']);
    for (let round = 0; round < 3; round += 1) {
      const { tester, booking } = await bookedToday();
      const answers = await Promise.all([
        post('/api/staff/check-in/MarkAttended', first.cookie, { bookingId: booking.id }),
        post('/api/staff/check-in/MarkAttended', second.cookie, { bookingId: booking.id }),
      ]);
      const statuses = answers.map((answer) => answer.json().status).sort();
      expect(statuses).toEqual(['notBooked', 'succeed']);
      const { coins } = await balanceAndLedger(db(), tester.id);
      expect(coins).toBe(150);
      const audit = await db()
        .select()
        .from(staffAuditLog)
        .where(and(eq(staffAuditLog.targetId, String(booking.id)), eq(staffAuditLog.action, 'check-in.attend')));
      expect(audit).toHaveLength(1);
    }
  });
});
