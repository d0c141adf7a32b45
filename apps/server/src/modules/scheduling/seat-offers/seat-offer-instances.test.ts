import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { runJobOnEveryInstance, useInstanceDatabases } from '../../../../test/job-instances.ts';
import { mailsTo, schedulingWithMail } from '../../../../test/schedule-mail-helpers.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../../core/clock.ts';
import { bookings, seatOffers, sessionGroups, studyWaitingList } from '../../../core/db/schema.ts';
import { SEAT_OFFER_EXPIRY_QUEUE } from '../scheduling-service.ts';

/**
 * Waitlist promotion under concurrency (decision 031): a cancel racing with bookings of its group
 * never gives more bookings plus held seats than seats, and two server instances on one PostgreSQL
 * (TEST_DATABASE_URL; one instance on PGlite) expiring offers together offer and e-mail each freed
 * seat once, called directly and through the job queue.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const { db, handles, instances: instancesAt } = useInstanceDatabases();
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);
const instances = () => instancesAt({ now: NOW, clock });

/** The group's seats and what fills them, counted from the rows as well as from the counters. */
async function seatState(groupId: number) {
  const [group] = await db().select().from(sessionGroups).where(eq(sessionGroups.id, groupId));
  const [{ live }] = (await db()
    .select({ live: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.groupId, groupId), eq(bookings.status, 'booked')))) as [{ live: number }];
  const [{ holds }] = (await db()
    .select({ holds: sql<number>`count(*)::int` })
    .from(seatOffers)
    .where(and(eq(seatOffers.groupId, groupId), eq(seatOffers.status, 'offered')))) as [{ holds: number }];
  return { seats: group!.seats, taken: group!.taken, held: group!.held, live, holds };
}

/** A group of `seats` seats filled by its own testers, with `waiting` testers on its Notify me list, a minute apart. */
async function fullGroup(seats: number, waiting: number) {
  clock.set(NOW);
  const study = await createStudy(db(), { studyBasicInfo: 'Juice panel' });
  const group = await createSessionGroup(db(), { studyNo: study.studyNo, seats, sessions: [{ startsAt: at(72), endsAt: at(74) }] });
  const [scheduling] = instances();
  const holders = [];
  for (let index = 0; index < seats; index += 1) {
    const holder = await createTester(db());
    expect((await scheduling!.book({ testerId: holder.id, groupId: group.publicId })).status).toBe('succeed');
    holders.push(holder);
  }
  const waiters = [];
  for (let index = 0; index < waiting; index += 1) {
    const waiter = await createTester(db());
    await db()
      .insert(studyWaitingList)
      .values({ studyNo: study.studyNo, testerId: waiter.id, reason: 'notify', groupIds: [group.id], addedAt: clock.now() });
    waiters.push(waiter);
    clock.advance(MINUTE_MS);
  }
  return { study, group, holders, waiters };
}

describe('seat offers under concurrency', () => {
  it('a cancel racing with simultaneous bookings of its group never over-fills it; the offered tester then wins the held seat', async () => {
    const { study, group, holders, waiters } = await fullGroup(2, 2);
    const racers = await Promise.all(Array.from({ length: 6 }, () => createTester(db())));
    const [one, two] = instances() as [ReturnType<typeof instances>[0], ReturnType<typeof instances>[0]];
    const results = await Promise.all([
      one.cancel(holders[0]!.id, [study.studyNo]),
      ...racers.map((racer, index) => (index % 2 ? one : two).book({ testerId: racer.id, groupId: group.publicId })),
    ]);
    expect((results[0] as { status: string }).status).toBe('succeed');
    // The freed seat is held in the cancel's own transaction: no racer ever sees it free.
    expect(results.slice(1).map((result) => (result as { status: string }).status)).toEqual(racers.map(() => 'notAvailable'));
    expect(await seatState(group.id)).toEqual({ seats: 2, taken: 1, held: 1, live: 1, holds: 1 });

    const late = await Promise.all(Array.from({ length: 4 }, () => createTester(db())));
    const second = await Promise.all([
      two.book({ testerId: waiters[0]!.id, groupId: group.publicId }),
      ...late.map((racer, index) => (index % 2 ? one : two).book({ testerId: racer.id, groupId: group.publicId })),
    ]);
    expect(second.map((result) => result.status)).toEqual(['succeed', ...late.map(() => 'notAvailable')]);
    expect(await seatState(group.id)).toEqual({ seats: 2, taken: 2, held: 0, live: 2, holds: 0 });
  });

  it('two instances expiring offers at once offer and e-mail each freed seat once', async () => {
    const groups = [];
    for (let index = 0; index < 4; index += 1) groups.push(await fullGroup(1, 2));
    const [one, two] = instances() as [ReturnType<typeof instances>[0], ReturnType<typeof instances>[0]];
    for (const { study, holders } of groups) expect((await one.cancel(holders[0]!.id, [study.studyNo])).status).toBe('succeed');
    clock.advance(12 * HOUR_MS);

    const made = await Promise.all([one.expireSeatOffers(), two.expireSeatOffers(), one.expireSeatOffers(), two.expireSeatOffers()]);
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(groups.length);
    for (const { group, waiters } of groups) {
      const offers = await db().select().from(seatOffers).where(eq(seatOffers.groupId, group.id)).orderBy(seatOffers.id);
      expect(offers.map((offer) => [offer.testerId, offer.status])).toEqual([
        [waiters[0]!.id, 'expired'],
        [waiters[1]!.id, 'offered'],
      ]);
      expect(await mailsTo(db(), waiters[1]!.email, 'seat-offer')).toHaveLength(1);
      expect(await seatState(group.id)).toEqual({ seats: 1, taken: 0, held: 1, live: 0, holds: 1 });
    }
  });

  it('the job queue’s expiry jobs on two instances offer and e-mail each freed seat once', { timeout: 60_000 }, async () => {
    const { study, group, holders, waiters } = await fullGroup(1, 2);
    expect((await instances()[0]!.cancel(holders[0]!.id, [study.studyNo])).status).toBe('succeed');
    clock.advance(12 * HOUR_MS);
    await runJobOnEveryInstance(handles(), SEAT_OFFER_EXPIRY_QUEUE, (handle) =>
      schedulingWithMail(handle.db, { now: NOW, clock }).scheduling.expireSeatOffers(),
    );
    expect(await mailsTo(db(), waiters[1]!.email, 'seat-offer')).toHaveLength(1);
    expect(await seatState(group.id)).toEqual({ seats: 1, taken: 0, held: 1, live: 0, holds: 1 });
  });
});
