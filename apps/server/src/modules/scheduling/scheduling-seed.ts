import type { Executor } from '../../core/db/client.ts';
import { wallClockToInstant } from '@testerhub/shared/wall-clock';
import { createSchedulingRepository, type NewGroup } from './scheduling-repository.ts';

/**
 * Demo session groups (decision 022), relative to the day the seed runs, at local hours of each
 * site's zone: 24101 (Chicago) has an open group, a one-seat group and a closed one; 24102 two
 * Dallas groups; 24103 a pick-up group; 24105 a three-day group; 24106 a virtual group. The demo
 * tester (demotester1) is booked in 24101's first group.
 */

const DAY_MS = 24 * 3600_000;
const CHICAGO = 'America/Chicago';

/** `days` after `today`, at `hour`:`minute` on the zone's wall clock, as a UTC instant. */
export function localTime(today: Date, days: number, hour: number, minute = 0, zone = CHICAGO): Date {
  const day = new Date(today.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  return wallClockToInstant(day, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, zone);
}

const minutes = (start: Date, length: number) => ({ startsAt: start, endsAt: new Date(start.getTime() + length * 60_000) });

export async function seedDemoSchedule(tx: Executor, today: Date, demoTesterId: string | null): Promise<void> {
  const repository = createSchedulingRepository(tx);
  const group = (values: Omit<NewGroup, 'id'>, sessions: { startsAt: Date; endsAt: Date }[]) =>
    repository.insertGroup(
      values,
      sessions.map((session, index) => ({ ...session, testerDay: index + 1 })),
    );
  const chicago = { siteId: '00001', kind: 'inPerson' } as const;
  const cereal = { ...chicago, studyNo: 24101, color: 'Blue', coOpCostCents: 6000 };

  const cerealMorning = await group({ ...cereal, cell: 'A', seats: 6 }, [minutes(localTime(today, 5, 10), 90)]);
  await group({ ...cereal, cell: 'B', seats: 1 }, [minutes(localTime(today, 5, 14), 90)]);
  await group({ ...cereal, cell: 'C', seats: 6, status: 'Closed' }, [minutes(localTime(today, 6, 10), 90)]);
  await group({ ...cereal, cell: 'D', seats: 6 }, [minutes(localTime(today, 7, 17, 30), 90)]);

  const dallas = { siteId: '00002', kind: 'inPerson', studyNo: 24102, color: 'Green', coOpCostCents: 9000 } as const;
  await group({ ...dallas, cell: 'A', seats: 8 }, [minutes(localTime(today, 6, 9, 0, 'America/Chicago'), 120)]);
  await group({ ...dallas, cell: 'B', seats: 8 }, [minutes(localTime(today, 6, 13, 0, 'America/Chicago'), 120)]);

  await group(
    {
      ...chicago,
      studyNo: 24103,
      kind: 'pickUp',
      pickUpAt: localTime(today, 4, 16),
      videoLink: 'https://video.testerhub.example/room/24103-a',
      color: 'Orange',
      cell: 'P',
      coOpCostCents: 7500,
      seats: 10,
    },
    [minutes(localTime(today, 18, 18), 30)],
  );

  await group({ ...chicago, studyNo: 24105, color: 'Red', cell: 'M', coOpCostCents: 15000, seats: 8 }, [
    minutes(localTime(today, 8, 18), 90),
    minutes(localTime(today, 9, 18), 90),
    minutes(localTime(today, 10, 18), 90),
  ]);

  await group(
    {
      studyNo: 24106,
      siteId: null,
      kind: 'virtual',
      videoLink: 'https://video.testerhub.example/room/24106-a',
      color: 'Teal',
      cell: 'V',
      coOpCostCents: 4000,
      seats: 12,
    },
    [minutes(localTime(today, 7, 19), 45)],
  );

  if (!demoTesterId) return;
  await repository.takeSeat(cerealMorning.id);
  const first = cerealMorning.sessions[0]!;
  await repository.insertBooking({
    testerId: demoTesterId,
    studyNo: 24101,
    groupId: cerealMorning.id,
    startsAt: first.startsAt,
    endsAt: first.endsAt,
    status: 'booked',
    createdAt: today,
  });
}

/**
 * A session the demo tester attended six weeks before the seed (a closed group of 24102 at Dallas),
 * so that the demo account may register children online (decision 028).
 */
export async function seedDemoAttendance(tx: Executor, today: Date, testerId: string): Promise<void> {
  const repository = createSchedulingRepository(tx);
  const past = await repository.insertGroup(
    { studyNo: 24102, siteId: '00002', kind: 'inPerson', color: 'Green', cell: 'Z', coOpCostCents: 9000, seats: 8, status: 'Closed' },
    [{ ...minutes(localTime(today, -42, 10), 120), testerDay: 1 }],
  );
  const session = past.sessions[0]!;
  await repository.insertBooking({
    testerId,
    studyNo: 24102,
    groupId: past.id,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    status: 'attended',
    createdAt: new Date(session.startsAt.getTime() - 7 * DAY_MS),
  });
}

/** Two Chicago groups of the kid study 24104 (decision 029): a parent can book a screened child. */
export async function seedDemoKidSessions(tx: Executor, today: Date): Promise<void> {
  const repository = createSchedulingRepository(tx);
  const kids = { siteId: '00001', kind: 'inPerson', studyNo: 24104, color: 'Purple', coOpCostCents: 5000, seats: 6 } as const;
  await repository.insertGroup({ ...kids, cell: 'A' }, [{ ...minutes(localTime(today, 8, 16), 60), testerDay: 1 }]);
  await repository.insertGroup({ ...kids, cell: 'B' }, [{ ...minutes(localTime(today, 9, 10), 60), testerDay: 1 }]);
}
