import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/factories.ts';
import { TEST_SEED_DATE } from '../../../test/database-names.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { testers } from '../../core/db/schema.ts';
import { localTime } from './scheduling-seed.ts';

/** The demo schedule (its own seed run) as the demo tester and the change page see it. */

const clock = createFakeClock(TEST_SEED_DATE);

const testApp = useTestApp({ clock });

const chicagoWallClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso));

describe('localTime', () => {
  it('turns a wall-clock hour of the zone into UTC, on both sides of a daylight-saving change', () => {
    expect(localTime(new Date('2026-01-15T00:00:00Z'), 0, 10).toISOString()).toBe('2026-01-15T16:00:00.000Z');
    expect(localTime(new Date('2026-03-05T00:00:00Z'), 5, 10).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(localTime(new Date('2026-07-01T00:00:00Z'), 0, 9, 30, 'America/Los_Angeles').toISOString()).toBe('2026-07-01T16:30:00.000Z');
  });
});

describe('the demo schedule', () => {
  it('books demotester1 into the cereal study at Chicago, 10:00 AM local, five days after seeding', async () => {
    const [demo] = await testApp.database.db.select().from(testers).where(eq(testers.username, 'demotester1'));
    const cookie = await sessionCookieFor(testApp.database.db, demo!.id);
    const schedule = (await testApp.app.inject({ method: 'GET', url: '/api/schedule/GetCurrentSchedule', headers: { cookie } })).json();
    expect(schedule.scheduleStamps).toHaveLength(1);
    const [stamp] = schedule.scheduleStamps;
    expect(stamp).toMatchObject({ studyNo: 24101, siteID: '00001', timeZone: 'America/Chicago', coOpCost: 60, changeable: true });
    expect(chicagoWallClock(stamp.scheduleStamp)).toBe('10:00 AM');

    const groups = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/schedule/GetScheduledGroupTime',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { studyNo: 24101 },
      })
    ).json();
    expect(groups.map((group: { cell: string; status: string; available: boolean; isCurrent: boolean }) => group)).toMatchObject([
      { cell: 'A', status: 'Open', available: true, isCurrent: true },
      { cell: 'B', status: 'Open', available: true },
      { cell: 'C', status: 'Closed', available: false },
      { cell: 'D', status: 'Open', available: true },
    ]);
  });
});
