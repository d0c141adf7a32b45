import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_CONTROL_TEXTS, type GroupBookingsResponse } from '@testerhub/shared/booking-control-schemas';
import type { StaffGroupsResponse } from '@testerhub/shared/session-admin-schemas';
import { expectFieldError, getWith, postJson } from '../../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createLoggedInTester,
  createQualifiedScreening,
  createSessionGroup,
  createStudy,
} from '../../../../test/factories.ts';
import { mailsTo, parseCalendar, TEST_LINK_SECRET } from '../../../../test/schedule-mail-helpers.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../../core/clock.ts';
import { bookings, sessionGroups } from '../../../core/db/schema.ts';

/**
 * A recruiter's booking controls (issue 29; decision 111): cancel a tester's booking, move it to
 * another group of the study, seat a tester by hand, overbook a group by a set number. Each frees or
 * takes its seat exactly (also when staff race for a group's last seat), e-mails the tester, and
 * writes an audit row naming the tester, study, session and the reason typed.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: TEST_LINK_SECRET } });
const db = () => testApp.database.db;

const recruiter = () => signedInStaff(db(), ['recruiter']);
const call = (path: string, cookie: string, body: unknown) => postJson(testApp.app, `/api/staff/sessions/${path}`, body, { cookie });
const seatsOf = async (groupId: number) =>
  (
    await db()
      .select({ seats: sessionGroups.seats, overbook: sessionGroups.overbook, taken: sessionGroups.taken, held: sessionGroups.held })
      .from(sessionGroups)
      .where(eq(sessionGroups.id, groupId))
  )[0]!;
const bookingOf = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** A study paying 100 coins for scheduling, with groups of `seats` seats three and four days ahead. */
async function studyWithGroups(seats: number[], overrides: { overbook?: number } = {}) {
  const study = await createStudy(db(), { studyBasicInfo: 'Coffee makers at home', scheduleCoins: 100, scheduleExp: 0 });
  const groups = [];
  for (const [index, count] of seats.entries()) {
    const startsAt = new Date(NOW.getTime() + (72 + 24 * index) * HOUR_MS);
    groups.push(
      await createSessionGroup(db(), {
        studyNo: study.studyNo,
        seats: count,
        overbook: overrides.overbook ?? 0,
        cell: `B${study.studyNo}-${index}`,
        sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
      }),
    );
  }
  return { study, groups };
}

/** A qualified tester booked into the group through SelfSchedule (the study's credit paid). */
async function selfBooked(studyNo: number, groupPublicId: string) {
  const logged = await createLoggedInTester(db(), { firstName: 'Bea', lastName: `Booker${Math.random().toString(36).slice(2, 7)}` });
  await createQualifiedScreening(db(), { testerId: logged.tester.id, studyNo, at: NOW });
  const answer = await postJson(
    testApp.app,
    '/api/schedule/SelfSchedule',
    { IsRequest: true, groupIDs: [groupPublicId] },
    { cookie: logged.cookie },
  );
  expect(answer.json().status, answer.body).toBe('succeed');
  const [booking] = await db().select().from(bookings).where(eq(bookings.testerId, logged.tester.id));
  return { ...logged, booking: booking! };
}

