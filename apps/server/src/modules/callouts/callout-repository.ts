import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { callouts } from './callout-tables.ts';

export type CalloutRow = typeof callouts.$inferSelect;
export type NewCallout = typeof callouts.$inferInsert;

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
  };
}
