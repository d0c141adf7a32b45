import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOYALTY_SETTINGS_TEXTS } from '@testerhub/shared/loyalty-settings-schemas';
import { PERK_SETTINGS_TEXTS, type PerkSettingsView, type PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import { expectFieldError, getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { coinLedger, skillLevels, staffAuditLog, testerSkills } from '../../core/db/schema.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createPerksService, PERK_UPGRADE_REASON } from './perks-service.ts';

/**
 * Perks in the staff console (issue 12 section 6; decision 064): every perk with its levels read
 * by content staff and saved one perk at a time, checked like the form checks it (the effect's
 * bounds by its key, the levels table's top level), refused when stale or when it would take a
 * level from a tester, audited; testers see a save at once, and an upgrade pays the perk as stored
 * when it runs, even when its instance still kept the old tree.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

async function contentStaff() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  return { staff, cookie: await staffCookieFor(db(), staff.id) };
}
const read = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/Perks', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as PerksSettingsResponse;
};
const perkNamed = async (cookie: string, name: string) => (await read(cookie)).perks.find((perk) => perk.name === name)!;
/** The perk as the form would send it back, with `change` applied. */
const bodyOf = (perk: PerkSettingsView, change: Partial<{ name: string; levels: PerkSettingsView['levels'] }> = {}) => ({
  version: perk.version,
  skillTypeId: perk.skillTypeId,
  name: change.name ?? perk.name,
  description: perk.description,
  levels: (change.levels ?? perk.levels).map(({ effect, effectValue, requireLevel, requireCoins, requireConditionsDesc }) => ({
    effect,
    effectValue,
    requireLevel,
    requireCoins,
    requireConditionsDesc,
  })),
});
const save = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/content/SavePerk', body, { cookie });
const withLevel = (perk: PerkSettingsView, index: number, change: Partial<PerkSettingsView['levels'][number]>) =>
  perk.levels.map((row, at) => (at === index ? { ...row, ...change } : row));
const auditRows = (staffId: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.staffId, staffId), eq(staffAuditLog.action, 'loyalty.perk')));
const testerPost = (cookie: string, url: string, payload: unknown) =>
  postJson(testApp.app, url, payload, { cookie, headers: OUR_PAGE }).then((answer) => answer.json());
const upgradeCharges = (testerIds: string[]) =>
  db()
    .select({ testerId: coinLedger.testerId, coins: coinLedger.coins })
    .from(coinLedger)
    .where(and(inArray(coinLedger.testerId, testerIds), eq(coinLedger.reason, PERK_UPGRADE_REASON)));

