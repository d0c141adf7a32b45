import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChild, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, sessionGroups } from '../../core/db/schema.ts';
import { createPublicContentService } from '../public-content/public-content-service.ts';
import { createStudyService } from '../studies/study-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { createSchedulingService, type SchedulingService } from './scheduling-service.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';

/** Booking, change and cancel rules on the injected clock (decision 022), against the real test database. */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
let scheduling: SchedulingService;
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });
beforeAll(async () => {
  scheduling = createSchedulingService(db(), {
    clock,
    testers: createTesterService(db(), { clock, onTesterChanged: () => undefined }),
    listTestSites: createPublicContentService(db(), { cacheSeconds: 0, clock, timeZone: 'America/Chicago' }).listTestSites,
    studyNames: createStudyService(db(), { clock, aboutMe: { heldAnswerIds: async () => [] } }).studyNames,
    noticeHours: 24,
    checkInSecret: 'check-in-secret-for-tests-only-0123456789',
    ledger: createLedgerService(db(), { clock, onTesterChanged: () => undefined }),
  });
});

const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR_MS);
const session = (startHours: number, lengthHours = 2) => ({ startsAt: at(startHours), endsAt: at(startHours + lengthHours) });

async function takenOf(groupId: number) {
  const [row] = await db().select({ taken: sessionGroups.taken }).from(sessionGroups).where(eq(sessionGroups.id, groupId));
  return row!.taken;
}

async function liveBookings(testerId: string) {
  return db().select().from(bookings).where(eq(bookings.testerId, testerId));
}

describe('book', () => {
  it('takes a seat, copies the span of a multi-day group, and refuses a second booking in the study', async () => {
    clock.set(NOW);
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(72), session(96, 3)] });
    const other = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(200)] });
    const tester = await createTester(db());

    expect(await scheduling.book({ testerId: tester.id, groupId: group.publicId })).toMatchObject({ status: 'succeed' });
    expect(await takenOf(group.id)).toBe(1);
    const [booking] = await liveBookings(tester.id);
    expect(booking).toMatchObject({ groupId: group.id, startsAt: at(72), endsAt: at(99), status: 'booked' });
    expect(await scheduling.book({ testerId: tester.id, groupId: other.publicId })).toEqual({ status: 'hasSchedule' });
    expect(await takenOf(other.id)).toBe(0);
  });

  it('refuses a closed or full group, one inside the notice window, an unknown one, and an overlapping session', async () => {
    clock.set(NOW);
    const tester = await createTester(db());
    const study = await createStudy(db());
    const closed = await createSessionGroup(db(), { studyNo: study.studyNo, status: 'Closed' });
    const full = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 2, taken: 2 });
    const soon = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(23)] });
    for (const group of [closed, full, soon]) {
      expect(await scheduling.book({ testerId: tester.id, groupId: group.publicId })).toEqual({ status: 'notAvailable' });
    }
    expect(await scheduling.book({ testerId: tester.id, groupId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      status: 'notFound',
    });

    const first = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48, 2)] });
    expect((await scheduling.book({ testerId: tester.id, groupId: first.publicId })).status).toBe('succeed');
    const otherStudy = await createStudy(db());
    const overlapping = await createSessionGroup(db(), { studyNo: otherStudy.studyNo, sessions: [session(49, 2)] });
    expect(await scheduling.book({ testerId: tester.id, groupId: overlapping.publicId })).toEqual({ status: 'overlap' });
    const after = await createSessionGroup(db(), { studyNo: otherStudy.studyNo, sessions: [session(50, 2)] });
    expect((await scheduling.book({ testerId: tester.id, groupId: after.publicId })).status).toBe('succeed');
    expect(await takenOf(overlapping.id)).toBe(0);
  });

  it('gives exactly S of 3S simultaneous bookings of a group with S seats', async () => {
    clock.set(NOW);
    const seats = 4;
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, seats });
    const testers = await Promise.all(Array.from({ length: 3 * seats }, () => createTester(db())));
    const results = await Promise.all(testers.map((tester) => scheduling.book({ testerId: tester.id, groupId: group.publicId })));
    expect(results.filter((result) => result.status === 'succeed')).toHaveLength(seats);
    expect(results.filter((result) => result.status === 'notAvailable')).toHaveLength(2 * seats);
    expect(await takenOf(group.id)).toBe(seats);
    const rows = await db().select().from(bookings).where(eq(bookings.groupId, group.id));
    expect(rows).toHaveLength(seats);
  });
});

