import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { callouts } from './callout-tables.ts';

export type CalloutRow = typeof callouts.$inferSelect;
export type NewCallout = typeof callouts.$inferInsert;
/** What content staff edit (decision 063): not the key, which names testers' dismissal cookies. */
export type CalloutFieldsRow = Pick<
  CalloutRow,
  'title' | 'description' | 'pkCoins' | 'screener' | 'active' | 'startTimeStamp' | 'endTimeStamp'
>;

export function createCalloutRepository(db: Executor) {
  return {
    /** Active call-outs whose window holds `at` (start included, end excluded), soonest ending first. */
    current(at: Date): Promise<CalloutRow[]> {
      return db
        .select()
        .from(callouts)
        .where(and(eq(callouts.active, true), lte(callouts.startTimeStamp, at), gt(callouts.endTimeStamp, at)))
        .orderBy(asc(callouts.endTimeStamp), asc(callouts.id))
        .then((rows) => rows);
    },

    async insert(rows: NewCallout[]) {
      if (rows.length > 0) await db.insert(callouts).values(rows);
    },

    /** Every call-out, switched-off, ended and future ones too, latest start first (the staff console). */
    listAll(): Promise<CalloutRow[]> {
      return db.select().from(callouts).orderBy(desc(callouts.startTimeStamp), desc(callouts.id));
    },

    /** One call-out; `lock` holds its row until the caller's transaction ends, so two editors take turns. */
    async find(id: number, options: { lock?: boolean } = {}): Promise<CalloutRow | null> {
      const query = db.select().from(callouts).where(eq(callouts.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insertOne(row: NewCallout): Promise<CalloutRow> {
      const [inserted] = await db.insert(callouts).values(row).returning();
      return inserted!;
    },

    /** The call-out's fields saved, only while its revision is still `revision`; the revision grows by one. */
    async update(id: number, revision: number, fields: CalloutFieldsRow): Promise<CalloutRow | null> {
      const [row] = await db
        .update(callouts)
        .set({ ...fields, revision: sql`${callouts.revision} + 1` })
        .where(and(eq(callouts.id, id), eq(callouts.revision, revision)))
        .returning();
      return row ?? null;
    },
  };
}
