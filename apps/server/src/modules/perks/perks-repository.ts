import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { skillLevels, skillTypes, testerSkills } from './perks-tables.ts';

export type SkillType = typeof skillTypes.$inferSelect;
export type SkillLevel = typeof skillLevels.$inferSelect;

export function createPerksRepository(db: Executor) {
  return {
    /** The tester's perk levels, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { perks: await db.select().from(testerSkills).where(eq(testerSkills.testerId, testerId)) };
    },

    listTypes: (): Promise<SkillType[]> => db.select().from(skillTypes).orderBy(asc(skillTypes.sortOrder), asc(skillTypes.id)),

    listLevels: (): Promise<SkillLevel[]> => db.select().from(skillLevels).orderBy(asc(skillLevels.skillTypeId), asc(skillLevels.level)),

    /**
     * The whole tree in one statement: each perk with its levels (in level order) as JSON, as the
     * wheel's segments are read. What the service keeps in memory for the tester-facing calls.
     */
    async tree(): Promise<{ type: SkillType; levels: SkillLevel[] }[]> {
      const rows = await db
        .select({
          type: skillTypes,
          levels: sql<SkillLevel[] | string>`(select coalesce(json_agg(json_build_object('skillTypeId', l.skill_type_id,
            'level', l.level, 'effect', l.effect, 'effectValue', l.effect_value, 'requireLevel', l.require_level,
            'requireCoins', l.require_coins, 'requireConditionsDesc', l.require_conditions_desc) order by l.level), '[]'::json)
            from ${skillLevels} l where l.skill_type_id = ${skillTypes.id})`,
        })
        .from(skillTypes)
        .orderBy(asc(skillTypes.sortOrder), asc(skillTypes.id));
      return rows.map((row) => ({ type: row.type, levels: typeof row.levels === 'string' ? JSON.parse(row.levels) : row.levels }));
    },

    /** The tester's level of each perk, by skill type id. */
    async testerLevels(testerId: string): Promise<Map<number, number>> {
      const rows = await db
        .select({ skillTypeId: testerSkills.skillTypeId, level: testerSkills.level })
        .from(testerSkills)
        .where(eq(testerSkills.testerId, testerId));
      return new Map(rows.map((row) => [row.skillTypeId, row.level]));
    },

    /**
     * Level `level` of the perk as stored now, read after a share lock on the perk's row: an
     * upgrade's transaction reads the figures it pays here, so a staff save of the perk (which
     * updates that row) waits for the upgrade, or the upgrade for the save, and the upgrade pays
     * the figures of the save it follows (decision 064). Null when the perk has no such level.
     */
    async lockedLevel(skillTypeId: number, level: number): Promise<SkillLevel | null> {
      const held = await db.select({ id: skillTypes.id }).from(skillTypes).where(eq(skillTypes.id, skillTypeId)).for('share');
      if (held.length === 0) return null;
      const [row] = await db
        .select()
        .from(skillLevels)
        .where(and(eq(skillLevels.skillTypeId, skillTypeId), eq(skillLevels.level, level)));
      return row ?? null;
    },

    /** Perk levels needing a tester level above `level`, with their perk's name (a levels save's check, decision 071). */
    needingAbove: (level: number) =>
      db
        .select({ name: skillTypes.name, level: skillLevels.level, requireLevel: skillLevels.requireLevel })
        .from(skillLevels)
        .innerJoin(skillTypes, eq(skillTypes.id, skillLevels.skillTypeId))
        .where(gt(skillLevels.requireLevel, level))
        .orderBy(asc(skillTypes.sortOrder), asc(skillTypes.id), asc(skillLevels.level)),

    /** The highest level of each perk (or of `skillTypeId` alone) any tester holds, by skill type id (none held: absent). */
    async heldUpTo(skillTypeId?: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ skillTypeId: testerSkills.skillTypeId, level: max(testerSkills.level) })
        .from(testerSkills)
        .where(skillTypeId === undefined ? undefined : eq(testerSkills.skillTypeId, skillTypeId))
        .groupBy(testerSkills.skillTypeId);
      return new Map(rows.map((row) => [row.skillTypeId, row.level ?? 0]));
    },

    /**
     * Raises the perk's version if it is still `expected` and writes its name and description:
     * false when someone else saved it first (or there is no such perk). The UPDATE locks the
     * perk's row until the caller's commit: a second save from the same version waits, then
     * matches nothing; an upgrade of the perk waits too (see lockedLevel).
     */
    async claimVersion(skillTypeId: number, expected: number, fields: { name: string; description: string }): Promise<boolean> {
      const rows = await db
        .update(skillTypes)
        .set({ ...fields, version: sql`${skillTypes.version} + 1` })
        .where(and(eq(skillTypes.id, skillTypeId), eq(skillTypes.version, expected)))
        .returning({ id: skillTypes.id });
      return rows.length === 1;
    },

    /** The perk's levels replaced whole, level 1 first (the caller holds the perk's row: claimVersion). */
    async replaceLevels(skillTypeId: number, levels: readonly Omit<SkillLevel, 'skillTypeId' | 'level'>[]): Promise<void> {
      await db.delete(skillLevels).where(eq(skillLevels.skillTypeId, skillTypeId));
      await db.insert(skillLevels).values(levels.map((row, index) => ({ ...row, skillTypeId, level: index + 1 })));
    },

    /** Moves the perk from `from` to `from + 1`, unless another upgrade moved it first. */
    async upgrade(testerId: string, skillTypeId: number, from: number, at: Date): Promise<boolean> {
      if (from === 0) {
        const rows = await db
          .insert(testerSkills)
          .values({ testerId, skillTypeId, level: 1, upgradedAt: at })
          .onConflictDoNothing()
          .returning({ level: testerSkills.level });
        return rows.length === 1;
      }
      const rows = await db
        .update(testerSkills)
        .set({ level: from + 1, upgradedAt: at })
        .where(and(eq(testerSkills.testerId, testerId), eq(testerSkills.skillTypeId, skillTypeId), eq(testerSkills.level, from)))
        .returning({ level: testerSkills.level });
      return rows.length === 1;
    },
  };
}
