import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_CONTROL_TEXTS } from '@testerhub/shared/booking-control-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { postJson } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createBooking, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { mailsTo, TEST_LINK_SECRET } from '../../../test/schedule-mail-helpers.ts';
import { auditRowsWhere, createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, coinLedger, sessionGroups, testers } from '../../core/db/schema.ts';

/**
 * The staff's attendance controls (issue 29; decision 111): a no-show marked by hand has the
 * consequences of a recorded one (decision 046: a warning e-mail, the suspension at the rule's
 * count), once however many press; an undone check-in takes its coins back off the ledger exactly
 * once, never below zero, and a later check-in pays again. Each is audited with its reason.
 */

const NOW = new Date('2026-11-25T18:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: TEST_LINK_SECRET } });
const db = () => testApp.database.db;

async function staffCookie(roles: StaffRole[], siteIds?: string[]) {
  const { staff } = await createStaffMember(db(), { roles, siteIds });
  return { staff, cookie: await staffCookieFor(db(), staff.id, { lastSeenAt: NOW, expiresAt: new Date(NOW.getTime() + HOUR_MS) }) };
}
const post = (path: string, cookie: string, body: unknown) => postJson(testApp.app, `/api/staff/${path}`, body, { cookie });
const bookingOf = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const takenOf = async (groupId: number) =>
  (await db().select({ taken: sessionGroups.taken }).from(sessionGroups).where(eq(sessionGroups.id, groupId)))[0]!.taken;

/** The tester booked at site 00001 in a one-session group starting `hoursAhead` from now (a seat taken). */
async function booked(testerId: string, hoursAhead: number, study?: { studyNo: number }) {
  const { studyNo } = study ?? (await createStudy(db(), { studyBasicInfo: 'Blenders', attendanceCoins: 150, attendanceExp: 40 }));
  const startsAt = new Date(NOW.getTime() + hoursAhead * HOUR_MS);
  const endsAt = new Date(startsAt.getTime() + 2 * HOUR_MS);
  const group = await createSessionGroup(db(), { studyNo, siteId: '00001', seats: 2, taken: 1, sessions: [{ startsAt, endsAt }] });
  const booking = await createBooking(db(), { testerId, studyNo, groupId: group.id, startsAt, endsAt });
  return { booking, group, studyNo };
}

describe('a no-show marked by hand', () => {
  it('closes the booking once, frees its seat, warns at the first and suspends at the rule’s count, and audits the reason', async () => {
    clock.set(NOW);
    const site = await staffCookie(['site-staff'], ['00001']);
    const tester = await createTester(db(), { firstName: 'Nora', lastName: 'Noshow' });
    const first = await booked(tester.id, 48);

    const body = { bookingId: first.booking.id, reason: 'Called: car broke down' };
    const answers = await Promise.all([
      post('attendance/MarkNoShow', site.cookie, body),
      post('attendance/MarkNoShow', site.cookie, body),
      post('attendance/MarkNoShow', site.cookie, body),
    ]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['failed', 'failed', 'succeed']);
    expect(answers.map((answer) => answer.json().message)).toContain(BOOKING_CONTROL_TEXTS.noShowMarked('Nora Noshow'));
    expect((await bookingOf(first.booking.id)).status).toBe('noShow');
    expect(await takenOf(first.group.id)).toBe(0);
    expect(await mailsTo(db(), tester.email, 'no-show-warning')).toHaveLength(1);
    expect(await mailsTo(db(), tester.email, 'suspension')).toHaveLength(0);
    const [audit, ...more] = await auditRowsWhere(db(), { action: 'booking.no-show', targetId: String(first.booking.id) });
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ staffId: site.staff.id, targetType: 'booking' });
    expect(audit!.before).toMatchObject({
      tester: 'Nora Noshow',
      study: `${first.studyNo} · Blenders`,
      session: expect.stringContaining(first.group.cell),
    });
    expect(audit!.after).toMatchObject({ status: 'noShow', suspended: false, reason: 'Called: car broke down' });

    // The second no-show within the window reaches the rule's count (2): suspended, with its e-mail.
    const recruiter = await staffCookie(['recruiter']);
    const second = await booked(tester.id, 96);
    const marked = await post('attendance/MarkNoShow', recruiter.cookie, { bookingId: second.booking.id, reason: 'Called again' });
    expect(marked.json().status).toBe('succeed');
    const [row] = await db().select({ suspendedUntil: testers.suspendedUntil }).from(testers).where(eq(testers.id, tester.id));
    expect(row!.suspendedUntil!.getTime()).toBeGreaterThan(NOW.getTime());
    expect(await mailsTo(db(), tester.email, 'suspension')).toHaveLength(1);
    const [suspending] = await auditRowsWhere(db(), { action: 'booking.no-show', targetId: String(second.booking.id) });
    expect(suspending!.after).toMatchObject({ suspended: true });
  });

  it('refuses site staff a booking at another site, and a booking not booked any more', async () => {
    clock.set(NOW);
    const elsewhere = await staffCookie(['site-staff'], ['00002']);
    const tester = await createTester(db());
    const { booking } = await booked(tester.id, 48);
    const refused = await post('attendance/MarkNoShow', elsewhere.cookie, { bookingId: booking.id, reason: 'x' });
    expect(refused.json()).toEqual({ status: 'failed', message: BOOKING_CONTROL_TEXTS.otherSite });
    expect((await bookingOf(booking.id)).status).toBe('booked');
    const rewards = await staffCookie(['rewards']);
    expect((await post('attendance/MarkNoShow', rewards.cookie, { bookingId: booking.id, reason: 'x' })).statusCode).toBe(403);
  });
});

