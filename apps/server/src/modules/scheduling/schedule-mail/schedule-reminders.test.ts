import { describe, expect, it } from 'vitest';
import { createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { runJobOnEveryInstance, useInstanceDatabases } from '../../../../test/job-instances.ts';
import { mailsTo, schedulingWithMail } from '../../../../test/schedule-mail-helpers.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../../core/clock.ts';
import { REMINDER_QUEUE } from '../scheduling-service.ts';

/**
 * Reminders 24 and 4 hours before each session day (decision 027), with the injected clock: each
 * sent once, none for a cancelled booking, a missed one sent late only before its session starts,
 * and once across two server instances on one PostgreSQL (TEST_DATABASE_URL).
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const { db, handles, instances: instancesAt } = useInstanceDatabases();
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);
const instances = () => instancesAt({ now: NOW, clock });

/** A booked tester in a group whose sessions start at the given hours from NOW (2 hours long). */
async function booked(startHours: number[]) {
  clock.set(NOW);
  const tester = await createTester(db(), { firstName: 'Rhea' });
  const study = await createStudy(db(), { studyBasicInfo: 'Coffee tasting' });
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    seats: 10,
    sessions: startHours.map((hours) => ({ startsAt: at(hours), endsAt: at(hours + 2) })),
  });
  const [scheduling] = instances();
  expect((await scheduling!.book({ testerId: tester.id, groupId: group.publicId })).status).toBe('succeed');
  return { tester, study, scheduling: scheduling! };
}

const reminders = (email: string) => mailsTo(db(), email, 'schedule-reminder');

describe('session reminders', () => {
  it('sends the 24-hour and the 4-hour reminder once each, on time', async () => {
    const { tester, scheduling } = await booked([72]);
    clock.set(at(72 - 24).getTime() - MINUTE_MS);
    await scheduling.sendDueReminders();
    expect(await reminders(tester.email)).toHaveLength(0);

    clock.set(at(72 - 24));
    await scheduling.sendDueReminders();
    await scheduling.sendDueReminders();
    const [first, ...rest] = await reminders(tester.email);
    expect(rest).toHaveLength(0);
    expect(first!.subject).toBe('Reminder: Coffee tasting on Sunday, January 18th, 2026, 6:00 AM – 8:00 AM CST');
    expect(first!.text).toContain('Hi Rhea,');
    expect(first!.text).toContain('Bring a government-issued photo ID and arrive 15 minutes early.');
    expect(first!.text).toContain('Chicago Test Center, 200 W Monroe St');

    clock.set(at(72 - 5));
    await scheduling.sendDueReminders();
    expect(await reminders(tester.email)).toHaveLength(1);
    clock.set(at(72 - 4));
    await scheduling.sendDueReminders();
    clock.advance(30 * MINUTE_MS);
    await scheduling.sendDueReminders();
    expect(await reminders(tester.email)).toHaveLength(2);
  });

  it('reminds of each day of a multi-day group', async () => {
    const { tester, scheduling } = await booked([48, 72]);
    for (const hours of [24, 44, 48, 68]) {
      clock.set(at(hours));
      await scheduling.sendDueReminders();
    }
    const sent = await reminders(tester.email);
    expect(sent.map((mail) => mail.text.match(/day \d of 2/)?.[0])).toEqual(['day 1 of 2', 'day 1 of 2', 'day 2 of 2', 'day 2 of 2']);
  });

  it('sends none for a cancelled booking', async () => {
    const { tester, study, scheduling } = await booked([72]);
    expect((await scheduling.cancel(tester.id, [study.studyNo])).status).toBe('succeed');
    clock.set(at(72 - 24));
    await scheduling.sendDueReminders();
    clock.set(at(72 - 4));
    await scheduling.sendDueReminders();
    expect(await reminders(tester.email)).toHaveLength(0);
  });

  it('sends a missed reminder late while the session has not started, one for both kinds, and none after the start', async () => {
    const { tester, scheduling } = await booked([72]);
    // The server was down from before the 24-hour point to 3 hours before: one reminder, not two.
    clock.set(at(72 - 3));
    expect(await scheduling.sendDueReminders()).toBe(1);
    clock.advance(MINUTE_MS);
    await scheduling.sendDueReminders();
    expect(await reminders(tester.email)).toHaveLength(1);

    const late = await booked([72]);
    clock.set(at(72));
    await late.scheduling.sendDueReminders();
    expect(await reminders(late.tester.email)).toHaveLength(0);
  });

  it('two server instances sweeping at once send each reminder once', async () => {
    const testers = await Promise.all(Array.from({ length: 6 }, () => booked([30])));
    clock.set(at(30 - 24));
    const [one, two] = instances();
    await Promise.all([one!.sendDueReminders(), two!.sendDueReminders(), one!.sendDueReminders(), two!.sendDueReminders()]);
    for (const { tester } of testers) expect(await reminders(tester.email)).toHaveLength(1);
  });

  it('the job queue’s sweep jobs on two instances send each reminder once', { timeout: 60_000 }, async () => {
    const { tester } = await booked([30]);
    clock.set(at(30 - 4));
    await runJobOnEveryInstance(handles(), REMINDER_QUEUE, (handle) =>
      schedulingWithMail(handle.db, { now: NOW, clock }).scheduling.sendDueReminders(),
    );
    expect(await reminders(tester.email)).toHaveLength(1);
  });
});
