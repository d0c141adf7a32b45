import { actionsNamed } from '@testerhub/shared/audit-words';
import type { AuditTrailSort } from '@testerhub/shared/staff-testers-schemas';
import type { SortDirection } from '@testerhub/shared/table-query';
import type { AuditTarget } from '../../core/audit/audited.ts';
import { csvRecord } from '../../core/csv.ts';
import { auditTargetName, auditTargetNames } from '../../core/db/audit-target-names.ts';
import type { Executor } from '../../core/db/client.ts';
import type { StaffContext } from './staff-context.ts';

/** Refused sign-in steps, written without a session (decision 127): their actor is nobody known. */
export const SIGN_IN_REFUSAL_ACTIONS: readonly string[] = ['staff.sign-in-failed', 'staff.code-wrong'];

/** Reads of a tester's page: in the log, not in the tester's trail of staff changes. */
export const TESTER_VIEW_ACTION = 'tester.view';

const AUDIT_PAGE_SIZE = 50;
/** How many rows one CSV export holds at most (newest first), so one request cannot read the whole table. */
const AUDIT_EXPORT_LIMIT = 10_000;

type AuditLogFilter = { staffId?: string; action?: string; from?: string; to?: string };

/** Who an entry says acted: the member, the server's command, or nobody known for a refused sign-in. */
const actorName = (row: { staffId: string | null; staffName: string | null; action: string }) =>
  row.staffName ?? (row.staffId ? '' : SIGN_IN_REFUSAL_ACTIONS.includes(row.action) ? 'Unknown (not signed in)' : 'Server command');

/** The audit log's reads (decision 043): the staff console's log page and one row's trail. The writes are core/audit's `audited`. */
export function createStaffAuditLog(context: StaffContext) {
  const { db, repository } = context;

  return {
    /**
     * A page of one row's staff changes (a tester's page, decisions 053 and 145), with who made them:
     * sorted, kept to the entries whose action's words or reason hold `filter`, with the total.
     */
    async auditTrailOf(
      target: AuditTarget,
      query: { sort: AuditTrailSort; dir: SortDirection; filter: string; offset: number; limit: number },
    ) {
      const { rows, total } = await repository.auditTrailPage(db, target, TESTER_VIEW_ACTION, {
        ...query,
        actions: query.filter === '' ? [] : actionsNamed(query.filter),
      });
      return {
        total,
        rows: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staffName: actorName(row),
          action: row.action,
          before: row.before,
          after: row.after,
        })),
      };
    },

    /** Newest first, 50 a page, filtered by staff member, action and UTC dates (both ends included); targets by name. */
    async auditLog(query: AuditLogFilter & { page: number }) {
      const rows = await repository.listAudit(db, filterOf(query), (query.page - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
      const entries = rows.slice(0, AUDIT_PAGE_SIZE);
      const names = await auditTargetNames(db, entries.map(targetOf));
      return {
        status: 'succeed' as const,
        page: query.page,
        hasMore: rows.length > AUDIT_PAGE_SIZE,
        actions: await repository.auditActions(db),
        entries: entries.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staffId: row.staffId,
          staffName: actorName(row),
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          targetName: auditTargetName(names, targetOf(row)) ?? '',
          before: row.before,
          after: row.after,
        })),
      };
    },

    /**
     * The log under the same filters as CSV (admins; decision 127), newest first, at most
     * AUDIT_EXPORT_LIMIT rows: when, who, action, target by name, type and id, before and after as
     * JSON. The export itself is audited (`audit.export`, its filters and row count), in the unit of
     * work that reads the rows, before a byte leaves.
     */
    async exportAuditLog(actorId: string, query: AuditLogFilter) {
      const filter = filterOf(query);
      return context.audited(actorId, 'audit.export', { type: 'audit-log', id: 'all' }, async (tx) => {
        const rows = (await repository.listAudit(tx, filter, 0, AUDIT_EXPORT_LIMIT)).slice(0, AUDIT_EXPORT_LIMIT);
        const names = await auditTargetNames(tx, rows.map(targetOf));
        let csv = csvRecord(['At (UTC)', 'Staff member', 'Action', 'Target', 'Target type', 'Target id', 'Before', 'After']);
        for (const row of rows)
          csv += csvRecord([
            row.at.toISOString(),
            actorName(row),
            row.action,
            auditTargetName(names, targetOf(row)) ?? '',
            row.targetType,
            row.targetId,
            row.before === null ? '' : JSON.stringify(row.before),
            row.after === null ? '' : JSON.stringify(row.after),
          ]);
        return {
          before: null,
          after: { filters: { ...query }, rows: rows.length },
          result: { csv, fileName: `audit-log-${context.clock.now().toISOString().slice(0, 10)}.csv` },
        };
      });
    },

    /** Whether the member's action on a row is in the log since `since` (a view audited once a minute, decision 127). */
    auditedSince: (row: { staffId: string; action: string; target: AuditTarget }, since: Date) =>
      repository.auditedSince(
        db,
        { staffId: row.staffId, action: row.action, targetType: row.target.type, targetId: row.target.id },
        since,
      ),

    /** The ids the audit log names for a kind of row, in the caller's unit of work (a removed test site's id is not given again, decision 069). */
    auditedTargetIds: (targetType: string, tx: Executor) => repository.auditedTargetIds(tx, targetType),
  };
}

const targetOf = (row: { targetType: string; targetId: string }): AuditTarget => ({ type: row.targetType, id: row.targetId });

/** The repository's filter from the page's: UTC days, the last one included. */
function filterOf(query: AuditLogFilter) {
  return {
    staffId: query.staffId,
    action: query.action || undefined,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * 3600_000) : undefined,
  };
}