describe('undoing a check-in', () => {
  it('books the booking again and takes the attendance coins back exactly once however many press; a later check-in pays again', async () => {
    clock.set(NOW);
    const site = await staffCookie(['site-staff'], ['00001']);
    const tester = await createTester(db(), { firstName: 'Ursula', lastName: 'Undone' });
    const { booking } = await booked(tester.id, -0.5);
    expect((await post('check-in/MarkAttended', site.cookie, { bookingId: booking.id })).json().status).toBe('succeed');
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(150);

    const body = { bookingId: booking.id, reason: 'Checked in the wrong Ursula' };
    const answers = await Promise.all([1, 2, 3].map(() => post('check-in/UndoAttendance', site.cookie, body)));
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['failed', 'failed', 'succeed']);
    expect(answers.map((answer) => answer.json().message)).toContain(BOOKING_CONTROL_TEXTS.attendanceUndone('Ursula Undone', 150, 0));
    expect(answers.map((answer) => answer.json().message)).toContain(BOOKING_CONTROL_TEXTS.notAttended);
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'booked', compensationCents: null });
    const balance = await balanceAndLedger(db(), tester.id);
    expect(balance).toMatchObject({ coins: 0, exp: 0, ledgerCoins: 0, ledgerExp: 0 });
    const [audit] = await auditRowsWhere(db(), { action: 'booking.undo-attendance', targetId: String(booking.id) });
    expect(audit!.before).toMatchObject({ tester: 'Ursula Undone', status: 'attended' });
    expect(audit!.after).toMatchObject({
      status: 'booked',
      coins: 150,
      experience: 40,
      shortfallCoins: 0,
      reason: 'Checked in the wrong Ursula',
    });

    // The right check-in later pays again, and undoing that one takes it back again: never printed, never lost.
    expect((await post('check-in/MarkAttended', site.cookie, { bookingId: booking.id })).json()).toMatchObject({
      status: 'succeed',
      coins: 150,
    });
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(150);
    expect((await post('check-in/UndoAttendance', site.cookie, body)).json().status).toBe('succeed');
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(0);
  });

  it('takes back only what the tester still holds: coins already spent are recorded as the shortfall, the balance never below zero', async () => {
    clock.set(NOW);
    const site = await staffCookie(['site-staff'], ['00001']);
    const tester = await createTester(db(), { firstName: 'Spencer', lastName: 'Spent' });
    const { booking } = await booked(tester.id, -0.5);
    expect((await post('check-in/MarkAttended', site.cookie, { bookingId: booking.id })).json().status).toBe('succeed');
    // Spend 100 of the 150 (a reward, written as the ledger writes a spend).
    await db().insert(coinLedger).values({ testerId: tester.id, coins: -100, experience: 0, reason: 'redeem', reference: 'order:test' });
    await db().update(testers).set({ coins: 50 }).where(eq(testers.id, tester.id));

    const undone = await post('check-in/UndoAttendance', site.cookie, { bookingId: booking.id, reason: 'Mistaken check-in' });
    expect(undone.json()).toEqual({ status: 'succeed', message: BOOKING_CONTROL_TEXTS.attendanceUndone('Spencer Spent', 50, 100) });
    const balance = await balanceAndLedger(db(), tester.id);
    expect(balance).toMatchObject({ coins: 0, ledgerCoins: 0 });
    const [entry] = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.testerId, tester.id), eq(coinLedger.reason, 'attendanceUndone')));
    expect(entry).toMatchObject({ coins: -50, shortfallCoins: 100 });
  });

  it('refuses a booking that is not checked in, and site staff of another site', async () => {
    clock.set(NOW);
    const site = await staffCookie(['site-staff'], ['00001']);
    const elsewhere = await staffCookie(['site-staff'], ['00002']);
    const tester = await createTester(db());
    const { booking } = await booked(tester.id, -0.5);
    const notAttended = await post('check-in/UndoAttendance', site.cookie, { bookingId: booking.id, reason: 'x' });
    expect(notAttended.json()).toEqual({ status: 'failed', message: BOOKING_CONTROL_TEXTS.notAttended });
    await post('check-in/MarkAttended', site.cookie, { bookingId: booking.id });
    const other = await post('check-in/UndoAttendance', elsewhere.cookie, { bookingId: booking.id, reason: 'x' });
    expect(other.json()).toEqual({ status: 'failed', message: BOOKING_CONTROL_TEXTS.otherSite });
    expect((await bookingOf(booking.id)).status).toBe('attended');
  });
});