describe('a recruiter cancelling a tester’s booking', () => {
  it('frees the seat once, takes back the scheduling credit, e-mails a METHOD:CANCEL and audits who, what, where and why', async () => {
    clock.set(NOW);
    const { cookie, staff } = await recruiter();
    const { study, groups } = await studyWithGroups([2]);
    const group = groups[0]!;
    const { tester, booking } = await selfBooked(study.studyNo, group.publicId);
    expect((await seatsOf(group.id)).taken).toBe(1);
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(100);

    const body = { bookingId: booking.id, reason: 'Tester phoned: moving house' };
    const answers = await Promise.all([call('CancelBooking', cookie, body), call('CancelBooking', cookie, body)]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['failed', 'succeed']);
    expect(answers.map((answer) => answer.json().message)).toContain(
      BOOKING_CONTROL_TEXTS.cancelled(`${tester.firstName} ${tester.lastName}`),
    );
    expect(answers.map((answer) => answer.json().message)).toContain(BOOKING_CONTROL_TEXTS.notBooked);

    expect(await seatsOf(group.id)).toMatchObject({ taken: 0, held: 0 });
    expect((await bookingOf(booking.id)).status).toBe('cancelled');
    const balance = await balanceAndLedger(db(), tester.id);
    expect(balance.coins).toBe(0);
    expect(balance.ledgerCoins).toBe(0);

    const [cancelMail, ...others] = await mailsTo(db(), tester.email, 'schedule-cancelled');
    expect(others).toHaveLength(0);
    const calendar = parseCalendar(cancelMail!.attachments![0]!.content);
    expect(calendar.method).toBe('CANCEL');
    const [booked] = await mailsTo(db(), tester.email, 'schedule-booked');
    const bookedEvent = parseCalendar(booked!.attachments![0]!.content).events[0]!;
    expect(calendar.events[0]!.uid).toBe(bookedEvent.uid);
    expect(calendar.events[0]!.sequence).toBeGreaterThan(bookedEvent.sequence);

    const [audit, ...more] = await auditRowsWhere(db(), { action: 'booking.cancel', targetId: String(booking.id) });
    expect(more).toHaveLength(0);
    expect(audit!.staffId).toBe(staff.id);
    expect(audit!.before).toMatchObject({
      tester: `${tester.firstName} ${tester.lastName}`,
      study: `${study.studyNo} · Coffee makers at home`,
      session: expect.stringContaining(group.cell),
      status: 'booked',
    });
    expect(audit!.after).toMatchObject({ status: 'cancelled', coinsTakenBack: 100, reason: 'Tester phoned: moving house' });
  });

  it('refuses a call without a reason (400, nothing changed) and answers roles other than recruiter 403', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, groups } = await studyWithGroups([2]);
    const { booking } = await selfBooked(study.studyNo, groups[0]!.publicId);
    const blank = await call('CancelBooking', cookie, { bookingId: booking.id, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(BOOKING_CONTROL_TEXTS.reasonRequired);
    const site = await signedInStaff(db(), ['site-staff']);
    expect((await call('CancelBooking', site.cookie, { bookingId: booking.id, reason: 'no' })).statusCode).toBe(403);
    expect((await bookingOf(booking.id)).status).toBe('booked');
  });
});

describe('a recruiter moving a booking to another group of the study', () => {
  it('takes the new seat and frees the old, and e-mails the change with the same calendar UID at a higher SEQUENCE', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, groups } = await studyWithGroups([1, 1]);
    const [from, to] = groups as [(typeof groups)[0], (typeof groups)[0]];
    const { tester, booking } = await selfBooked(study.studyNo, from.publicId);
    const moved = await call('MoveBooking', cookie, { bookingId: booking.id, groupId: to.publicId, reason: 'Asked for the later day' });
    expect(moved.json()).toEqual({ status: 'succeed', message: BOOKING_CONTROL_TEXTS.moved(`${tester.firstName} ${tester.lastName}`) });
    expect((await seatsOf(from.id)).taken).toBe(0);
    expect((await seatsOf(to.id)).taken).toBe(1);
    expect(await bookingOf(booking.id)).toMatchObject({ groupId: to.id, status: 'booked', creditCoins: 100 });

    const [booked] = await mailsTo(db(), tester.email, 'schedule-booked');
    const [changed] = await mailsTo(db(), tester.email, 'schedule-changed');
    const before = parseCalendar(booked!.attachments![0]!.content).events[0]!;
    const after = parseCalendar(changed!.attachments![0]!.content);
    expect(after.method).toBe('REQUEST');
    expect(after.events[0]!.uid).toBe(before.uid);
    expect(after.events[0]!.sequence).toBeGreaterThan(before.sequence);
    expect(after.events[0]!.start.getTime()).toBe(to.sessions[0]!.startsAt.getTime());

    const [audit] = await auditRowsWhere(db(), { action: 'booking.move', targetId: String(booking.id) });
    expect(audit!.before).toMatchObject({ session: expect.stringContaining(from.cell) });
    expect(audit!.after).toMatchObject({ session: expect.stringContaining(to.cell), reason: 'Asked for the later day' });

    // Another study's group, the same group, and a full group are refused with their reasons.
    const other = await studyWithGroups([3]);
    const refusedOther = await call('MoveBooking', cookie, { bookingId: booking.id, groupId: other.groups[0]!.publicId, reason: 'x' });
    expect(refusedOther.json()).toMatchObject({ status: 'failed', message: BOOKING_CONTROL_TEXTS.otherStudy });
    const refusedSame = await call('MoveBooking', cookie, { bookingId: booking.id, groupId: to.publicId, reason: 'x' });
    expect(refusedSame.json()).toMatchObject({ status: 'failed', message: BOOKING_CONTROL_TEXTS.sameGroup });
  });

  it('seats exactly one of two testers moved at once into a group’s last seat', async () => {
    clock.set(NOW);
    const [first, second] = [await recruiter(), await recruiter()];
    const { study, groups } = await studyWithGroups([2, 1]);
    const [from, last] = groups as [(typeof groups)[0], (typeof groups)[0]];
    const one = await selfBooked(study.studyNo, from.publicId);
    const two = await selfBooked(study.studyNo, from.publicId);
    const answers = await Promise.all([
      call('MoveBooking', first.cookie, { bookingId: one.booking.id, groupId: last.publicId, reason: 'Swap' }),
      call('MoveBooking', second.cookie, { bookingId: two.booking.id, groupId: last.publicId, reason: 'Swap' }),
    ]);
    const statuses = answers.map((answer) => answer.json());
    expect(statuses.map((answer) => answer.status).sort()).toEqual(['failed', 'succeed']);
    expect(statuses.find((answer) => answer.status === 'failed')!.message).toBe(BOOKING_CONTROL_TEXTS.groupFull);
    expect(await seatsOf(last.id)).toMatchObject({ seats: 1, taken: 1 });
    expect((await seatsOf(from.id)).taken).toBe(1);
    const live = await db().select().from(bookings).where(eq(bookings.groupId, last.id));
    expect(live).toHaveLength(1);
  });
});

