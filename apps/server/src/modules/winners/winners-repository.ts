import { and, desc, eq, gte, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { resultRows, type Executor } from '../../core/db/client.ts';
import type { DrawingRule } from './drawing-week.ts';
import { eventSettings, goldCardDrawings, goldCardEntries, wheelSegments, wheelSpins, wheelWeekSpins } from './winners-tables.ts';

export type EventSettings = typeof eventSettings.$inferSelect;
export type WheelSegment = typeof wheelSegments.$inferSelect;

/** The figures before any row is written (an unseeded database); version 0 says there is no row yet (decision 056). */
const DEFAULT_SETTINGS: EventSettings = {
  id: 1,
  spinCost: 50,
  spinsPerWeek: 3,
  goldCardCost: 100,
  goldCardPrize: '$25 e-gift card',
  wheelVersion: 0,
  drawingVersion: 0,
  drawingDay: 1,
  drawingWeekKept: null,
  drawingDayFrom: null,
};
const SETTINGS_ROW = 1;

export function createWinnersRepository(db: Executor) {
  /**
   * Writes one kind's figures into the settings row if its version is still `expected` (0: no row
   * yet), raising the version. The conditional UPDATE locks the row, so a second save from the same
   * version waits, then matches nothing (decision 056).
   */
  async function saveFigures(
    version: 'wheelVersion' | 'drawingVersion',
    expected: number,
    figures: Partial<
      Pick<
        EventSettings,
        'spinCost' | 'spinsPerWeek' | 'goldCardCost' | 'goldCardPrize' | 'drawingDay' | 'drawingWeekKept' | 'drawingDayFrom'
      >
    >,
  ): Promise<boolean> {
    const rows =
      expected === 0
        ? await db
            .insert(eventSettings)
            .values({ id: SETTINGS_ROW, ...figures, [version]: 1 })
            .onConflictDoNothing()
            .returning({ id: eventSettings.id })
        : await db
            .update(eventSettings)
            .set({ ...figures, [version]: sql`${eventSettings[version]} + 1` })
            .where(and(eq(eventSettings.id, SETTINGS_ROW), eq(eventSettings[version], expected)))
            .returning({ id: eventSettings.id });
    return rows.length === 1;
  }

  return {
    /** The tester's spins, weekly spin counts, drawing entries and drawings won, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return {
        wheelSpins: await db.select().from(wheelSpins).where(eq(wheelSpins.testerId, testerId)),
        wheelWeekSpins: await db.select().from(wheelWeekSpins).where(eq(wheelWeekSpins.testerId, testerId)),
        drawingEntries: await db.select().from(goldCardEntries).where(eq(goldCardEntries.testerId, testerId)),
        drawingsWon: await db.select().from(goldCardDrawings).where(eq(goldCardDrawings.winnerId, testerId)),
      };
    },

    async settings(): Promise<EventSettings> {
      const [row] = await db.select().from(eventSettings).limit(1);
      return row ?? DEFAULT_SETTINGS;
    },

    segments: (): Promise<WheelSegment[]> => db.select().from(wheelSegments).orderBy(wheelSegments.coins, wheelSegments.id),
    /**
     * The figures and the segments in one statement, so one snapshot (decision 056): a spin never
     * sees a staff save's new cost with the old odds, or the other way round.
     */
    async wheel(): Promise<{ settings: EventSettings; segments: WheelSegment[] }> {
      const [row] = await db
        .select({
          settings: eventSettings,
          segments: sql<WheelSegment[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'coins', s.coins, 'rate', s.rate)
            order by s.coins, s.id), '[]'::json) from ${wheelSegments} s)`,
        })
        .from(eventSettings)
        .limit(1);
      if (row) return { settings: row.settings, segments: typeof row.segments === 'string' ? JSON.parse(row.segments) : row.segments };
      return { settings: DEFAULT_SETTINGS, segments: await this.segments() };
    },
    /**
     * The wheel's figures and segments replaced if the wheel is still at `expected` (0: no settings
     * row yet), raising its version; false when someone else saved first.
     */
    async saveWheel(
      expected: number,
      wheel: { spinCost: number; spinsPerWeek: number; segments: readonly { coins: number; rate: number }[] },
    ): Promise<boolean> {
      if (!(await saveFigures('wheelVersion', expected, { spinCost: wheel.spinCost, spinsPerWeek: wheel.spinsPerWeek }))) return false;
      await db.delete(wheelSegments);
      await db.insert(wheelSegments).values(wheel.segments.map(({ coins, rate }) => ({ coins, rate })));
      return true;
    },
    /** The drawing's cost, prize and day rule, if still at `expected` (0: no settings row yet); false when someone else saved first. */
    saveDrawing: (expected: number, drawing: { goldCardCost: number; goldCardPrize: string } & DrawingRule) =>
      saveFigures('drawingVersion', expected, drawing),

    /**
     * The drawing's day rule, read with a share lock inside an entry's transaction (decision 065):
     * a change of the day waits for entries in flight, and an entry after it sees the new rule, so
     * no entry lands in a week the job has already drawn.
     */
    async drawingRuleLocked(): Promise<DrawingRule> {
      const [row] = await db
        .select({
          drawingDay: eventSettings.drawingDay,
          drawingWeekKept: eventSettings.drawingWeekKept,
          drawingDayFrom: eventSettings.drawingDayFrom,
        })
        .from(eventSettings)
        .where(eq(eventSettings.id, SETTINGS_ROW))
        .for('share');
      return row ?? { drawingDay: DEFAULT_SETTINGS.drawingDay, drawingWeekKept: null, drawingDayFrom: null };
    },

    /** Weeks from `since` to before `week` that have entries and no drawing yet (never lose one: the job draws them too). */
    async undrawnWeeks(since: string, week: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ week: goldCardEntries.weekStart })
        .from(goldCardEntries)
        .where(
          and(
            gte(goldCardEntries.weekStart, since),
            lt(goldCardEntries.weekStart, week),
            notExists(
              db
                .select({ one: sql`1` })
                .from(goldCardDrawings)
                .where(eq(goldCardDrawings.weekStart, goldCardEntries.weekStart)),
            ),
          ),
        )
        .orderBy(goldCardEntries.weekStart);
      return rows.map((row) => row.week);
    },

    async spinsUsed(testerId: string, week: string): Promise<number> {
      const [row] = await db
        .select({ spins: wheelWeekSpins.spins })
        .from(wheelWeekSpins)
        .where(and(eq(wheelWeekSpins.testerId, testerId), eq(wheelWeekSpins.weekStart, week)));
      return row?.spins ?? 0;
    },

    /**
     * Takes one spin of the week's allowance, unless it is used up, and writes the spin's row, in
     * one statement (issue 27): the row only when the count's conditional upsert took a spin. The
     * spins used after and the spin's id, or null when none was left.
     */
    async takeSpin(
      spin: { testerId: string; cost: number; coins: number; createdAt: Date },
      week: string,
      allowance: number,
    ): Promise<{ used: number; spinId: number } | null> {
      if (allowance < 1) return null;
      const result = await db.execute(sql`
        with taken as (
          insert into ${wheelWeekSpins} (tester_id, week_start, spins) values (${spin.testerId}, ${week}, 1)
          on conflict (tester_id, week_start) do update set spins = ${wheelWeekSpins.spins} + 1
          where ${wheelWeekSpins.spins} < ${allowance}
          returning spins
        ), written as (
          insert into ${wheelSpins} (tester_id, cost, coins, created_at)
          select ${spin.testerId}, ${spin.cost}, ${spin.coins}, ${spin.createdAt.toISOString()}::timestamptz from taken
          returning id
        )
        select taken.spins as used, written.id as spin_id from taken, written`);
      const [row] = resultRows<{ used: number; spin_id: number }>(result);
      return row ? { used: Number(row.used), spinId: Number(row.spin_id) } : null;
    },

    /** Big wins (at least `minimum` coins), newest first. */
    bigWins: (minimum: number, limit: number) =>
      db
        .select({ testerId: wheelSpins.testerId, coins: wheelSpins.coins, at: wheelSpins.createdAt })
        .from(wheelSpins)
        .where(gte(wheelSpins.coins, minimum))
        .orderBy(desc(wheelSpins.createdAt))
        .limit(limit),

    history: (testerId: string, limit: number) =>
      db
        .select({ coins: wheelSpins.coins, at: wheelSpins.createdAt })
        .from(wheelSpins)
        .where(eq(wheelSpins.testerId, testerId))
        .orderBy(desc(wheelSpins.createdAt), desc(wheelSpins.id))
        .limit(limit),

    async hasEntry(testerId: string, week: string): Promise<boolean> {
      const rows = await db
        .select({ week: goldCardEntries.weekStart })
        .from(goldCardEntries)
        .where(and(eq(goldCardEntries.testerId, testerId), eq(goldCardEntries.weekStart, week)))
        .limit(1);
      return rows.length > 0;
    },

    /** The tester's entry of the week, or false when there already is one. */
    async insertEntry(entry: { testerId: string; weekStart: string; cost: number; createdAt: Date }): Promise<boolean> {
      const rows = await db.insert(goldCardEntries).values(entry).onConflictDoNothing().returning({ week: goldCardEntries.weekStart });
      return rows.length === 1;
    },

    entrantsOf: (week: string) =>
      db
        .select({ testerId: goldCardEntries.testerId })
        .from(goldCardEntries)
        .where(eq(goldCardEntries.weekStart, week))
        .orderBy(goldCardEntries.createdAt, goldCardEntries.testerId),

    /** Claims the week's drawing; false when it was drawn (or is being drawn) already. */
    async claimDrawing(drawing: {
      weekStart: string;
      entries: number;
      prize: string;
      drawnAt: Date;
      winnerId: string | null;
    }): Promise<boolean> {
      const rows = await db.insert(goldCardDrawings).values(drawing).onConflictDoNothing().returning({ week: goldCardDrawings.weekStart });
      return rows.length === 1;
    },

    drawnWinners: (limit: number) =>
      db
        .select({ testerId: goldCardDrawings.winnerId, at: goldCardDrawings.drawnAt, weekStart: goldCardDrawings.weekStart })
        .from(goldCardDrawings)
        .where(isNotNull(goldCardDrawings.winnerId))
        .orderBy(desc(goldCardDrawings.weekStart))
        .limit(limit),
  };
}
