import type { AuditTarget } from '../../core/audit/audited.ts';
import type { Executor } from '../../core/db/client.ts';
import type { StaffContext } from './staff-context.ts';

/** The audit log's reads (decision 043): the staff console's log page and one row's trail. The writes are core/audit's `audited`. */
export function createStaffAuditLog(context: StaffContext) {
  const { db, repository } = context;

  return {
    /** The newest `limit` staff changes of one row (a tester's page, decision 053), with who made them. */
    async auditTrailOf(target: AuditTarget, limit: number, offset = 0) {
      const rows = await repository.listAudit(db, { target }, offset, limit);
      return rows.slice(0, limit).map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        staffName: row.staffName ?? (row.staffId ? '' : 'Server command'),
        action: row.action,
        before: row.before,
        after: row.after,
      }));
    },

    /** Newest first, 50 a page, filtered by staff member, action and UTC dates (both ends included). */
    async auditLog(query: { staffId?: string; action?: string; from?: string; to?: string; page: number }) {
      const pageSize = 50;
      const before = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * 3600_000) : undefined;
      const rows = await repository.listAudit(
        db,
        {
          staffId: query.staffId,
          action: query.action || undefined,
          from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
          before,
        },
        (query.page - 1) * pageSize,
        pageSize,
      );
      return {
        status: 'succeed' as const,
        page: query.page,
        hasMore: rows.length > pageSize,
        actions: await repository.auditActions(db),
        entries: rows.slice(0, pageSize).map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staffId: row.staffId,
          staffName: row.staffName ?? (row.staffId ? '' : 'Server command'),
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          before: row.before,
          after: row.after,
        })),
      };
    },

    /** The ids the audit log names for a kind of row, in the caller's unit of work (a removed test site's id is not given again, decision 069). */
    auditedTargetIds: (targetType: string, tx: Executor) => repository.auditedTargetIds(tx, targetType),
  };
}
