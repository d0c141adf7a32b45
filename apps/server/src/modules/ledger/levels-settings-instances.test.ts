import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { LevelsResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { eventually, useTwoApps } from '../../../test/two-apps.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';

/**
 * A levels save across server instances (decision 071): each instance keeps its sessions' tester
 * rows (decision 011) for SESSION_CACHE_SECONDS, on a clock that never moves here, so a copy never
 * runs out. A levels save through one instance moves testers' levels; the other forgets its whole
 * session cache when the save's notice reaches it, and shows the moved tester's new level from
 * the next request. On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool and listening
 * connection; on PGlite, which serves one process, both share the handle.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const { db, apps } = useTwoApps({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY }, clock });

/** The tester's level as the portal shell's read answers it on one instance: from the session's kept tester row. */
async function levelOn(app: FastifyInstance, cookie: string) {
  const answer = await getWith(app, '/api/account/GetPKTesterInfo', { cookie, headers: OUR_PAGE });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { level: number }).level;
}

const DEMO = [0, 100, 250, 500, 1000, 2000, 3500, 5000, 7500, 10000];

describe('two server instances on one database', () => {
  it('a tester moved by a levels save through one instance shows the new level on the other once the notice arrives', async () => {
    const [one, two] = apps();
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const staffCookie = await staffCookieFor(db(), staff.id);
    // 600 experience: level 4 of the demo table (500).
    const { cookie } = await createLoggedInTester(db(), { exp: 600, level: 4 });
    expect(await levelOn(one, cookie)).toBe(4);
    expect(await levelOn(two, cookie)).toBe(4);

    // Level 4 now needs 700: the tester moves to level 3 on the saving instance at once.
    const { version } = (await getWith(one, '/api/staff/content/Levels', { cookie: staffCookie })).json() as LevelsResponse;
    const moved = DEMO.map((exp, index) => (index === 3 ? 700 : exp));
    const saved = await postJson(
      one,
      '/api/staff/content/SaveLevels',
      { version, levels: moved.map((expRequired) => ({ expRequired })) },
      { cookie: staffCookie },
    );
    expect(saved.json()).toMatchObject({ status: 'succeed' });
    expect(await levelOn(one, cookie)).toBe(3);
    // The other instance's session copy goes with the notice, not after SESSION_CACHE_SECONDS.
    expect(await eventually(async () => (await levelOn(two, cookie)) === 3)).toBe(true);

    // Put the demo levels back; the tester moves back on both.
    const back = (await getWith(one, '/api/staff/content/Levels', { cookie: staffCookie })).json() as LevelsResponse;
    const restored = await postJson(
      one,
      '/api/staff/content/SaveLevels',
      { version: back.version, levels: DEMO.map((expRequired) => ({ expRequired })) },
      { cookie: staffCookie },
    );
    expect(restored.json()).toMatchObject({ status: 'succeed' });
    expect(await eventually(async () => (await levelOn(two, cookie)) === 4)).toBe(true);
  });
});
