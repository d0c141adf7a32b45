import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffAvatar, StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import { LOYALTY_SETTINGS_TEXTS, type LevelsResponse } from '@testerhub/shared/loyalty-settings-schemas';
import type { PerkSettingsView, PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import { expectFieldError, getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { avatars, levels, skillLevels, testers } from '../../core/db/schema.ts';

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
const SIX = [0, 200, 400, 1000, 1100, 1150];

/** The perk named `name` as staff read it. */
const perkNamed = async (cookie: string, name: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Perks', { cookie });
  return (answer.json() as PerksSettingsResponse).perks.find((perk) => perk.name === name)!;
};
/** Saves the perk with its level `index` needing tester level `requireLevel`. */
const savePerkLevel = (cookie: string, perk: PerkSettingsView, index: number, requireLevel: number) =>
  postJson(
    testApp.app,
    '/api/staff/content/SavePerk',
    {
      version: perk.version,
      skillTypeId: perk.skillTypeId,
      name: perk.name,
      description: perk.description,
      levels: perk.levels.map(({ level: _level, ...row }, at) => (at === index ? { ...row, requireLevel } : row)),
    },
    { cookie },
  );
const pictureNamed = async (cookie: string, fileName: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Avatars', { cookie });
  return (answer.json() as StaffAvatarsResponse).avatars.find((row) => row.fileName === fileName)!;
};
const savePicture = (cookie: string, avatar: StaffAvatar, changes: Partial<Pick<StaffAvatar, 'requireLevel' | 'hidden'>>) =>
  postJson(
    testApp.app,
    '/api/staff/content/SaveAvatar',
    { imageId: avatar.imageId, version: avatar.version, requireLevel: avatar.requireLevel, hidden: avatar.hidden, ...changes },
    { cookie },
  );
/** The highest level any perk level or shown picture needs, and the levels table's top level. */
async function neededAndTop() {
  const perkNeeds = await db().select({ level: skillLevels.requireLevel }).from(skillLevels);
  const pictureNeeds = await db().select({ level: avatars.requireLevel }).from(avatars).where(eq(avatars.hidden, false));
  const stored = await db().select({ level: levels.level }).from(levels);
  return {
    needed: Math.max(...perkNeeds.map((row) => row.level), ...pictureNeeds.map((row) => row.level)),
    top: Math.max(...stored.map((row) => row.level)),
  };
}

describe('the levels in the staff console', () => {
  it('are read in order, saved whole and audited; every tester moves to the level their experience reaches, and sees the new next level', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await read(cookie);
    expect(before.levels.map((row) => row.expRequired)).toEqual(DEMO);
    expect(before.levels.map((row) => row.level)).toEqual(DEMO.map((_, index) => index + 1));
    const middle = await createLoggedInTester(db(), { exp: 300, level: 3 });
    const high = await createLoggedInTester(db(), { exp: 1200, level: 5 });
    expect(await nextLevel(middle.cookie)).toEqual({ status: 'succeed', exp: 300, nextLevelExp: 500, remainExp: 200 });

    // Six levels: the demo perks need level 6 (decision 071 refuses fewer).
    const answer = await save(cookie, before.version, SIX);
    expect(answer.json()).toEqual({ status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.levelsSaved });
    const after = await read(cookie);
    expect(after).toEqual({
      status: 'succeed',
      version: before.version + 1,
      levels: SIX.map((expRequired, index) => ({ level: index + 1, expRequired })),
    });
    expect(await levelsOf([middle.tester.id, high.tester.id])).toEqual({ [middle.tester.id]: 2, [high.tester.id]: 6 });
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
    // Save n: level 2 at 100 + n, level 3 at 700 + n, levels 4 to 6 from 5000 + n.
    const setOf = (n: number) => [0, 100 + n, 700 + n, 5000 + n, 6000 + n, 7000 + n];
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

  it('refuse to remove a level a perk level or a shown picture needs, naming them, and writing nothing; a hidden picture does not hold a level (decision 071)', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await read(cookie);
    // The demo perks need up to level 6: Lucky Spinner and Bargain Hunter's third levels.
    expect((await save(cookie, before.version, DEMO.slice(0, 5))).json()).toEqual({
      status: 'failed',
      message: 'Lucky Spinner level 3 and Bargain Hunter level 3 need level 6: lower them first.',
    });
    const bird = await perkNamed(cookie, 'Early Bird');
    expect((await savePerkLevel(cookie, bird, 2, 10)).json().status).toBe('succeed');
    const five = await pictureNamed(cookie, 'avatar-05.svg');
    expect((await savePicture(cookie, five, { requireLevel: 10 })).json().status).toBe('succeed');
    expect((await save(cookie, before.version, DEMO.slice(0, 9))).json()).toEqual({
      status: 'failed',
      message: LOYALTY_SETTINGS_TEXTS.levelsNeeded([
        { what: 'Early Bird level 3', level: 10 },
        { what: 'picture avatar-05', level: 10 },
      ]),
    });
    expect(
      LOYALTY_SETTINGS_TEXTS.levelsNeeded([
        { what: 'Early Bird level 3', level: 10 },
        { what: 'picture avatar-05', level: 10 },
      ]),
    ).toBe('Early Bird level 3 and picture avatar-05 need level 10: lower them first.');
    expect(await read(cookie)).toEqual(before);
    expect(await auditRows(staff.id)).toHaveLength(0);

    // Hidden, the picture is offered to nobody: it no longer holds level 10; the perk still does.
    const hiddenFive = await pictureNamed(cookie, 'avatar-05.svg');
    expect((await savePicture(cookie, hiddenFive, { hidden: true })).json().status).toBe('succeed');
    expect((await save(cookie, before.version, DEMO.slice(0, 9))).json()).toEqual({
      status: 'failed',
      message: 'Early Bird level 3 needs level 10: lower them first.',
    });
    const lowered = await perkNamed(cookie, 'Early Bird');
    expect((await savePerkLevel(cookie, lowered, 2, 5)).json().status).toBe('succeed');
    expect((await save(cookie, before.version, DEMO.slice(0, 9))).json().status).toBe('succeed');
    expect((await read(cookie)).levels).toHaveLength(9);

    // Put back the demo levels, the perk and the picture.
    expect((await save(cookie, before.version + 1, DEMO)).json().status).toBe('succeed');
    const shown = await pictureNamed(cookie, 'avatar-05.svg');
    expect((await savePicture(cookie, shown, { hidden: false, requireLevel: 4 })).json().status).toBe('succeed');
  });

  it('a levels save removing level 10 racing a perk save and a picture save that need level 10 ends consistent: one side refused (decision 071)', async () => {
    const { cookie } = await contentStaff();
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const start = await read(cookie);
      const bird = await perkNamed(cookie, 'Early Bird');
      const five = await pictureNamed(cookie, 'avatar-05.svg');
      const racers = [
        () => save(cookie, start.version, DEMO.slice(0, 9)),
        () => savePerkLevel(cookie, bird, 2, 10),
        () => savePicture(cookie, five, { requireLevel: 10 }),
      ];
      // Each round starts a different one first.
      const order = [...racers.slice(round % 3), ...racers.slice(0, round % 3)];
      const answers = await Promise.all(order.map((run) => run()));
      const [levelsSaved, perkSaved, pictureSaved] = [0, 1, 2].map(
        (index) => answers[(index - (round % 3) + 3) % 3]!.json().status === 'succeed',
      );
      outcomes.add(`${levelsSaved}:${perkSaved}:${pictureSaved}`);
      const { needed, top } = await neededAndTop();
      expect(needed).toBeLessThanOrEqual(top);
      expect(top).toBe(levelsSaved ? 9 : 10);
      // The levels save wins only when both others were refused; it loses only to one that saved.
      expect(levelsSaved).toBe(!perkSaved && !pictureSaved);

      // Back to the demo: ten levels, the perk and the picture as they were.
      const now = await read(cookie);
      if (now.levels.length !== 10) expect((await save(cookie, now.version, DEMO)).json().status).toBe('succeed');
      expect((await savePerkLevel(cookie, await perkNamed(cookie, 'Early Bird'), 2, 5)).json().status).toBe('succeed');
      const back = await pictureNamed(cookie, 'avatar-05.svg');
      expect((await savePicture(cookie, back, { requireLevel: 4 })).json().status).toBe('succeed');
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });
});
