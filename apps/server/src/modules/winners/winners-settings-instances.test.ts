import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DailyRewardList } from '@testerhub/shared/daily-bonus-schemas';
import type { EventCount } from '@testerhub/shared/winners-schemas';
import type { DailyCalendarResponse, LevelsResponse, WheelAndDrawingResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { eventually, useTwoApps } from '../../../test/two-apps.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';
import { eventSettings, levels } from '../../core/db/schema.ts';

/**
 * Loyalty settings across server instances (decision 056): each instance keeps the calendar, the
 * figures and the odds, and the level table in memory (on a clock that never moves here, so no minute of keeping runs
 * out), and a save through one instance is served by the other as soon as the save's notice,
 * sent at its commit, reaches it: the next request after it, milliseconds later. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own connection pool and listening connection; on
 * PGlite, which serves one process, both share the handle.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const { db, apps } = useTwoApps({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY }, clock });

const testerGet = async <T>(app: FastifyInstance, url: string, cookie: string) => {
  const answer = await getWith(app, url, { cookie, headers: OUR_PAGE });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
};
/** What a tester is shown on one instance: the spin's cost, the odds, day 1's coins and the experience level 2 needs. */
async function shown(app: FastifyInstance, cookie: string) {
  const [count, list, next] = await Promise.all([
    testerGet<EventCount>(app, '/api/event/GetEventCount', cookie),
    testerGet<DailyRewardList>(app, '/api/reward/GetDailyRewardList', cookie),
    testerGet<{ nextLevelExp: number | 'Max' }>(app, '/api/profile/GetNextLevelEXP', cookie),
  ]);
  return { spinCost: count.coins, segments: count.winningRate.length, day1: list.rewards[0]?.coins, level2: next.nextLevelExp };
}

describe('two server instances on one database', () => {
  it('each keeps the settings, and serves a wheel, a calendar and levels saved through the other once its notice arrives', async () => {
    const [one, two] = apps();
    const { cookie } = await createLoggedInTester(db(), { coins: 1000 });
    const before = { spinCost: 50, segments: 9, day1: 10, level2: 100 };
    expect(await shown(one, cookie)).toEqual(before);
    expect(await shown(two, cookie)).toEqual(before);

    // A change behind their backs (no notice) is not seen: both keep what they read.
    await db().update(eventSettings).set({ spinCost: 60 }).where(eq(eventSettings.id, 1));
    await db().update(levels).set({ expRequired: 90 }).where(eq(levels.level, 2));
    expect(await shown(one, cookie)).toEqual(before);
    expect(await shown(two, cookie)).toEqual(before);

    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const staffCookie = await staffCookieFor(db(), staff.id);
    const { wheel } = (await getWith(one, '/api/staff/content/WheelAndDrawing', { cookie: staffCookie })).json() as WheelAndDrawingResponse;
    const savedWheel = await postJson(
      one,
      '/api/staff/content/SaveWheel',
      {
        version: wheel.version,
        spinCost: 70,
        spinsPerWeek: 3,
        segments: [
          { coins: 7, percent: 100 },
          { coins: 0, percent: 0 },
        ],
      },
      { cookie: staffCookie },
    );
    expect(savedWheel.json()).toMatchObject({ status: 'succeed' });
    const calendar = (await getWith(one, '/api/staff/content/DailyCalendar', { cookie: staffCookie })).json() as DailyCalendarResponse;
    const savedCalendar = await postJson(
      one,
      '/api/staff/content/SaveDailyCalendar',
      { version: calendar.version, days: calendar.days.map((day) => (day.day === 1 ? { ...day, coins: 42 } : day)) },
      { cookie: staffCookie },
    );
    expect(savedCalendar.json()).toMatchObject({ status: 'succeed' });
    const { version } = (await getWith(one, '/api/staff/content/Levels', { cookie: staffCookie })).json() as LevelsResponse;
    const savedLevels = await postJson(
      one,
      '/api/staff/content/SaveLevels',
      { version, levels: [0, 150, 250, 500, 1000, 2000, 3500, 5000, 7500, 10000].map((expRequired) => ({ expRequired })) },
      { cookie: staffCookie },
    );
    expect(savedLevels.json()).toMatchObject({ status: 'succeed' });
    const after = { spinCost: 70, segments: 2, day1: 42, level2: 150 };

    // The saving instance dropped its copies at the commit: its very next request has the new settings.
    expect(await shown(one, cookie)).toEqual(after);
    // The other drops them when the notice comes; until then it answers the old set whole, never a mix.
    const seen: unknown[] = [];
    expect(
      await eventually(async () => {
        const now = await shown(two, cookie);
        seen.push(now);
        return now.spinCost === 70 && now.day1 === 42 && now.level2 === 150;
      }),
    ).toBe(true);
    // The three saves' notices may come one by one; the wheel's cost and odds always come together.
    for (const answer of seen.slice(0, -1)) {
      const { spinCost, segments } = answer as typeof after;
      expect([`${before.spinCost}:${before.segments}`, `${after.spinCost}:${after.segments}`]).toContain(`${spinCost}:${segments}`);
    }
    expect(seen.at(-1)).toEqual(after);

    // A spin on the other instance pays the saved odds at the saved cost.
    const spin = await testerGet<{ status: string; reward: number; count: number }>(two, '/api/event/ApplyEvent', cookie);
    expect(spin).toEqual({ status: 'succeed', reward: 7, count: 2 });
    expect(await testerGet<EventCount>(one, '/api/event/GetEventCount', cookie)).toMatchObject({ currentCoins: 1000 - 70 + 7 });
  });
});
