import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { coinLedger, testerSkills } from '../../core/db/schema.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { createPerksService, PERK_EFFECTS, PERK_UPGRADE_REASON } from './perks-service.ts';

/**
 * Perks and avatars (spec 3, "Perks (skill tree)", "Avatar", section 7; decision 038): the tree, an
 * upgrade paid once, each perk's effect on the figure the server computes, the profile pictures.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const get = async (url: string, cookie: string) =>
  (await testApp.app.inject({ method: 'GET', url, headers: { cookie, ...OUR_PAGE } })).json();
const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

async function perkId(cookie: string, name: string): Promise<number> {
  const { testerSkillTypes } = await get('/api/skill/Getskills', cookie);
  return testerSkillTypes.find((type: { name: string }) => type.name === name).skillTypeID;
}

describe('the skill tree', () => {
  it("lists the perks at 'None' (level 0); the detail tells each level's effect, requirements and whether it can be taken", async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 100 });
    const { testerSkillTypes } = await get('/api/skill/Getskills', cookie);
    expect(testerSkillTypes.map((type: { name: string; level: number }) => [type.name, type.level])).toEqual([
      ['Early Bird', 0],
      ['Lucky Spinner', 0],
      ['Bargain Hunter', 0],
    ]);
    const detail = (await post('/api/skill/GetDetailInfo', cookie, await perkId(cookie, 'Early Bird'))).json();
    expect(
      detail.skills.map(
        (skill: { level: number; requireLevel: number; requireCoins: number; active: boolean; isRequireConditionCorrect: boolean }) => [
          skill.level,
          skill.requireLevel,
          skill.requireCoins,
          skill.active,
          skill.isRequireConditionCorrect,
        ],
      ),
    ).toEqual([
      [1, 1, 50, true, true],
      [2, 3, 200, false, false],
      [3, 5, 400, false, false],
    ]);
    expect(detail.skills[1].requireConditionsDesc).toBe('<p>Reach <strong>level 3</strong>.</p>');
    expect(detail.skills[0].skillType).toMatchObject({ name: 'Early Bird', level: 0 });
  });

  it('upgrades with enough coins and level, once; short of either: notEnoughConditions, nothing charged', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 100 });
    const earlyBird = await perkId(cookie, 'Early Bird');
    expect((await post('/api/skill/SkillUp', cookie, earlyBird)).json()).toEqual({
      status: 'succeed',
      level: 1,
      effect: '+5 coins from the daily bonus',
    });
    // Level 2 of Early Bird needs level 3; Lucky Spinner needs level 2; this tester is level 1. The answer says what each needs.
    expect((await post('/api/skill/SkillUp', cookie, earlyBird)).json()).toEqual({
      status: 'notEnoughConditions',
      requireLevel: 3,
      requireCoins: 200,
      level: 1,
      coins: 50,
    });
    const spinner = await perkId(cookie, 'Lucky Spinner');
    expect((await post('/api/skill/SkillUp', cookie, spinner)).json()).toEqual({
      status: 'notEnoughConditions',
      requireLevel: 2,
      requireCoins: 100,
      level: 1,
      coins: 50,
    });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 50, ledgerCoins: 50 });
    const { testerSkillTypes } = await get('/api/skill/Getskills', cookie);
    expect(testerSkillTypes[0]).toMatchObject({ name: 'Early Bird', level: 1 });

    const poor = await createLoggedInTester(db(), { coins: 49 });
    expect((await post('/api/skill/SkillUp', poor.cookie, earlyBird)).json()).toEqual({
      status: 'notEnoughConditions',
      requireLevel: 1,
      requireCoins: 50,
      level: 1,
      coins: 49,
    });
    expect(await balanceAndLedger(db(), poor.tester.id)).toMatchObject({ coins: 49, entries: 1 });
  });

  it('64 simultaneous upgrades never take or charge a level twice: as many charges as levels taken, each level once', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 5000, level: 6, exp: 7600 });
    const spinner = await perkId(cookie, 'Lucky Spinner');
    const answers = await Promise.all(Array.from({ length: 64 }, () => post('/api/skill/SkillUp', cookie, spinner)));
    const succeeded = answers.map((answer) => answer.json()).filter((answer) => answer.status === 'succeed');
    // Each answer read the level before it; only the one that moved it from that level paid.
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    const [row] = await db()
      .select()
      .from(testerSkills)
      .where(and(eq(testerSkills.testerId, tester.id), eq(testerSkills.skillTypeId, spinner)));
    const charges = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.testerId, tester.id), eq(coinLedger.reason, PERK_UPGRADE_REASON)));
    expect(charges).toHaveLength(row!.level);
    expect(succeeded).toHaveLength(row!.level);
    const paid = [100, 250, 500].slice(0, row!.level).reduce((sum, coins) => sum + coins, 0);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 5000 - paid, ledgerCoins: 5000 - paid });
  });

  it('GetAvailableSkills: the perk levels a level unlocks (the level-up popup)', async () => {
    const { cookie } = await createLoggedInTester(db(), { level: 2, exp: 120 });
    expect(await get('/api/skill/GetAvailableSkills', cookie)).toEqual([
      { name: 'Lucky Spinner', level: 1, imgSrc: '/media/perks/lucky-spinner.svg' },
      { name: 'Bargain Hunter', level: 1, imgSrc: '/media/perks/bargain-hunter.svg' },
    ]);
  });

  it('refuses an unknown perk (404) and a body that is not a perk id (400)', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/skill/GetDetailInfo', cookie, 99999)).statusCode).toBe(404);
    expect((await post('/api/skill/SkillUp', cookie, 'one')).statusCode).toBe(400);
    expect((await post('/api/skill/GetDetailInfo', cookie, -1)).statusCode).toBe(400);
  });
});

describe("each perk's effect is applied where the server computes the figure", () => {
  it('Early Bird adds 5 coins to the daily bonus', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 50 });
    await post('/api/skill/SkillUp', cookie, await perkId(cookie, 'Early Bird'));
    const list = await get('/api/reward/GetDailyRewardList', cookie);
    expect(list.rewards[0].coins).toBe(15);
    expect(await get('/api/reward/GetDailyReward', cookie)).toMatchObject({ status: 'succeed', reward: 15 });
  });

  it('Lucky Spinner gives one more spin a week; Bargain Hunter makes the drawing 10 coins cheaper', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 1000, level: 2, exp: 120 });
    expect(await get('/api/event/GetEventCount', cookie)).toMatchObject({ count: 3, totalCount: 3 });
    await post('/api/skill/SkillUp', cookie, await perkId(cookie, 'Lucky Spinner'));
    expect(await get('/api/event/GetEventCount', cookie)).toMatchObject({ count: 4, totalCount: 4 });
    await post('/api/skill/SkillUp', cookie, await perkId(cookie, 'Bargain Hunter'));
    expect(await get('/api/event/CheckGoldRewardAvailable', cookie)).toMatchObject({ goldCardCoin: 90 });
    expect(await get('/api/event/ApplyGoldCardEvent', cookie)).toEqual({ status: 'succeed', coins: 1000 - 100 - 150 - 90 });
  });
});

describe('effectsFor', () => {
  it("gives each effect asked for from the tester's levels (0 for a perk not taken), as effect does one", async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 1000, level: 2, exp: 120 });
    await post('/api/skill/SkillUp', cookie, await perkId(cookie, 'Lucky Spinner'));
    await post('/api/skill/SkillUp', cookie, await perkId(cookie, 'Bargain Hunter'));
    const perks = createPerksService(db(), { clock, ledger: createLedgerService(db(), { clock, onTesterChanged: () => undefined }) });
    const { extraSpins, drawingDiscount, dailyBonusCoins } = PERK_EFFECTS;
    expect(await perks.effectsFor(tester.id, [extraSpins, drawingDiscount, dailyBonusCoins])).toEqual({
      extraSpins: 1,
      drawingDiscount: 10,
      dailyBonusCoins: 0,
    });
    expect(await perks.effectsFor(tester.id, [drawingDiscount])).toEqual({ drawingDiscount: 10 });
    expect(await perks.effect(tester.id, extraSpins)).toBe(1);
    expect(await perks.effect(tester.id, dailyBonusCoins)).toBe(0);
  });
});

describe('profile pictures', () => {
  it('lists the pictures with their levels; saves one the level allows; refuses one above it or unknown', async () => {
    const { cookie } = await createLoggedInTester(db(), { level: 2, exp: 120 });
    const pictures = await get('/api/profile/GetProfilePic', cookie);
    expect(pictures.map((picture: { fileName: string; requireLevel: number }) => [picture.fileName, picture.requireLevel])).toEqual([
      ['avatar-01.svg', 1],
      ['avatar-02.svg', 1],
      ['avatar-03.svg', 2],
      ['avatar-04.svg', 3],
      ['avatar-05.svg', 4],
      ['avatar-06.svg', 5],
    ]);
    const id = (file: string) => pictures.find((picture: { fileName: string }) => picture.fileName === file).imageID;
    expect((await post('/api/profile/SaveProfilePic', cookie, id('avatar-03.svg'))).json()).toEqual({ status: 'succeed' });
    expect(await get('/api/account/GetPKTesterInfo', cookie)).toMatchObject({
      fileName: 'avatar-03.svg',
      imageSrc: '/media/avatars/avatar-03.svg',
    });
    expect((await post('/api/profile/SaveProfilePic', cookie, id('avatar-04.svg'))).json()).toEqual({ status: 'failed' });
    expect((await post('/api/profile/SaveProfilePic', cookie, 99999)).json()).toEqual({ status: 'failed' });
    expect((await post('/api/profile/SaveProfilePic', cookie, 'avatar-01.svg')).statusCode).toBe(400);
    expect(await get('/api/account/GetPKTesterInfo', cookie)).toMatchObject({ fileName: 'avatar-03.svg' });
  });
});
