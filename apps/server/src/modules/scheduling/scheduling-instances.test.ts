import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, sessionGroups } from '../../core/db/schema.ts';
import { createTesterService } from '../testers/tester-service.ts';
import { createSchedulingService, type SchedulingService } from './scheduling-service.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';

/**
 * Seats across server instances: on PostgreSQL (TEST_DATABASE_URL) each "instance" is a service on
 * its own connection pool to one database; on PGlite, which serves one process, both share the handle.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const { db, perInstance } = useInstanceDatabases();
let instances: SchedulingService[];

beforeAll(() => {
  instances = perInstance((handle) =>
    createSchedulingService(handle, {
      clock,
      testers: createTesterService(handle, { clock, onTesterChanged: () => undefined }),
      listTestSites: async () => [],
      studyNames: async () => new Map(),
      noticeHours: 24,
      checkInSecret: 'check-in-secret-for-tests-only-0123456789',
      ledger: createLedgerService(handle, { clock, onTesterChanged: () => undefined }),
    }),
  );
});

const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);
const takenOf = async (groupId: number) =>
  (await db().select({ taken: sessionGroups.taken }).from(sessionGroups).where(eq(sessionGroups.id, groupId)))[0]!.taken;

describe('two server instances on one database', () => {
  it('give exactly S of 3S simultaneous bookings of a group with S seats', async () => {
    const seats = 5;
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, seats, now: NOW });
    const testers = await Promise.all(Array.from({ length: 3 * seats }, () => createTester(db())));
    const results = await Promise.all(
      testers.map((tester, index) => instances[index % 2]!.book({ testerId: tester.id, groupId: group.publicId })),
    );
    expect(results.filter((result) => result.status === 'succeed')).toHaveLength(seats);
    expect(await takenOf(group.id)).toBe(seats);
    expect(await db().select().from(bookings).where(eq(bookings.groupId, group.id))).toHaveLength(seats);
  });

  it('let changes in opposite directions between two groups all succeed, without a deadlock, and keep the counts', async () => {
    const study = await createStudy(db());
    const sessionsA = [{ startsAt: at(48), endsAt: at(50) }];
    const sessionsB = [{ startsAt: at(72), endsAt: at(74) }];
    const a = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 10, sessions: sessionsA });
    const b = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 10, sessions: sessionsB });
    const inA = await Promise.all(Array.from({ length: 4 }, () => createTester(db())));
    const inB = await Promise.all(Array.from({ length: 4 }, () => createTester(db())));
    for (const tester of inA) await instances[0]!.book({ testerId: tester.id, groupId: a.publicId });
    for (const tester of inB) await instances[1]!.book({ testerId: tester.id, groupId: b.publicId });

    const results = await Promise.all([
      ...inA.map((tester, index) => instances[index % 2]!.change(tester.id, [b.publicId])),
      ...inB.map((tester, index) => instances[(index + 1) % 2]!.change(tester.id, [a.publicId])),
    ]);
    expect(results.map((result) => result.status)).toEqual(Array(8).fill('succeed'));
    expect([await takenOf(a.id), await takenOf(b.id)]).toEqual([4, 4]);
  });
});
