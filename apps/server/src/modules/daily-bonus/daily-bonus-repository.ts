import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { dailyRewardDays, dailyVisits } from './daily-bonus-tables.ts';

export type DailyRewardDay = typeof dailyRewardDays.$inferSelect;
export type DailyVisitRow = typeof dailyVisits.$inferSelect;

export function createDailyBonusRepository(db: Executor) {
  return {
    /** The tester's daily visits, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { dailyVisits: await db.select().from(dailyVisits).where(eq(dailyVisits.testerId, testerId)) };
    },

    listDays: (): Promise<DailyRewardDay[]> => db.select().from(dailyRewardDays).orderBy(asc(dailyRewardDays.day)),

    /**
     * Writes the whole calendar (decision 056) if it is still at `expected` (0: no calendar yet),
     * raising its version; false when someone else saved first. One UPDATE over the 28 rows: a
     * second save at the same time waits on their locks, then finds the version moved and matches none.
     */
    async saveCalendar(expected: number, days: readonly { day: number; coins: number; exp: number }[]): Promise<boolean> {
      if (expected === 0) {
        const rows = await db
          .insert(dailyRewardDays)
          .values(days.map(({ day, coins, exp }) => ({ day, coins, experience: exp, version: 1 })))
          .onConflictDoNothing()
          .returning({ day: dailyRewardDays.day });
        return rows.length === days.length;
      }
      const pick = (value: (row: (typeof days)[number]) => number) =>
        sql`case ${dailyRewardDays.day} ${sql.join(
          days.map((row) => sql`when ${row.day} then ${value(row)}::integer`),
          sql` `,
        )} end`;
      const rows = await db
        .update(dailyRewardDays)
        .set({ coins: pick((row) => row.coins), experience: pick((row) => row.exp), version: sql`${dailyRewardDays.version} + 1` })
        .where(
          and(
            eq(dailyRewardDays.version, expected),
            inArray(
              dailyRewardDays.day,
              days.map((row) => row.day),
            ),
          ),
        )
        .returning({ day: dailyRewardDays.day });
      return rows.length === days.length;
    },
    async findVisits(testerId: string): Promise<DailyVisitRow | null> {
      const [row] = await db.select().from(dailyVisits).where(eq(dailyVisits.testerId, testerId)).limit(1);
      return row ?? null;
    },

    /**
     * Counts `day` as a visit once and returns the tester's row as it then is, in one statement: the
     * first visit of a day adds one to the month's count (or starts a new month at one); any later
     * call that day (or with an earlier day) sets each column to what it was. It updates on every
     * call rather than skipping with a WHERE, so that RETURNING always has the row; the upsert locks
     * the row, so simultaneous calls of one tester queue behind each other here.
     */
    async recordVisit(testerId: string, day: string, month: string): Promise<DailyVisitRow> {
      const later = sql`${dailyVisits.lastVisitDay} < excluded.last_visit_day`;
      const [row] = await db
        .insert(dailyVisits)
        .values({ testerId, lastVisitDay: day, visitMonth: month, visitDaysInMonth: 1 })
        .onConflictDoUpdate({
          target: dailyVisits.testerId,
          set: {
            visitDaysInMonth: sql`case when not (${later}) then ${dailyVisits.visitDaysInMonth}
              when ${dailyVisits.visitMonth} = excluded.visit_month then ${dailyVisits.visitDaysInMonth} + 1 else 1 end`,
            visitMonth: sql`case when ${later} then excluded.visit_month else ${dailyVisits.visitMonth} end`,
            lastVisitDay: sql`greatest(${dailyVisits.lastVisitDay}, excluded.last_visit_day)`,
          },
        })
        .returning();
      return row!;
    },

    /** Moves the tester to `cycleDay`, claimed on `day`, unless a claim of that day got there first. */
    async claim(testerId: string, day: string, cycleDay: number): Promise<boolean> {
      const rows = await db
        .update(dailyVisits)
        .set({ lastClaimDay: day, cycleDay })
        .where(and(eq(dailyVisits.testerId, testerId), or(isNull(dailyVisits.lastClaimDay), lt(dailyVisits.lastClaimDay, day))))
        .returning({ cycleDay: dailyVisits.cycleDay });
      return rows.length === 1;
    },
  };
}
