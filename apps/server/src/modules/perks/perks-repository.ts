import { and, asc, eq } from 'drizzle-orm';
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

    /** The tester's level of each perk, by skill type id. */
    async testerLevels(testerId: string): Promise<Map<number, number>> {
      const rows = await db
        .select({ skillTypeId: testerSkills.skillTypeId, level: testerSkills.level })
        .from(testerSkills)
        .where(eq(testerSkills.testerId, testerId));
      return new Map(rows.map((row) => [row.skillTypeId, row.level]));
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
