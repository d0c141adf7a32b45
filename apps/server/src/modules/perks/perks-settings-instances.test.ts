import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import { getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { eventually, useTwoApps } from '../../../test/two-apps.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';
import { skillTypes } from '../../core/db/schema.ts';

/**
 * Perks across server instances (decision 064): each instance keeps the skill tree in memory (on a
 * clock that never moves here, so no minute of keeping runs out), and a perk saved through one
 * instance is served by the other as soon as the save's notice, sent at its commit, reaches it. On
 * PostgreSQL (TEST_DATABASE_URL) each instance has its own pool and listening connection; on
 * PGlite, which serves one process, both share the handle.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const { db, apps } = useTwoApps({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY }, clock });

/** The perk's name in the grid (GetSkills), one call. */
async function shownName(app: FastifyInstance, cookie: string, skillTypeId: number) {
  const grid = (await getWith(app, '/api/skill/Getskills', { cookie, headers: OUR_PAGE })).json() as {
    testerSkillTypes: { skillTypeID: number; name: string }[];
  };
  return grid.testerSkillTypes.find((type) => type.skillTypeID === skillTypeId)?.name;
}

/**
 * What a tester is shown on one instance: the perk's name in the grid and its levels' coin costs,
 * two calls. A notice that lands between them drops the tree in between (the name read before it,
 * the costs after): the name is read again after the costs, and a pair with the notice between is
 * read afresh, so that each answer here is one tree as the instance held it.
 */
async function shown(app: FastifyInstance, cookie: string, skillTypeId: number) {
  for (;;) {
    const name = await shownName(app, cookie, skillTypeId);
    const detail = (await postJson(app, '/api/skill/GetDetailInfo', skillTypeId, { cookie, headers: OUR_PAGE })).json() as {
      skills: { requireCoins: number }[];
    };
    if ((await shownName(app, cookie, skillTypeId)) === name) return { name, costs: detail.skills.map((skill) => skill.requireCoins) };
  }
}

describe('two server instances on one database', () => {
  it('each keeps the skill tree, and serves a perk saved through the other once its notice arrives, name and costs together', async () => {
    const [one, two] = apps();
    const { cookie } = await createLoggedInTester(db(), { coins: 1000 });
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const staffCookie = await staffCookieFor(db(), staff.id);
    const { perks } = (await getWith(one, '/api/staff/content/Perks', { cookie: staffCookie })).json() as PerksSettingsResponse;
    const bird = perks.find((perk) => perk.name === 'Early Bird')!;
    const before = { name: 'Early Bird', costs: [50, 200, 400] };
    expect(await shown(one, cookie, bird.skillTypeId)).toEqual(before);
    expect(await shown(two, cookie, bird.skillTypeId)).toEqual(before);

    // A change behind their backs (no notice) is not seen: both keep what they read.
    await db().update(skillTypes).set({ name: 'Written by hand' }).where(eq(skillTypes.id, bird.skillTypeId));
    expect(await shown(two, cookie, bird.skillTypeId)).toEqual(before);

    const saved = await postJson(
      one,
      '/api/staff/content/SavePerk',
      {
        version: bird.version,
        skillTypeId: bird.skillTypeId,
        name: 'Early Riser',
        description: bird.description,
        levels: bird.levels.map(({ level, ...row }) => ({ ...row, requireCoins: row.requireCoins + level })),
      },
      { cookie: staffCookie },
    );
    expect(saved.json()).toMatchObject({ status: 'succeed' });
    const after = { name: 'Early Riser', costs: [51, 202, 403] };

    // The saving instance dropped its tree at the commit; the other drops it when the notice comes,
    // answering the old tree whole until then, never a mix.
    expect(await shown(one, cookie, bird.skillTypeId)).toEqual(after);
    const seen: unknown[] = [];
    expect(
      await eventually(async () => {
        const now = await shown(two, cookie, bird.skillTypeId);
        seen.push(now);
        return now.name === after.name;
      }),
    ).toBe(true);
    for (const answer of seen.slice(0, -1)) expect(answer).toEqual(before);
    expect(seen.at(-1)).toEqual(after);

    // An upgrade on the other instance pays the saved cost.
    const upgrade = await postJson(two, '/api/skill/SkillUp', bird.skillTypeId, { cookie, headers: OUR_PAGE });
    expect(upgrade.json()).toMatchObject({ status: 'succeed', level: 1 });
    const balance = (await getWith(one, '/api/event/GetEventCount', { cookie, headers: OUR_PAGE })).json() as { currentCoins: number };
    expect(balance.currentCoins).toBe(1000 - 51);
  });
});
