import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOYALTY_SETTINGS_TEXTS, type LevelsResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { expectFieldError, getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { levels, testers } from '../../core/db/schema.ts';

/**
 * The levels in the staff console (issue 12 section 6; decision 056): the experience each level
 * needs, read and saved whole by content staff, checked like the form checks them, refused when
 * stale, audited; a save moves every tester to the level their experience reaches, and the
 * testers' next level is read from the new table at once (the ledger's kept copy dropped).
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const contentStaff = () => signedInStaff(db(), ['content']);
const read = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Levels', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as LevelsResponse;
};
const save = (cookie: string, version: number, thresholds: number[]) =>
  postJson(
    testApp.app,
    '/api/staff/content/SaveLevels',
    { version, levels: thresholds.map((expRequired) => ({ expRequired })) },
    { cookie },
  );
const nextLevel = async (cookie: string) =>
  (await getWith(testApp.app, '/api/profile/GetNextLevelEXP', { cookie, headers: OUR_PAGE })).json() as {
    exp: number;
    nextLevelExp: number | 'Max';
    remainExp: number;
  };
const levelsOf = async (ids: string[]) =>
  Object.fromEntries(
    (await db().select({ id: testers.id, level: testers.level }).from(testers).where(inArray(testers.id, ids))).map((row) => [
      row.id,
      row.level,
    ]),
  );
const auditRows = (staffId: string) => auditRowsWhere(db(), { staffId, action: 'loyalty.levels' });
const DEMO = [0, 100, 250, 500, 1000, 2000, 3500, 5000, 7500, 10000];

describe('the levels in the staff console', () => {
  it('are read in order, saved whole and audited; every tester moves to the level their experience reaches, and sees the new next level', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await read(cookie);
    expect(before.levels.map((row) => row.expRequired)).toEqual(DEMO);
    expect(before.levels.map((row) => row.level)).toEqual(DEMO.map((_, index) => index + 1));
    const middle = await createLoggedInTester(db(), { exp: 300, level: 3 });
    const high = await createLoggedInTester(db(), { exp: 1200, level: 5 });
    expect(await nextLevel(middle.cookie)).toEqual({ status: 'succeed', exp: 300, nextLevelExp: 500, remainExp: 200 });

    const answer = await save(cookie, before.version, [0, 200, 400, 1000]);
    expect(answer.json()).toEqual({ status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.levelsSaved });
    const after = await read(cookie);
    expect(after).toEqual({
      status: 'succeed',
      version: before.version + 1,
      levels: [0, 200, 400, 1000].map((expRequired, index) => ({ level: index + 1, expRequired })),
    });
    expect(await levelsOf([middle.tester.id, high.tester.id])).toEqual({ [middle.tester.id]: 2, [high.tester.id]: 4 });
    expect(await nextLevel(middle.cookie)).toEqual({ status: 'succeed', exp: 300, nextLevelExp: 400, remainExp: 100 });
    expect(await nextLevel(high.cookie)).toEqual({ status: 'succeed', exp: 1200, nextLevelExp: 'Max', remainExp: 0 });

    const [audit, ...more] = await auditRows(staff.id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ targetType: 'loyalty-settings', targetId: 'levels' });
    expect(audit!.before).toEqual({ version: before.version, levels: before.levels });
    expect(audit!.after).toMatchObject({ version: after.version, levels: after.levels });

    // Put back the demo levels for the other tests; the testers follow again.
    expect((await save(cookie, after.version, DEMO)).json().status).toBe('succeed');
    expect(await levelsOf([middle.tester.id, high.tester.id])).toEqual({ [middle.tester.id]: 3, [high.tester.id]: 5 });
  });

  it('refuses a level 1 above 0, a level not above the one before, one level, a negative figure and a stale version, writing nothing', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await read(cookie);
    expectFieldError(await save(cookie, before.version, [10, 100, 250]), 'levels.0.expRequired', LOYALTY_SETTINGS_TEXTS.levelOneFree);
    expectFieldError(await save(cookie, before.version, [0, 100, 100]), 'levels.2.expRequired', LOYALTY_SETTINGS_TEXTS.levelsRising);
    expectFieldError(await save(cookie, before.version, [0]), 'levels', LOYALTY_SETTINGS_TEXTS.levelCount);
    expectFieldError(await save(cookie, before.version, [0, -5]), 'levels.1.expRequired', LOYALTY_SETTINGS_TEXTS.notNegative);
    expect((await save(cookie, before.version + 3, [0, 50])).json()).toEqual({ status: 'failed', message: LOYALTY_SETTINGS_TEXTS.stale });
    expect(await read(cookie)).toEqual(before);
    expect(await auditRows(staff.id)).toHaveLength(0);
  });

  it('of 12 simultaneous saves from one version keeps one whole table, with one audit row, and the testers on its levels', async () => {
    const { staff, cookie } = await contentStaff();
    const start = (await read(cookie)).version;
    const tester = await createLoggedInTester(db(), { exp: 600, level: 4 });
    // Save n: level 2 at 100 + n, level 3 at 700 + n, level 4 at 5000 + n.
    const setOf = (n: number) => [0, 100 + n, 700 + n, 5000 + n];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => save(cookie, start, setOf(n))));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'failed')).toHaveLength(11);
    const winner = statuses.indexOf('succeed');
    const stored = await db().select().from(levels).orderBy(levels.level);
    expect(stored).toEqual(setOf(winner).map((expRequired, index) => ({ level: index + 1, expRequired, version: start + 1 })));
    expect(await levelsOf([tester.tester.id])).toEqual({ [tester.tester.id]: 2 });
    expect(await auditRows(staff.id)).toHaveLength(1);
    expect((await save(cookie, start + 1, DEMO)).json().status).toBe('succeed');
  });
});
