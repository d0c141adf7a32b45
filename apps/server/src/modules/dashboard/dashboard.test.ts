import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@testerhub/shared/dashboard-schemas';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { createBooking, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * The staff dashboard (decision 058) on a fake clock years after the seed's data: Wednesday
 * 12 March 2031, 10:00 in Chicago, so this week starts Monday 10 March.
 */
const NOW = new Date('2031-03-12T15:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY }, clock });
const db = () => testApp.database.db;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR_MS);

async function dashboard(): Promise<DashboardResponse> {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  const cookie = await staffCookieFor(db(), staff.id, { lastSeenAt: NOW, expiresAt: at(12) });
  const answer = await testApp.app.inject({ method: 'GET', url: '/api/staff/Dashboard', headers: { cookie } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('GET /api/staff/Dashboard', () => {
  it('shows each site’s sessions of today with their check-ins, and none of other days', async () => {
    const study = await createStudy(db(), { studyBasicInfo: 'Morning cereal taste test', opensAt: at(-240) });
    const today = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      siteId: '00001',
      seats: 4,
      taken: 1,
      sessions: [{ startsAt: at(1), endsAt: at(3) }],
    });
    for (const status of ['attended', 'attended', 'noShow', 'booked'] as const) {
      const tester = await createTester(db());
      await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: today.id, startsAt: at(1), endsAt: at(3), status });
    }
    // Tomorrow in Chicago (00:30 on 13 March) and today in New York.
    await createSessionGroup(db(), { studyNo: study.studyNo, siteId: '00001', sessions: [{ startsAt: at(14.5), endsAt: at(16) }] });
    await createSessionGroup(db(), { studyNo: study.studyNo, siteId: '00003', sessions: [{ startsAt: at(-2), endsAt: at(-1) }] });

    const figures = await dashboard();
    const chicago = figures.sites.find((site) => site.siteId === '00001')!;
    expect(chicago.day).toBe('2031-03-12');
    expect(chicago.sessions).toEqual([
      expect.objectContaining({
        studyNo: study.studyNo,
        studyName: 'Morning cereal taste test',
        kind: 'inPerson',
        startsAt: at(1).toISOString(),
        seats: 4,
        booked: 1,
        attended: 2,
        noShow: 1,
      }),
    ]);
    expect(figures.sites.find((site) => site.siteId === '00003')!.sessions).toHaveLength(1);
    // Every site is listed, even on a day without sessions.
    expect(figures.sites.find((site) => site.siteId === '00004')!.sessions).toEqual([]);
  });

  it('lists open studies filling, fullest first, leaving out closed studies and past or closed groups', async () => {
    const half = await createStudy(db(), { studyBasicInfo: 'Half full', opensAt: at(-240) });
    const most = await createStudy(db(), { studyBasicInfo: 'Nearly full', opensAt: at(-240) });
    const closed = await createStudy(db(), { studyBasicInfo: 'Closed study', opensAt: at(-240), closesAt: at(-1) });
    const soon = [{ startsAt: at(48), endsAt: at(50) }];
    await createSessionGroup(db(), { studyNo: half.studyNo, seats: 6, taken: 3, sessions: soon });
    await createSessionGroup(db(), { studyNo: half.studyNo, seats: 4, taken: 2, sessions: soon });
    await createSessionGroup(db(), { studyNo: half.studyNo, seats: 10, taken: 0, status: 'Closed', sessions: soon });
    await createSessionGroup(db(), { studyNo: half.studyNo, seats: 10, taken: 0, sessions: [{ startsAt: at(-48), endsAt: at(-46) }] });
    await createSessionGroup(db(), { studyNo: most.studyNo, seats: 10, taken: 9, sessions: soon });
    await createSessionGroup(db(), { studyNo: closed.studyNo, seats: 10, taken: 1, sessions: soon });

    const filling = (await dashboard()).studiesFilling;
    const mine = filling.filter((row) => [half.studyNo, most.studyNo, closed.studyNo].includes(row.studyNo));
    expect(mine).toEqual([
      { studyNo: most.studyNo, studyName: 'Nearly full', seats: 10, taken: 9, percent: 90 },
      { studyNo: half.studyNo, studyName: 'Half full', seats: 10, taken: 5, percent: 50 },
    ]);
  });

  it('counts sign-ups and the no-show rate by the company’s weeks, twelve of them, the current one last', async () => {
    const before = await dashboard();
    for (const createdAt of [at(-1), at(-40), new Date('2031-02-20T18:00:00Z'), new Date('2030-10-01T12:00:00Z')])
      await createTester(db(), { createdAt });
    const study = await createStudy(db());
    // Last week (3 to 9 March): three attended and one no-show; a cancelled booking counts for nothing.
    for (const status of ['attended', 'attended', 'attended', 'noShow', 'cancelled'] as const) {
      const tester = await createTester(db(), { createdAt: new Date('2029-01-01T00:00:00Z') });
      await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, startsAt: at(-7 * 24), endsAt: at(-7 * 24 + 2), status });
    }

    const figures = await dashboard();
    expect(figures.timeZone).toBe('America/Chicago');
    expect(figures.signUps).toHaveLength(12);
    expect(figures.signUps.at(-1)!.weekStart).toBe('2031-03-10');
    expect(figures.signUps[0]!.weekStart).toBe('2030-12-23');
    const added = (week: string) =>
      figures.signUps.find((row) => row.weekStart === week)!.count - before.signUps.find((row) => row.weekStart === week)!.count;
    expect(added('2031-03-10')).toBe(2);
    expect(added('2031-02-17')).toBe(1);
    expect(figures.signUps.reduce((sum, row) => sum + row.count, 0) - before.signUps.reduce((sum, row) => sum + row.count, 0)).toBe(3);
    expect(figures.noShows.find((row) => row.weekStart === '2031-03-03')).toEqual({
      weekStart: '2031-03-03',
      attended: 3 + (before.noShows.find((row) => row.weekStart === '2031-03-03')?.attended ?? 0),
      noShow: 1,
      percent: 25,
    });
    // This week holds only the other tests' bookings; a week without ended bookings has no rate.
    expect(figures.noShows.at(-1)).toEqual(before.noShows.at(-1));
    expect(figures.noShows[0]).toEqual({ weekStart: '2030-12-23', attended: 0, noShow: 0, percent: null });
  });
});
