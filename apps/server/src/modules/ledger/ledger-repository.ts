import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
// The balance columns of testers (coins, exp, level) belong to the ledger: it is their only writer.
// eslint-disable-next-line no-restricted-imports -- the one sanctioned write to another module's table
import { testers } from '../testers/tester-tables.ts';
import { coinLedger, levels } from './ledger-tables.ts';

export interface LedgerEntryInput {
  testerId: string;
  coins: number;
  experience: number;
  reason: string;
  reference: string;
  /** What a take-back could not take (decision 080). */
  shortfallCoins?: number;
  shortfallExperience?: number;
}

/** The level `exp` experience reaches in the level table (1 when the table is empty). */
const levelFor = (exp: SQL) => sql`(select coalesce(max(${levels.level}), 1) from ${levels} where ${levels.expRequired} <= ${exp})`;

export function createLedgerRepository(db: Executor) {
  return {
    /** Every coin and experience entry of the tester, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { coinLedger: await db.select().from(coinLedger).where(eq(coinLedger.testerId, testerId)).orderBy(asc(coinLedger.id)) };
    },

    /** The entry, or false when this (tester, reason, reference) was recorded before. */
    async insertEntry(entry: LedgerEntryInput, at: Date): Promise<boolean> {
      const rows = await db
        .insert(coinLedger)
        .values({ ...entry, createdAt: at })
        .onConflictDoNothing({ target: [coinLedger.testerId, coinLedger.reason, coinLedger.reference] })
        .returning({ id: coinLedger.id });
      return rows.length === 1;
    },

    /**
     * Moves the balance by the entry's amounts in one conditional UPDATE: no row comes back when
     * the tester is unknown or a balance would go below zero. Concurrent changes of one tester
     * wait for each other on the row lock and re-check the condition. The level follows the
     * experience through the level table.
     */
    async applyToBalance(testerId: string, coins: number, experience: number) {
      const rows = await db
        .update(testers)
        .set({
          coins: sql`${testers.coins} + ${coins}`,
          exp: sql`${testers.exp} + ${experience}`,
          level: levelFor(sql`${testers.exp} + ${experience}`),
        })
        .where(and(eq(testers.id, testerId), sql`${testers.coins} + ${coins} >= 0`, sql`${testers.exp} + ${experience} >= 0`))
        .returning({ coins: testers.coins, exp: testers.exp, level: testers.level });
      return rows[0] ?? null;
    },

    /** The balance, its row locked until the caller's commit: a take-back sizes itself on it (decision 080). */
    async lockedBalance(testerId: string) {
      const rows = await db
        .select({ coins: testers.coins, exp: testers.exp })
        .from(testers)
        .where(eq(testers.id, testerId))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    async balance(testerId: string) {
      const rows = await db
        .select({ coins: testers.coins, exp: testers.exp, level: testers.level })
        .from(testers)
        .where(eq(testers.id, testerId))
        .limit(1);
      return rows[0] ?? null;
    },

    async entriesFor(testerId: string, limit: number, offset: number) {
      return db
        .select()
        .from(coinLedger)
        .where(eq(coinLedger.testerId, testerId))
        .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
        .limit(limit)
        .offset(offset);
    },

    async listLevels() {
      return db.select().from(levels).orderBy(asc(levels.level));
    },

    /**
     * The levels table's top level, its rows share-locked until the caller's commit: the first lock
     * of a perk or picture save (decision 071), so a levels save (which locks the rows to replace
     * them) and such a save take turns. A levels save committing while this waits leaves the
     * locked rows deleted and the statement with none; a new statement sees and locks the new rows.
     */
    async lockedTopLevel(): Promise<number> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const rows = await db.select({ level: levels.level }).from(levels).orderBy(asc(levels.level)).for('share');
        if (rows.length > 0) return rows.at(-1)!.level;
      }
      return 1;
    },

    /**
     * The level table replaced whole (decision 056) if it is still at `expected` (0: no table yet),
     * `thresholds[i]` being level i + 1's experience; false when someone else saved first. The
     * conditional UPDATE locks every row, so a second save from the same version waits, then finds
     * them gone and matches nothing.
     */
    async saveLevels(expected: number, thresholds: readonly number[]): Promise<boolean> {
      const rows = thresholds.map((expRequired, index) => ({ level: index + 1, expRequired, version: expected + 1 }));
      if (expected === 0) {
        const inserted = await db.insert(levels).values(rows).onConflictDoNothing().returning({ level: levels.level });
        return inserted.length === rows.length;
      }
      const held = await db
        .update(levels)
        .set({ version: sql`${levels.version} + 1` })
        .where(eq(levels.version, expected))
        .returning({ level: levels.level });
      if (held.length === 0) return false;
      await db.delete(levels);
      await db.insert(levels).values(rows);
      return true;
    },

    /** Moves every tester whose level the table now puts elsewhere to the level their experience reaches; their ids. */
    async relevelTesters(): Promise<string[]> {
      const rows = await db
        .update(testers)
        .set({ level: levelFor(sql`${testers.exp}`) })
        .where(sql`${testers.level} <> ${levelFor(sql`${testers.exp}`)}`)
        .returning({ id: testers.id });
      return rows.map((row) => row.id);
    },
  };
}
