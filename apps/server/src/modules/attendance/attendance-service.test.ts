import pino from 'pino';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { runJobOnEveryInstance, useInstanceDatabases } from '../../../test/job-instances.ts';
import { mailsTo, schedulingWithMail } from '../../../test/schedule-mail-helpers.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS, type FakeClock } from '../../core/clock.ts';
import type { Database } from '../../core/db/client.ts';
import { createMailService } from '../mail/mail-service.ts';
import { bookings } from '../scheduling/scheduling-tables.ts';
import { createStudyService } from '../studies/study-service.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { testerSuspensions } from '../testers/tester-tables.ts';
import { addMonths, createAttendanceService, type NoShowRule } from './attendance-service.ts';

/**
 * The no-show rule (spec 3 "No-shows", issue 12 section 4; decision 046) on the injected clock:
 * ended bookings nobody checked in become no-shows after the grace time; two within three months
 * suspend the tester for six, once, with one e-mail; a suspended tester sees no study and cannot
 * book; and on PostgreSQL two server instances sweeping at once suspend once.
 */

const NOW = new Date('2026-03-10T18:00:00Z');
const DAY_MS = 24 * HOUR_MS;
const RULE: NoShowRule = { limit: 2, windowMonths: 3, suspensionMonths: 6, afterMinutes: 120 };
const { db, handles } = useInstanceDatabases();

function attendanceOn(database: Database, clock: FakeClock) {
  const { scheduling } = schedulingWithMail(database, { now: NOW, clock });
  const testers = createTesterService(database, { clock, onTesterChanged: () => undefined });
  const mail = createMailService(database, {
    clock,
    publicUrl: 'https://testers.example.test',
    smtpUrl: undefined,
    mailFrom: 'Test <no-reply@testers.example.test>',
    log: pino({ level: 'silent' }),
  });
  return { attendance: createAttendanceService(database, { clock, rule: RULE, scheduling, testers, mail }), scheduling, testers };
}

/** A booked (not checked-in) session of the tester that ended `hoursAgo` hours before the clock's now. */
async function endedBooking(testerId: string, clock: FakeClock, hoursAgo: number, status: 'booked' | 'attended' = 'booked') {
  const study = await createStudy(db());
  const endsAt = new Date(clock.nowMs() - hoursAgo * HOUR_MS);
  return createBooking(db(), { testerId, studyNo: study.studyNo, startsAt: new Date(endsAt.getTime() - 2 * HOUR_MS), endsAt, status });
}

const suspensionsOf = (testerId: string) => db().select().from(testerSuspensions).where(eq(testerSuspensions.testerId, testerId));

