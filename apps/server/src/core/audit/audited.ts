import type { Clock } from '../clock.ts';
import { inTransaction, type Database, type Executor } from '../db/client.ts';

/**
 * Staff changes and their audit rows (decision 043): a change and its record commit together or
 * not at all. Here in core so that any module's staff side uses them without importing the staff
 * module (the module graph has no cycle, decision 083); the audit table stays the staff module's,
 * which hands its writer to `createAudited`.
 */

/** What an audit row names as changed: a table's kind and the row's id. */
export interface AuditTarget {
  type: string;
  id: string;
}

/** One audit row as the change's unit of work writes it. */
export interface AuditRecord {
  /** Null: the server's command (no staff member). */
  staffId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Thrown inside an audited unit of work to refuse the change with a message for the caller: nothing is written. */
export class StaffRefusal extends Error {
  constructor(
    readonly why: string,
    /** The form field the refusal is about, when it is one. */
    readonly field?: string,
  ) {
    super(why);
  }
}

/**
 * Runs a staff change; a StaffRefusal thrown by it (inside an audited unit of work, so nothing is
 * written) answers as the API contract's `{ status: 'failed', message }`, with its field if any.
 */
export async function refusalAnswered<T>(change: () => Promise<T>): Promise<T | { status: 'failed'; message: string; field?: string }> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof StaffRefusal)) throw error;
    return { status: 'failed', message: error.why, ...(error.field && { field: error.field }) };
  }
}

/**
 * Runs `work` in one transaction (a savepoint of `within` when given) and writes its audit row in
 * the same transaction. `work` answers the row's before and after (null where there is none), the
 * result to hand back and, for a row it created, the row's id.
 */
export type Audited = <T>(
  actorId: string | null,
  action: string,
  target: AuditTarget,
  work: (tx: Executor) => Promise<{ before: unknown; after: unknown; result: T; targetId?: string }>,
  within?: Executor,
) => Promise<T>;

/** The `audited` unit of work over the database, writing each row with `writeAudit`. */
export function createAudited(
  db: Database,
  deps: { clock: Clock; writeAudit: (tx: Executor, row: AuditRecord) => Promise<void> },
): Audited {
  return (actorId, action, target, work, within) =>
    inTransaction(
      db,
      async (tx) => {
        const { before, after, result, targetId } = await work(tx);
        await deps.writeAudit(tx, {
          staffId: actorId,
          action,
          targetType: target.type,
          targetId: targetId ?? target.id,
          before: before ?? null,
          after: after ?? null,
          at: deps.clock.now(),
        });
        return result;
      },
      within,
    );
}
