import type { AvailableSkills, SkillDetail, SkillsAnswer, SkillUpAnswer, SkillTypeView } from '@testerhub/shared/perks-schemas';
import { cachedRead } from '../../core/cached-read.ts';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { LOYALTY_SETTINGS_CACHE_MS } from '../../core/db/loyalty-settings-notice.ts';
import { InsufficientBalanceError } from '../../core/errors.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { createPerksRepository, type SkillLevel, type SkillType } from './perks-repository.ts';

/** The quantities perks change, each applied by the service that computes it (decision 038). */
export const PERK_EFFECTS = {
  /** More wheel spins a week (events). */
  extraSpins: 'extraSpins',
  /** Fewer coins for a drawing entry (events). */
  drawingDiscount: 'drawingDiscount',
  /** More coins from the daily bonus (daily-bonus). */
  dailyBonusCoins: 'dailyBonusCoins',
} as const;
export type PerkEffect = (typeof PERK_EFFECTS)[keyof typeof PERK_EFFECTS];

export const PERK_UPGRADE_REASON = 'perkUpgrade';

/** The perks (spec 3, "Perks (skill tree)"; decision 038): the tree, its upgrades, and each perk's effect. */
export function createPerksService(db: Database, deps: { clock: Clock; ledger: LedgerService }) {
  const repository = createPerksRepository(db);
  // The tree changes only when staff edit it: kept in memory until a staff save on any instance
  // drops it (the LOYALTY_SETTINGS_CHANNEL notice, decisions 056 and 064).
  const tree = cachedRead(
    LOYALTY_SETTINGS_CACHE_MS,
    async () => {
      const perks = await repository.tree();
      const levelsByType = new Map(perks.map(({ type, levels }) => [type.id, levels]));
      return { types: perks.map(({ type }) => type), levelsOf: (id: number) => levelsByType.get(id) ?? [] };
    },
    deps.clock.nowMs,
  );
  const testerLevel = async (testerId: string) => (await deps.ledger.balance(testerId))?.level ?? 1;

  /**
   * The figures perks add for this tester (0 for a perk not taken), each of `keys` from one read of
   * the tester's levels: read by the service that computes the quantities.
   */
  async function effectsFor<Key extends PerkEffect>(testerId: string, keys: readonly Key[]): Promise<Record<Key, number>> {
    const [{ types, levelsOf }, levels] = await Promise.all([tree(), repository.testerLevels(testerId)]);
    const effectOf = (key: Key) => {
      const type = types.find((row) => row.effectKey === key);
      if (!type) return 0;
      const current = levels.get(type.id) ?? 0;
      return levelsOf(type.id).find((row) => row.level === current)?.effectValue ?? 0;
    };
    return Object.fromEntries(keys.map((key) => [key, effectOf(key)])) as Record<Key, number>;
  }

  const view = (type: SkillType, level: number): SkillTypeView => ({
    skillTypeID: type.id,
    name: type.name,
    imageSrc: type.imageSrc,
    description: type.description,
    level,
  });

  return {
    /** Drops the kept tree: staff saved a perk on some instance (decision 064). */
    forgetCached: () => tree.forget(),

    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    async skills(testerId: string): Promise<SkillsAnswer> {
      const [{ types }, levels] = await Promise.all([tree(), repository.testerLevels(testerId)]);
      return { testerSkillTypes: types.map((type) => view(type, levels.get(type.id) ?? 0)) };
    },

    /** Every level of one perk with its requirements; null for an unknown perk. */
    async detail(testerId: string, skillTypeId: number): Promise<SkillDetail | null> {
      const { types, levelsOf } = await tree();
      const type = types.find((row) => row.id === skillTypeId);
      if (!type) return null;
      const [levels, level] = await Promise.all([repository.testerLevels(testerId), testerLevel(testerId)]);
      const current = levels.get(type.id) ?? 0;
      return {
        skills: levelsOf(type.id).map((row: SkillLevel) => {
          const conditionMet = level >= row.requireLevel;
          return {
            level: row.level,
            effect: row.effect,
            requireLevel: row.requireLevel,
            requireCoins: row.requireCoins,
            isRequireConditionCorrect: conditionMet,
            requireConditionsDesc: row.requireConditionsDesc,
            active: row.level === current + 1 && conditionMet,
            skillType: view(type, current),
          };
        }),
      };
    },

    /**
     * One level up: the level moves by a conditional write (from the level read, so two upgrades
     * cannot both pass), and its coins go through the ledger (referenced by perk and level, so
     * a level is paid once), in one transaction. The next level's figures (the level it needs,
     * its coins, its effect) are read in that transaction under a share lock on the perk, so the
     * upgrade pays the perk as stored when it runs, never a level a staff save removed (decision
     * 064). Short of coins or level: notEnoughConditions with what the level needs and what the tester has.
     */
    async upgrade(testerId: string, skillTypeId: number): Promise<SkillUpAnswer | null> {
      const { types } = await tree();
      const type = types.find((row) => row.id === skillTypeId);
      if (!type) return null;
      // Read before the transaction: on PGlite a read beside it would wait for it.
      const [levels, balance] = await Promise.all([repository.testerLevels(testerId), deps.ledger.balance(testerId)]);
      const current = levels.get(type.id) ?? 0;
      const level = balance?.level ?? 1;
      // The next level's figures, for a refusal that says which condition is missing.
      let needs = { requireLevel: 0, requireCoins: 0 };
      const refusal = (coins: number) => ({ status: 'notEnoughConditions', ...needs, level, coins }) as const;
      try {
        return await inTransaction(db, async (tx) => {
          const perks = createPerksRepository(tx);
          const next = await perks.lockedLevel(type.id, current + 1);
          if (!next) return { status: 'maxLevel' } as const;
          needs = { requireLevel: next.requireLevel, requireCoins: next.requireCoins };
          if (level < next.requireLevel || !(await perks.upgrade(testerId, type.id, current, deps.clock.now()))) {
            return refusal(balance?.coins ?? 0);
          }
          if (next.requireCoins > 0) {
            await deps.ledger.record(
              { testerId, coins: -next.requireCoins, experience: 0, reason: PERK_UPGRADE_REASON, reference: `${type.id}:${next.level}` },
              tx,
            );
          }
          return { status: 'succeed', level: next.level, effect: next.effect } as const;
        });
      } catch (error) {
        // The balance when the charge was refused, not the one read before (another spend may have come between).
        if (error instanceof InsufficientBalanceError) return refusal((await deps.ledger.balance(testerId))?.coins ?? 0);
        throw error;
      }
    },

    /** The perks a level unlocks (the level-up popup): each perk level whose required level is `level`. */
    async unlockedAt(testerId: string): Promise<AvailableSkills> {
      const [{ types, levelsOf }, level] = await Promise.all([tree(), testerLevel(testerId)]);
      return types.flatMap((type) =>
        levelsOf(type.id)
          .filter((row) => row.requireLevel === level)
          .map((row) => ({ name: type.name, level: row.level, imgSrc: type.imageSrc })),
      );
    },

    effectsFor,

    /** The figure one perk adds for this tester (0 without it). */
    async effect(testerId: string, key: PerkEffect): Promise<number> {
      return (await effectsFor(testerId, [key]))[key];
    },
  };
}

export type PerksService = ReturnType<typeof createPerksService>;