describe('a recruiter seating a tester by hand, and overbooking', () => {
  it('seats any tester with a reason up to the seats plus the overbooking, never more, while testers see the group full at its seats', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, groups } = await studyWithGroups([1], { overbook: 1 });
    const group = groups[0]!;
    await selfBooked(study.studyNo, group.publicId);
    // Full for testers at its one seat.
    const late = await createLoggedInTester(db());
    await createQualifiedScreening(db(), { testerId: late.tester.id, studyNo: study.studyNo, at: NOW });
    const refused = await postJson(
      testApp.app,
      '/api/schedule/SelfSchedule',
      { IsRequest: true, groupIDs: [group.publicId] },
      { cookie: late.cookie },
    );
    expect(refused.json().status).not.toBe('succeed');

    // Two recruiters seat two testers at once into the one overbooked seat: one is seated.
    const [a, b] = [await createLoggedInTester(db()), await createLoggedInTester(db())];
    const answers = await Promise.all(
      [a, b].map((each) =>
        call('SeatTester', cookie, { groupId: group.publicId, email: each.tester.email.toUpperCase(), reason: 'Client asked for them' }),
      ),
    );
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['failed', 'succeed']);
    expect(answers.map((answer) => answer.json().message)).toContain(BOOKING_CONTROL_TEXTS.groupFull);
    expect(await seatsOf(group.id)).toMatchObject({ seats: 1, overbook: 1, taken: 2 });

    const seated = [a, b].find((_, index) => answers[index]!.json().status === 'succeed')!;
    const [row] = await db().select().from(bookings).where(eq(bookings.testerId, seated.tester.id));
    expect(row).toMatchObject({ status: 'booked', groupId: group.id, creditCoins: 0 });
    expect(await mailsTo(db(), seated.tester.email, 'schedule-booked')).toHaveLength(1);
    expect((await balanceAndLedger(db(), seated.tester.id)).coins).toBe(0);
    const [audit] = await auditRowsWhere(db(), { action: 'booking.seat', targetId: String(row!.id) });
    expect(audit!.after).toMatchObject({ tester: `${seated.tester.firstName} ${seated.tester.lastName}`, reason: 'Client asked for them' });

    // The same tester twice, and an unknown address, are refused.
    const again = await call('SeatTester', cookie, { groupId: group.publicId, email: seated.tester.email, reason: 'again' });
    expect(again.json()).toMatchObject({ status: 'failed', message: BOOKING_CONTROL_TEXTS.hasSchedule });
    const nobody = await call('SeatTester', cookie, { groupId: group.publicId, email: 'nobody@example.test', reason: 'x' });
    expect(nobody.json()).toMatchObject({ status: 'failed', message: BOOKING_CONTROL_TEXTS.testerNotFound, field: 'email' });

    // The people list shows both.
    const list = await getWith(testApp.app, `/api/staff/sessions/GroupBookings?groupId=${group.publicId}`, { cookie });
    expect((list.json() as GroupBookingsResponse).bookings.map((each) => each.status)).toEqual(['booked', 'booked']);
  });

  it('sets a group’s overbooking through the group form, never below the seats already taken', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, groups } = await studyWithGroups([1], { overbook: 1 });
    const group = groups[0]!;
    await selfBooked(study.studyNo, group.publicId);
    await call('SeatTester', cookie, { groupId: group.publicId, email: (await createLoggedInTester(db())).tester.email, reason: 'VIP' });
    const listed = (
      await getWith(testApp.app, `/api/staff/sessions/Groups?studyNo=${study.studyNo}`, { cookie })
    ).json() as StaffGroupsResponse;
    const view = listed.groups[0]!;
    expect(view).toMatchObject({ seats: 1, overbook: 1, taken: 2 });
    const lower = await call('UpdateGroup', cookie, { groupId: group.publicId, ...view.fields, overbook: 0 });
    expect(lower.json()).toMatchObject({ status: 'failed', field: 'seats' });
    const raise = await call('UpdateGroup', cookie, { groupId: group.publicId, ...view.fields, overbook: 3 });
    expect(raise.json().status).toBe('succeed');
    expect(await seatsOf(group.id)).toMatchObject({ seats: 1, overbook: 3, taken: 2 });
    // A form without the field keeps the group's overbooking.
    const { overbook: _kept, ...withoutOverbook } = view.fields;
    expect((await call('UpdateGroup', cookie, { groupId: group.publicId, ...withoutOverbook })).json().status).toBe('succeed');
    expect((await seatsOf(group.id)).overbook).toBe(3);
  });
});