describe('the no-show sweep', () => {
  it('marks ended bookings no-shows only after the grace time, and never an attended one', async () => {
    const clock = createFakeClock(NOW);
    const { attendance } = attendanceOn(db(), clock);
    const tester = await createTester(db());
    const attended = await endedBooking(tester.id, clock, 5, 'attended');
    const justEnded = await endedBooking(tester.id, clock, 1);
    const { noShows } = await attendance.sweepNoShows();
    expect(noShows).toBe(0);
    clock.advance(61 * MINUTE_MS);
    expect((await attendance.sweepNoShows()).noShows).toBe(1);
    expect((await attendance.sweepNoShows()).noShows).toBe(0);
    const statuses = await db().select({ id: bookings.id, status: bookings.status }).from(bookings).where(eq(bookings.testerId, tester.id));
    expect(new Map(statuses.map((row) => [row.id, row.status]))).toEqual(
      new Map([
        [attended.id, 'attended'],
        [justEnded.id, 'noShow'],
      ]),
    );
    // One no-show is not enough.
    expect(await suspensionsOf(tester.id)).toHaveLength(0);
  });

  it('suspends for six months at the second no-show within three months, with one e-mail saying why and until when', async () => {
    const clock = createFakeClock(NOW);
    const { attendance, testers } = attendanceOn(db(), clock);
    const tester = await createTester(db(), { firstName: 'Nora' });
    // One no-show four months ago (outside the window) and one two months ago: not yet.
    await endedBooking(tester.id, clock, 120 * 24);
    await endedBooking(tester.id, clock, 60 * 24);
    expect((await attendance.sweepNoShows()).suspended).toEqual([]);
    // The first no-show brings the rule, once (issue 29: testers heard nothing before the suspension).
    const [warning, ...moreWarnings] = await mailsTo(db(), tester.email, 'no-show-warning');
    expect(moreWarnings).toHaveLength(0);
    expect(warning!.subject).toBe('We missed you at your TesterHub study');
    expect(warning!.text).toContain('you now have 1 no-show within 3 months.');
    expect(warning!.text).toContain('2 or more no-shows within 3 months lead to a 6-month suspension');
    // A second one inside the window.
    await endedBooking(tester.id, clock, 3);
    const { suspended } = await attendance.sweepNoShows();
    expect(suspended).toEqual([tester.id]);
    expect((await attendance.sweepNoShows()).suspended).toEqual([]);

    const until = addMonths(NOW, 6);
    expect(until.toISOString()).toBe('2026-09-10T18:00:00.000Z');
    expect((await testers.findById(tester.id))!.suspendedUntil).toEqual(until);
    const [row, ...more] = await suspensionsOf(tester.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ reason: 'noShows', noShows: 2, startsAt: NOW, endsAt: until, liftedAt: null });
    const mails = await mailsTo(db(), tester.email, 'suspension');
    expect(mails).toHaveLength(1);
    // The suspension's e-mail says it all: no warning beside it.
    expect(await mailsTo(db(), tester.email, 'no-show-warning')).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your TesterHub account is suspended until Thursday, September 10th, 2026');
    expect(mails[0]!.text).toContain('Hi Nora,');
    expect(mails[0]!.text).toContain('You did not come to 2 booked studies within 3 months.');
    expect(mails[0]!.text).toContain('2 or more no-shows within 3 months lead to a 6-month suspension.');
  });

  it('bars a suspended tester from studies and bookings until the end, and not after it or after a lift', async () => {
    const clock = createFakeClock(NOW);
    const { attendance, scheduling, testers } = attendanceOn(db(), clock);
    const studies = createStudyService(db(), { clock, aboutMe: { heldAnswerIds: async () => [] } });
    const tester = await createTester(db(), { birthDate: '1990-01-01' });
    const open = await createStudy(db(), { opensAt: new Date(NOW.getTime() - DAY_MS), closesAt: new Date(NOW.getTime() + 300 * DAY_MS) });
    const group = await createSessionGroup(db(), { studyNo: open.studyNo, now: NOW, seats: 5 });
    const listed = async () => (await studies.screenersFor((await testers.findById(tester.id))!)).map((study) => study.screenerStudyNo);
    expect(await listed()).toContain(open.studyNo);

    await endedBooking(tester.id, clock, 30 * 24);
    await endedBooking(tester.id, clock, 3);
    await attendance.sweepNoShows();
    expect(await listed()).toEqual([]);
    expect((await scheduling.book({ testerId: tester.id, groupId: group.publicId })).status).toBe('suspended');

    // Lifted by staff: studies and booking again, and the no-shows already answered do not suspend again.
    expect(await testers.liftSuspension(tester.id, { liftedBy: 'staff-1', reason: 'Doctor’s note for both dates' })).toBe(true);
    expect(await testers.liftSuspension(tester.id, { liftedBy: 'staff-1', reason: 'twice' })).toBe(false);
    expect(await listed()).toContain(open.studyNo);
    expect((await scheduling.book({ testerId: tester.id, groupId: group.publicId })).status).toBe('succeed');
    await endedBooking(tester.id, clock, 3);
    expect((await attendance.sweepNoShows()).suspended).toEqual([]);
    const [row] = await suspensionsOf(tester.id);
    expect(row).toMatchObject({ liftedBy: 'staff-1', liftReason: 'Doctor’s note for both dates', liftedAt: NOW });
  });

  it('a suspension ends by itself at its end time', async () => {
    const clock = createFakeClock(NOW);
    const { attendance, testers } = attendanceOn(db(), clock);
    const studies = createStudyService(db(), { clock, aboutMe: { heldAnswerIds: async () => [] } });
    const tester = await createTester(db());
    const open = await createStudy(db(), { opensAt: new Date(NOW.getTime() - DAY_MS), closesAt: null });
    await endedBooking(tester.id, clock, 50);
    await endedBooking(tester.id, clock, 3);
    await attendance.sweepNoShows();
    const listed = async () => (await studies.screenersFor((await testers.findById(tester.id))!)).map((study) => study.screenerStudyNo);
    clock.set(addMonths(NOW, 6).getTime() - MINUTE_MS);
    expect(await listed()).toEqual([]);
    clock.set(addMonths(NOW, 6));
    expect(await listed()).toContain(open.studyNo);
  });

  it('two server instances sweeping at once suspend once and send one e-mail', async () => {
    const clock = createFakeClock(NOW);
    const tester = await createTester(db());
    await endedBooking(tester.id, clock, 10);
    await endedBooking(tester.id, clock, 5);
    await runJobOnEveryInstance(handles(), 'no-show-sweep-test', (handle) => attendanceOn(handle.db, clock).attendance.sweepNoShows());
    expect(await suspensionsOf(tester.id)).toHaveLength(1);
    expect(await mailsTo(db(), tester.email, 'suspension')).toHaveLength(1);
  });
});

describe('addMonths', () => {
  it('keeps the day, or the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-11-30T12:00:00Z'), 3).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2026-05-31T12:00:00Z'), -3).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), 6).toISOString()).toBe('2026-07-15T00:00:00.000Z');
  });
});
