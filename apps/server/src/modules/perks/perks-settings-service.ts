import { LOYALTY_SETTINGS_TEXTS } from '@testerhub/shared/loyalty-settings-schemas';
import {
  PERK_SETTINGS_TEXTS,
  perkSettingsSchema,
  type PerkSaveResponse,
  type PerkSettings,
  type PerksSettingsResponse,
} from '@testerhub/shared/perks-settings-schemas';
import type { Database, Executor } from '../../core/db/client.ts';
import { announceLoyaltySettingsChange } from '../../core/db/loyalty-settings-notice.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createPerksRepository } from './perks-repository.ts';

/** Every perk as the form shows it (or only `skillTypeId`'s), read in one unit: the levels, the version, the highest level held. */
async function readPerks(db: Executor, skillTypeId?: number): Promise<PerksSettingsResponse['perks']> {
  const perks = createPerksRepository(db);
  // One after another: inside a transaction they share one connection, which takes one query at a time.
  const types = await perks.listTypes();
  const levels = await perks.listLevels();
  const held = await perks.heldUpTo(skillTypeId);
  return types
    .filter((type) => skillTypeId === undefined || type.id === skillTypeId)
    .map((type) => ({
      skillTypeId: type.id,
      effectKey: type.effectKey,
      name: type.name,
      description: type.description,
      imageSrc: type.imageSrc,
      version: type.version,
      heldUpTo: held.get(type.id) ?? 0,
      levels: levels
        .filter((row) => row.skillTypeId === type.id)
        .map(({ level, effect, effectValue, requireLevel, requireCoins, requireConditionsDesc }) => ({
          level,
          effect,
          effectValue,
          requireLevel,
          requireCoins,
          requireConditionsDesc,
        })),
    }));
}

/**
 * Perks in the staff console (issue 12 section 6; decision 064): each perk's name, description and
 * levels, read and saved one perk at a time, checked with the shared schema built for the perk's
 * effect and the levels table, audited, refused when someone else saved the perk since the editor
 * read it, or when it would take away a level a tester holds. The perks service keeps the tree in
 * memory; a save's notice, delivered at its commit, makes every instance drop it.
 */
export function createPerksSettingsService(
  db: Database,
  deps: {
    audited: StaffService['audited'];
    /** Drops this instance's kept tree at once after a save (the others drop theirs on the notice). */
    forgetCached: () => void;
    /** The levels table's top level as stored now (the ledger's): the highest level a perk level may need. */
    highestLevel: () => Promise<number>;
    /** The same inside the save's transaction, the level rows share-locked first (decision 071's lock order). */
    lockedHighestLevel: (tx: Executor) => Promise<number>;
  },
) {
  return {
    async perks(): Promise<PerksSettingsResponse> {
      const [highestLevel, perks] = await Promise.all([deps.highestLevel(), readPerks(db)]);
      return { status: 'succeed', highestLevel, perks };
    },

    async savePerk(actor: StaffPrincipal, input: PerkSettings): Promise<PerkSaveResponse> {
      const answer = await refusalAnswered(() =>
        deps.audited(actor.id, 'loyalty.perk', { type: 'loyalty-settings', id: `perk:${input.skillTypeId}` }, async (tx) => {
          // The level rows first, then the perk's (decision 071): a levels save waits for this one
          // and then sees its levels, or this one waits for it and checks against its table.
          const highestLevel = await deps.lockedHighestLevel(tx);
          const perks = createPerksRepository(tx);
          const [stored] = await readPerks(tx, input.skillTypeId);
          if (!stored) throw new StaffRefusal(PERK_SETTINGS_TEXTS.noSuchPerk, 'skillTypeId');
          // The figures' bounds depend on the perk's effect and the levels table: the form's schema, built for them.
          const checked = perkSettingsSchema({ effectKey: stored.effectKey, highestLevel }).safeParse(input);
          if (!checked.success) {
            const [issue] = checked.error.issues;
            throw new StaffRefusal(issue!.message, issue!.path.join('.'));
          }
          const save = checked.data;
          if (!(await perks.claimVersion(save.skillTypeId, save.version, { name: save.name, description: save.description }))) {
            throw new StaffRefusal(LOYALTY_SETTINGS_TEXTS.stale);
          }
          // The perk's row is held: upgrades of it wait, so the highest level held cannot rise now.
          const held = (await perks.heldUpTo(save.skillTypeId)).get(save.skillTypeId) ?? 0;
          if (save.levels.length < held) throw new StaffRefusal(PERK_SETTINGS_TEXTS.held(held), 'levels');
          await perks.replaceLevels(save.skillTypeId, save.levels);
          await announceLoyaltySettingsChange(tx, 'perks');
          const [after] = await readPerks(tx, save.skillTypeId);
          return { before: stored, after, result: { status: 'succeed', message: PERK_SETTINGS_TEXTS.perkSaved(save.name) } as const };
        }),
      );
      if (answer.status === 'succeed') deps.forgetCached();
      return answer;
    },

    /** Perk levels needing a tester level above `level`, named for a levels save's refusal (decision 071). */
    async needsAbove(tx: Executor, level: number): Promise<{ what: string; level: number }[]> {
      const rows = await createPerksRepository(tx).needingAbove(level);
      return rows.map((row) => ({ what: `${row.name} level ${row.level}`, level: row.requireLevel }));
    },
  };
}

export type PerksSettingsService = ReturnType<typeof createPerksSettingsService>;