describe('a group id that is not a UUID, and a Closed group (decision 128)', () => {
  it('answers 400 naming groupId for a 36-character id that is not a UUID, on GroupBookings, MoveBooking and SeatTester', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const notUuid = '------------------------------------';
    const list = await getWith(testApp.app, `/api/staff/sessions/GroupBookings?groupId=${notUuid}`, { cookie });
    expectFieldError(list, 'groupId', BOOKING_CONTROL_TEXTS.groupIdInvalid);
    expectFieldError(
      await call('MoveBooking', cookie, { bookingId: 1, groupId: 'abcdefabcdefabcdefabcdefabcdefabcdef', reason: 'x' }),
      'groupId',
      BOOKING_CONTROL_TEXTS.groupIdInvalid,
    );
    expectFieldError(
      await call('SeatTester', cookie, { groupId: notUuid, email: 'someone@example.test', reason: 'x' }),
      'groupId',
      BOOKING_CONTROL_TEXTS.groupIdInvalid,
    );
  });

  it('refuses seating into or moving into a Closed group with its name, taking no seat', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, groups } = await studyWithGroups([2, 2]);
    const [from, closed] = groups as [(typeof groups)[0], (typeof groups)[0]];
    const { booking } = await selfBooked(study.studyNo, from.publicId);
    await db().update(sessionGroups).set({ status: 'Closed' }).where(eq(sessionGroups.id, closed.id));
    const refusal = { status: 'failed', message: BOOKING_CONTROL_TEXTS.groupClosed(closed.cell), field: 'groupId' };

    const moved = await call('MoveBooking', cookie, { bookingId: booking.id, groupId: closed.publicId, reason: 'Asked' });
    expect(moved.json()).toEqual(refusal);
    const someone = await createLoggedInTester(db());
    const seated = await call('SeatTester', cookie, { groupId: closed.publicId, email: someone.tester.email, reason: 'VIP' });
    expect(seated.json()).toEqual(refusal);
    expect(await seatsOf(closed.id)).toMatchObject({ taken: 0 });
    expect((await bookingOf(booking.id)).groupId).toBe(from.id);
    expect(await db().select().from(bookings).where(eq(bookings.groupId, closed.id))).toHaveLength(0);
  });

  it('a cancelled group stays empty when staff seat people into it while it is being cancelled', async () => {
    clock.set(NOW);
    const [first, second] = [await recruiter(), await recruiter()];
    const { groups } = await studyWithGroups([4]);
    const group = groups[0]!;
    const people = [await createLoggedInTester(db()), await createLoggedInTester(db()), await createLoggedInTester(db())];
    const notice = { template: 'freeText', subject: 'Your session is cancelled', body: 'Sorry, {firstName}: it is cancelled.' };
    const answers = await Promise.all([
      postJson(
        testApp.app,
        '/api/staff/sessions/CancelGroup',
        { groupId: group.publicId, reason: 'Client moved', notice },
        { cookie: first.cookie },
      ),
      ...people.map((person) =>
        call('SeatTester', second.cookie, { groupId: group.publicId, email: person.tester.email, reason: 'Client asked' }),
      ),
    ]);
    expect(answers[0]!.json().status).toBe('succeed');
    // Whatever the order, nobody holds a seat of the cancelled group.
    const live = (await db().select().from(bookings).where(eq(bookings.groupId, group.id))).filter((row) => row.status === 'booked');
    expect(live).toHaveLength(0);
    expect(await seatsOf(group.id)).toMatchObject({ taken: 0 });
    for (const seat of answers.slice(1).filter((answer) => answer.json().status === 'failed'))
      expect(seat.json().message).toBe(BOOKING_CONTROL_TEXTS.groupClosed(group.cell));
  });
});
