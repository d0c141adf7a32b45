import { describe, expect, it } from 'vitest';
import { createLoggedInTester, createQualifiedScreening, createSessionGroup, createStudy } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { createTesterService } from '../testers/tester-service.ts';

/**
 * What a suspension by the no-show rule does to the portal's calls (decision 046): the nav's
 * GetPKTesterInfo says until when, the study list is empty, and self-schedule answers suspended
 * without booking; the end of the suspension gives all of it back.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const request = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  testApp.app.inject({
    method,
    url,
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('a tester suspended by the no-show rule', () => {
  it('is told until when, sees no study, and cannot self-schedule, until the suspension ends', async () => {
    clock.set(NOW);
    const { tester, cookie } = await createLoggedInTester(db());
    const study = await createStudy(db(), { opensAt: new Date('2025-01-01T00:00:00Z') });
    const other = await createStudy(db(), { opensAt: new Date('2025-01-01T00:00:00Z') });
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: NOW });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      sessions: [{ startsAt: new Date(NOW.getTime() + 72 * HOUR_MS), endsAt: new Date(NOW.getTime() + 74 * HOUR_MS) }],
    });
    const until = new Date('2026-07-15T12:00:00Z');
    const testers = createTesterService(db(), { clock, onTesterChanged: () => undefined });
    expect(await testers.suspend(tester.id, { reason: 'noShows', noShows: 2, startsAt: NOW, endsAt: until })).toBe(true);
    // The session is first read after the suspension, so its cached tester row holds it.
    const fresh = cookie;

    const info = await request('GET', '/api/account/GetPKTesterInfo', fresh);
    expect(info.statusCode).toBe(200);
    expect(info.json().suspendedUntil).toBe(until.toISOString());
    const screeners = await request('GET', '/api/schedule/GetScreeners', fresh);
    expect(screeners.json()).toEqual([]);
    const selfSchedule = await request('POST', '/api/schedule/SelfSchedule', fresh, {
      IsRequest: true,
      groupIDs: [group.publicId],
      pickUpgroupIDs: [],
    });
    expect(selfSchedule.json()).toMatchObject({ status: 'suspended', coins: 0 });
    const selected = await request('POST', '/api/schedule/GetSelectedSchedules', fresh, {});
    expect(selected.json()).toMatchObject({ status: 'suspended', filteredScheduleView: [] });

    clock.set(until);
    expect((await request('GET', '/api/account/GetPKTesterInfo', fresh)).json().suspendedUntil).toBeNull();
    const listed = (await request('GET', '/api/schedule/GetScreeners', fresh)).json() as { screenerStudyNo: number }[];
    expect(listed.map((row) => row.screenerStudyNo)).toContain(other.studyNo);
  });
});