describe('cancel', () => {
  it('cancels outside the notice window and frees the seat; answers 101 inside it and keeps the booking', async () => {
    clock.set(NOW);
    const tester = await createTester(db());
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
    await scheduling.book({ testerId: tester.id, groupId: group.publicId });

    // 24 hours and one minute before: still outside the window.
    clock.set(at(48 - 24 - 1 / 60));
    const other = await createTester(db());
    await scheduling.book({ testerId: other.id, groupId: group.publicId });
    expect((await scheduling.cancel(other.id, [study.studyNo])).status).toBe('succeed');
    expect((await liveBookings(other.id))[0]).toMatchObject({ status: 'cancelled', cancelledAt: clock.now() });

    // Exactly 24 hours before: inside.
    clock.set(at(48 - 24));
    expect((await scheduling.cancel(tester.id, [study.studyNo])).status).toBe('101');
    expect((await liveBookings(tester.id))[0]!.status).toBe('booked');
    expect(await takenOf(group.id)).toBe(1);
  });

  it('cancels several studies at once, or none when one is inside the window; 102 for an invalid e-mail; failed for external', async () => {
    clock.set(NOW);
    const tester = await createTester(db());
    const [a, b] = [await createStudy(db()), await createStudy(db())];
    const early = await createSessionGroup(db(), { studyNo: a.studyNo, sessions: [session(30)] });
    const late = await createSessionGroup(db(), { studyNo: b.studyNo, sessions: [session(100)] });
    await scheduling.book({ testerId: tester.id, groupId: early.publicId });
    await scheduling.book({ testerId: tester.id, groupId: late.publicId });

    clock.set(at(10));
    expect((await scheduling.cancel(tester.id, [a.studyNo, b.studyNo])).status).toBe('101');
    expect((await liveBookings(tester.id)).map((row) => row.status)).toEqual(['booked', 'booked']);
    clock.set(NOW);
    expect((await scheduling.cancel(tester.id, [a.studyNo, b.studyNo])).status).toBe('succeed');
    expect([await takenOf(early.id), await takenOf(late.id)]).toEqual([0, 0]);
    await expect(scheduling.cancel(tester.id, [a.studyNo])).rejects.toMatchObject({ statusCode: 404 });

    const badEmail = await createTester(db(), { email: 'not-an-address' });
    await scheduling.book({ testerId: badEmail.id, groupId: late.publicId });
    expect((await scheduling.cancel(badEmail.id, [b.studyNo])).status).toBe('102');

    const external = await createSessionGroup(db(), { studyNo: a.studyNo, isExternal: true, taken: 1 });
    await db()
      .insert(bookings)
      .values({ testerId: badEmail.id, studyNo: a.studyNo, groupId: external.id, startsAt: at(72), endsAt: at(74) });
    expect((await scheduling.cancel(badEmail.id, [a.studyNo])).status).toBe('failed');
  });
});

describe('change', () => {
  it('moves the booking and the seat in one step; a full group keeps the old booking and answers notAvailable', async () => {
    clock.set(NOW);
    const tester = await createTester(db());
    const study = await createStudy(db());
    const first = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
    const second = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(72), session(96)] });
    const full = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, taken: 1, sessions: [session(120)] });
    await scheduling.book({ testerId: tester.id, groupId: first.publicId });

    const moved = await scheduling.change(tester.id, [second.publicId]);
    expect(moved.status).toBe('succeed');
    expect(moved.url).toBe('/community/main/schedule/check');
    expect(moved.filteredScheduleView.find((group) => group.isCurrent)?.groupId).toBe(second.publicId);
    expect([await takenOf(first.id), await takenOf(second.id)]).toEqual([0, 1]);
    expect((await liveBookings(tester.id))[0]).toMatchObject({ groupId: second.id, startsAt: at(72), endsAt: at(98) });

    const refused = await scheduling.change(tester.id, [full.publicId]);
    expect(refused.status).toBe('notAvailable');
    expect(refused.filteredScheduleView.map((group) => [group.groupId, group.available, group.isCurrent])).toEqual([
      [first.publicId, true, false],
      [second.publicId, true, true],
      [full.publicId, false, false],
    ]);
    expect((await liveBookings(tester.id))[0]!.groupId).toBe(second.id);
    expect([await takenOf(second.id), await takenOf(full.id)]).toEqual([1, 1]);

    clock.set(at(72 - 24));
    expect((await scheduling.change(tester.id, [first.publicId])).status).toBe('notChangeable');
    expect((await liveBookings(tester.id))[0]!.groupId).toBe(second.id);
  });

  it('never over-fills the last seat when a change and bookings race for it', async () => {
    for (let round = 0; round < 3; round += 1) {
      clock.set(NOW);
      const study = await createStudy(db());
      const old = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
      const last = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, sessions: [session(80)] });
      const mover = await createTester(db());
      await scheduling.book({ testerId: mover.id, groupId: old.publicId });
      const racers = await Promise.all([createTester(db()), createTester(db())]);
      const [changed, ...booked] = await Promise.all([
        scheduling.change(mover.id, [last.publicId]),
        ...racers.map((racer) => scheduling.book({ testerId: racer.id, groupId: last.publicId })),
      ]);
      const winners = [changed!.status === 'succeed', ...booked.map((result) => result.status === 'succeed')].filter(Boolean);
      expect(winners).toHaveLength(1);
      expect(await takenOf(last.id)).toBe(1);
      const inLast = await db().select().from(bookings).where(eq(bookings.groupId, last.id));
      expect(inLast.filter((row) => row.status === 'booked')).toHaveLength(1);
      expect(await takenOf(old.id)).toBe(changed!.status === 'succeed' ? 0 : 1);
    }
  });
});

