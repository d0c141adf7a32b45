import {
  LOYALTY_SETTINGS_TEXTS,
  type LevelsResponse,
  type LevelsSettings,
  type LoyaltySettingsSaveResponse,
} from '@testerhub/shared/loyalty-settings-schemas';
import { afterCommit, type Database, type Executor } from '../../core/db/client.ts';
import { announceLoyaltySettingsChange } from '../../core/db/loyalty-settings-notice.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createLedgerRepository } from './ledger-repository.ts';

/** Thrown inside the audited unit of work when the save is refused (stale, or levels still needed): nothing is written. */
class LevelsRefused extends Error {}

async function readView(db: Executor): Promise<Omit<LevelsResponse, 'status'>> {
  const rows = await createLedgerRepository(db).listLevels();
  return { version: rows[0]?.version ?? 0, levels: rows.map(({ level, expRequired }) => ({ level, expRequired })) };
}

/**
 * The levels in the staff console (issue 12 section 6; decision 056): the experience each level
 * needs, read and saved whole, audited, refused when someone else saved since the editor read
 * them. A save moves every tester to the level their experience reaches in the new table, in the
 * same transaction. The ledger keeps the table in memory; a save's notice, delivered at its
 * commit, makes every instance drop it.
 */
export function createLevelsSettingsService(
  db: Database,
  deps: {
    audited: StaffService['audited'];
    /** Drops this instance's kept level table at once after a save (the others drop theirs on the notice). */
    forgetCached: () => void;
    /** Told of each tester whose level the save moved (this instance's session copies). */
    onTesterChanged: (testerId: string, executor: Executor) => void;
    /**
     * What needs a level above `level` (perk levels, shown pictures), read in the save's
     * transaction after the level rows are locked (decision 071).
     */
    needsAbove: (tx: Executor, level: number) => Promise<{ what: string; level: number }[]>;
  },
) {
  return {
    async levels(): Promise<LevelsResponse> {
      return { status: 'succeed', ...(await readView(db)) };
    },

    async saveLevels(actor: StaffPrincipal, input: LevelsSettings): Promise<LoyaltySettingsSaveResponse> {
      try {
        await deps.audited(actor.id, 'loyalty.levels', { type: 'loyalty-settings', id: 'levels' }, async (tx) => {
          const ledger = createLedgerRepository(tx);
          const before = await readView(tx);
          if (
            !(await ledger.saveLevels(
              input.version,
              input.levels.map((row) => row.expRequired),
            ))
          )
            throw new LevelsRefused(LOYALTY_SETTINGS_TEXTS.stale);
          // The level rows are held now (decision 071's lock order: levels first): a perk or picture
          // save that locked them before has committed and is seen here, and none can start until this commits.
          const needs = await deps.needsAbove(tx, input.levels.length);
          if (needs.length > 0) throw new LevelsRefused(LOYALTY_SETTINGS_TEXTS.levelsNeeded(needs));
          const testerIds = await ledger.relevelTesters();
          await announceLoyaltySettingsChange(tx, 'levels');
          for (const testerId of testerIds) deps.onTesterChanged(testerId, tx);
          afterCommit(tx, deps.forgetCached);
          return { before, after: { ...(await readView(tx)), testersMoved: testerIds.length }, result: testerIds };
        });
      } catch (error) {
        if (!(error instanceof LevelsRefused)) throw error;
        return { status: 'failed', message: error.message };
      }
      return { status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.levelsSaved };
    },
  };
}

export type LevelsSettingsService = ReturnType<typeof createLevelsSettingsService>;