describe('perks in the staff console', () => {
  it('are read with their levels and versions, saved one whole and audited; testers see the saved figures at once and pay them', async () => {
    const { staff, cookie } = await contentStaff();
    const all = await read(cookie);
    expect(all.highestLevel).toBe(10);
    expect(all.perks.map((perk) => [perk.name, perk.effectKey, perk.version, perk.heldUpTo, perk.levels.length])).toEqual([
      ['Early Bird', 'dailyBonusCoins', 1, 0, 3],
      ['Lucky Spinner', 'extraSpins', 1, 0, 3],
      ['Bargain Hunter', 'drawingDiscount', 1, 0, 3],
    ]);
    const before = all.perks[0]!;
    expect(before.levels[0]).toEqual({
      level: 1,
      effect: '+5 coins from the daily bonus',
      effectValue: 5,
      requireLevel: 1,
      requireCoins: 50,
      requireConditionsDesc: '<p>Reach <strong>level 1</strong>.</p>',
    });
    const tester = await createLoggedInTester(db(), { coins: 1000 });

    const levels = [
      ...withLevel(before, 0, { effect: '+6 coins from the daily bonus', effectValue: 6, requireCoins: 70 }),
      {
        level: 4,
        effect: '+20 coins from the daily bonus',
        effectValue: 20,
        requireLevel: 8,
        requireCoins: 900,
        requireConditionsDesc: '<p>Level 8</p>',
      },
    ];
    const answer = await save(cookie, bodyOf(before, { name: '  Early Riser ', levels }));
    expect(answer.json()).toEqual({ status: 'succeed', message: PERK_SETTINGS_TEXTS.perkSaved('Early Riser') });
    const after = await perkNamed(cookie, 'Early Riser');
    expect(after).toEqual({ ...before, name: 'Early Riser', version: before.version + 1, levels });

    // The tester's tree was dropped at the commit: the next detail shows the saved levels, the upgrade pays them.
    const detail = await testerPost(tester.cookie, '/api/skill/GetDetailInfo', before.skillTypeId);
    expect(detail.skills.map((skill: { requireCoins: number }) => skill.requireCoins)).toEqual([70, 200, 400, 900]);
    expect(await testerPost(tester.cookie, '/api/skill/SkillUp', before.skillTypeId)).toEqual({
      status: 'succeed',
      level: 1,
      effect: '+6 coins from the daily bonus',
    });
    expect(await upgradeCharges([tester.tester.id])).toEqual([{ testerId: tester.tester.id, coins: -70 }]);
    expect((await perkNamed(cookie, 'Early Riser')).heldUpTo).toBe(1);

    const [audit, ...more] = await auditRows(staff.id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ targetType: 'loyalty-settings', targetId: `perk:${before.skillTypeId}` });
    expect(audit!.before).toEqual(before);
    expect(audit!.after).toEqual(after);

    // Put the demo perk back for the other tests.
    expect((await save(cookie, bodyOf(after, { name: before.name, levels: before.levels }))).json().status).toBe('succeed');
  });

  it('refuses figures out of their effect’s bounds, a level that does not exist, no levels, stale or unknown perks, writing nothing', async () => {
    const { staff, cookie } = await contentStaff();
    const spinner = await perkNamed(cookie, 'Lucky Spinner');
    const failed = async (body: unknown, message: string, field?: string) => {
      const answer = await save(cookie, body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ status: 'failed', message, ...(field && { field }) });
    };
    // Extra spins a week: at most the wheel's own allowance (50); the same figure is fine for the drawing's discount.
    await failed(
      bodyOf(spinner, { levels: withLevel(spinner, 2, { effectValue: 51 }) }),
      LOYALTY_SETTINGS_TEXTS.tooHigh(50),
      'levels.2.effectValue',
    );
    await failed(
      bodyOf(spinner, { levels: withLevel(spinner, 0, { requireLevel: 11 }) }),
      PERK_SETTINGS_TEXTS.noSuchLevel(10),
      'levels.0.requireLevel',
    );
    await failed({ ...bodyOf(spinner), version: spinner.version + 5 }, LOYALTY_SETTINGS_TEXTS.stale);
    await failed({ ...bodyOf(spinner), skillTypeId: 999_999 }, PERK_SETTINGS_TEXTS.noSuchPerk, 'skillTypeId');
    // What the route's own check refuses: 400 at the field.
    expectFieldError(await save(cookie, bodyOf(spinner, { levels: [] })), 'levels', PERK_SETTINGS_TEXTS.levelCount);
    expectFieldError(await save(cookie, bodyOf(spinner, { name: '   ' })), 'name', PERK_SETTINGS_TEXTS.nameRequired);
    expectFieldError(
      await save(cookie, bodyOf(spinner, { levels: withLevel(spinner, 1, { requireCoins: 100_001 }) })),
      'levels.1.requireCoins',
      LOYALTY_SETTINGS_TEXTS.tooHigh(100_000),
    );
    expect(await perkNamed(cookie, 'Lucky Spinner')).toEqual(spinner);
    expect(await auditRows(staff.id)).toHaveLength(0);

    const hunter = await perkNamed(cookie, 'Bargain Hunter');
    const taken = await save(cookie, bodyOf(hunter, { levels: withLevel(hunter, 0, { effectValue: 51 }) }));
    expect(taken.json().status).toBe('succeed');
    expect((await save(cookie, bodyOf({ ...hunter, version: hunter.version + 1 }))).json().status).toBe('succeed');
  });

  it('never takes a level a tester holds: fewer levels than the highest held is refused; above it the save removes the rest', async () => {
    const { cookie } = await contentStaff();
    const hunter = await perkNamed(cookie, 'Bargain Hunter');
    const tester = await createLoggedInTester(db(), { coins: 1000, level: 4, exp: 500 });
    for (const level of [1, 2]) expect(await testerPost(tester.cookie, '/api/skill/SkillUp', hunter.skillTypeId)).toMatchObject({ level });
    const one = bodyOf(hunter, { levels: hunter.levels.slice(0, 1) });
    expect((await save(cookie, one)).json()).toEqual({ status: 'failed', message: PERK_SETTINGS_TEXTS.held(2), field: 'levels' });
    expect(await perkNamed(cookie, 'Bargain Hunter')).toMatchObject({ version: hunter.version, heldUpTo: 2 });

    expect((await save(cookie, bodyOf(hunter, { levels: hunter.levels.slice(0, 2) }))).json().status).toBe('succeed');
    expect(await testerPost(tester.cookie, '/api/skill/SkillUp', hunter.skillTypeId)).toEqual({ status: 'maxLevel' });
    const back = await perkNamed(cookie, 'Bargain Hunter');
    expect((await save(cookie, bodyOf(back, { levels: hunter.levels }))).json().status).toBe('succeed');
  });

  it('an upgrade on an instance that kept the old tree pays the level as saved, not as it kept it', async () => {
    const { cookie } = await contentStaff();
    // Another instance's perks service: its own kept tree, which no notice reaches here.
    const ledger = createLedgerService(db(), { clock, onTesterChanged: () => undefined });
    const other = createPerksService(db(), { clock, ledger });
    const tester = await createLoggedInTester(db(), { coins: 1000, level: 2, exp: 100 });
    const spinner = await perkNamed(cookie, 'Lucky Spinner');
    expect((await other.detail(tester.tester.id, spinner.skillTypeId))!.skills[0]).toMatchObject({ requireCoins: 100 });

    const saved = await save(cookie, bodyOf(spinner, { levels: withLevel(spinner, 0, { requireCoins: 130, effect: 'One more spin' }) }));
    expect(saved.json().status).toBe('succeed');
    expect((await other.detail(tester.tester.id, spinner.skillTypeId))!.skills[0]).toMatchObject({ requireCoins: 100 });
    expect(await other.upgrade(tester.tester.id, spinner.skillTypeId)).toEqual({ status: 'succeed', level: 1, effect: 'One more spin' });
    expect(await upgradeCharges([tester.tester.id])).toEqual([{ testerId: tester.tester.id, coins: -130 }]);
    const back = await perkNamed(cookie, 'Lucky Spinner');
    expect((await save(cookie, bodyOf(back, { levels: spinner.levels }))).json().status).toBe('succeed');
  });

  it('of 12 simultaneous saves from one version keeps one whole perk, with one audit row', async () => {
    const { staff, cookie } = await contentStaff();
    const bird = await perkNamed(cookie, 'Early Bird');
    // Save n: every level costs 1000 + n and gives n + its level.
    const levelsOf = (n: number) => bird.levels.map((row) => ({ ...row, requireCoins: 1000 + n, effectValue: n + row.level }));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => save(cookie, bodyOf(bird, { levels: levelsOf(n) }))));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().message === LOYALTY_SETTINGS_TEXTS.stale)).toHaveLength(11);
    const winner = statuses.indexOf('succeed');
    expect(await perkNamed(cookie, 'Early Bird')).toEqual({ ...bird, version: bird.version + 1, levels: levelsOf(winner) });
    expect(await auditRows(staff.id)).toHaveLength(1);
    expect((await save(cookie, bodyOf({ ...bird, version: bird.version + 1 }))).json().status).toBe('succeed');
  });

  it('upgrades racing saves pay one save’s figures whole, and never reach a level a save removed', async () => {
    const { cookie } = await contentStaff();
    const bird = await perkNamed(cookie, 'Early Bird');
    const testers = await Promise.all(Array.from({ length: 8 }, () => createLoggedInTester(db(), { coins: 5000, level: 6, exp: 2000 })));
    const ids = testers.map(({ tester }) => tester.id);
    // A cost and its effect change together; the upgrades answer the effect of the level they paid.
    const raised = withLevel(bird, 0, { requireCoins: 70, effect: 'Seventy' });
    const [saved, ...upgrades] = await Promise.all([
      save(cookie, bodyOf(bird, { levels: raised })).then((answer) => answer.json()),
      ...testers.map(({ cookie: testerCookie }) => testerPost(testerCookie, '/api/skill/SkillUp', bird.skillTypeId)),
    ]);
    expect(saved.status).toBe('succeed');
    const paid = new Map((await upgradeCharges(ids)).map((row) => [row.testerId, row.coins]));
    upgrades.forEach((answer, index) => {
      expect(answer.status).toBe('succeed');
      expect([answer.effect, paid.get(ids[index]!)]).toEqual(
        answer.effect === 'Seventy' ? ['Seventy', -70] : ['+5 coins from the daily bonus', -50],
      );
    });

    // Upgrades to level 2 and 3 racing a save down to 2 levels: either the save waits for them and
    // is refused, or they follow it and find no level 3; no tester ever holds a level beyond the stored ones.
    const mid = await perkNamed(cookie, 'Early Bird');
    const [cut] = await Promise.all([
      save(cookie, bodyOf(mid, { levels: mid.levels.slice(0, 2) })).then((answer) => answer.json()),
      ...testers.map(async ({ cookie: testerCookie }) => {
        await testerPost(testerCookie, '/api/skill/SkillUp', bird.skillTypeId);
        return testerPost(testerCookie, '/api/skill/SkillUp', bird.skillTypeId);
      }),
    ]);
    const stored = await db().select().from(skillLevels).where(eq(skillLevels.skillTypeId, bird.skillTypeId));
    const held = await db().select().from(testerSkills).where(inArray(testerSkills.testerId, ids));
    expect(Math.max(...held.map((row) => row.level))).toBeGreaterThanOrEqual(2);
    expect(Math.max(...held.map((row) => row.level))).toBeLessThanOrEqual(stored.length);
    if (cut.status === 'failed') expect(cut.message).toBe(PERK_SETTINGS_TEXTS.held(3));
    else expect(stored).toHaveLength(2);
  });
});