describe('currentSchedule', () => {
  it('answers a stamp per session day with the site, its zone, the compensation and whether it can still change', async () => {
    clock.set(NOW);
    const tester = await createTester(db(), { firstName: 'Ada', lastName: 'Lovelace' });
    const [a, b] = [await createStudy(db(), { studyBasicInfo: 'Two-day juice tasting' }), await createStudy(db())];
    const multi = await createSessionGroup(db(), {
      studyNo: a.studyNo,
      siteId: '00002',
      coOpCostCents: 15000,
      color: 'Green',
      cell: 'B',
      sessions: [session(72), session(96)],
    });
    const pickUp = await createSessionGroup(db(), {
      studyNo: b.studyNo,
      kind: 'pickUp',
      pickUpAt: at(30),
      videoLink: 'https://video.testerhub.example/room/1',
      sessions: [session(20)],
    });
    await scheduling.book({ testerId: tester.id, groupId: multi.publicId });
    await db()
      .insert(bookings)
      .values({ testerId: tester.id, studyNo: b.studyNo, groupId: pickUp.id, startsAt: at(20), endsAt: at(22) });

    const schedule = await scheduling.currentSchedule(tester);
    expect(schedule.isExternalStudy).toBe(false);
    expect(schedule.noticeHours).toBe(24);
    expect(schedule.scheduleStamps).toHaveLength(3);
    const [pick, day1, day2] = schedule.scheduleStamps;
    expect(pick).toMatchObject({
      studyNo: b.studyNo,
      studyName: 'A study made by a test factory.',
      isPickUp: true,
      pickUpDate: at(30).toISOString(),
      virtualDate: at(20).toISOString(),
      videoLink: 'https://video.testerhub.example/room/1',
      changeable: false,
      timeZone: 'America/Chicago',
    });
    expect(day1).toMatchObject({
      studyNo: a.studyNo,
      studyName: 'Two-day juice tasting',
      groupId: multi.publicId,
      testerDay: 1,
      totalTesterDays: 2,
      isMultiDay: true,
      scheduleStamp: at(72).toISOString(),
      endStamp: at(74).toISOString(),
      location: expect.stringContaining('Dallas'),
      timeZone: 'America/Chicago',
      coOpCost: 150,
      color: 'Green',
      cell: 'B',
      testerName: 'Ada Lovelace',
      isChildStudy: false,
      changeable: true,
      videoLink: null,
    });
    expect(day2).toMatchObject({ testerDay: 2, scheduleStamp: at(96).toISOString() });

    // One check-in token per booking, on each of its days, naming that booking and nothing else.
    const [multiBooking] = (await liveBookings(tester.id)).filter((row) => row.groupId === multi.id);
    expect(day2!.checkInToken).toBe(day1!.checkInToken);
    expect(pick!.checkInToken).not.toBe(day1!.checkInToken);
    expect(scheduling.verifyCheckInToken(day1!.checkInToken)).toEqual({
      bookingId: multiBooking!.id,
      testerId: tester.id,
      studyNo: a.studyNo,
    });

    clock.set(at(200));
    expect((await scheduling.currentSchedule(tester)).scheduleStamps).toEqual([]);
  });
});

describe('recordAttendance (the check-in, decision 036)', () => {
  it('marks a booked session attended once and tells of the tester in the same transaction, not of a child or a cancelled booking', async () => {
    clock.set(NOW);
    const told: string[] = [];
    const checkIn = createSchedulingService(db(), {
      clock,
      testers: createTesterService(db(), { clock, onTesterChanged: () => undefined }),
      listTestSites: async () => [],
      studyNames: async () => new Map(),
      noticeHours: 24,
      checkInSecret: 'check-in-secret-for-tests-only-0123456789',
      ledger: createLedgerService(db(), { clock, onTesterChanged: () => undefined }),
      onTesterAttended: async (testerId) => void told.push(testerId),
    });
    const tester = await createTester(db());
    const study = await createStudy(db());
    const booking = await checkIn.createBooking({ testerId: tester.id, studyNo: study.studyNo, ...session(-2) });
    expect(await checkIn.recordAttendance(booking.id)).toBe(true);
    expect(await checkIn.recordAttendance(booking.id)).toBe(false);
    expect(told).toEqual([tester.id]);
    expect((await liveBookings(tester.id))[0]).toMatchObject({ status: 'attended' });

    const child = await createChild(db(), { parentId: tester.id, birthDate: '2016-04-02' });
    const childBooking = await checkIn.createBooking({ testerId: tester.id, childId: child.id, studyNo: study.studyNo, ...session(-2) });
    expect(await checkIn.recordAttendance(childBooking.id)).toBe(true);
    const cancelled = await checkIn.createBooking({ testerId: tester.id, studyNo: study.studyNo, status: 'cancelled', ...session(-2) });
    expect(await checkIn.recordAttendance(cancelled.id)).toBe(false);
    expect(told).toEqual([tester.id]);
  });
});
