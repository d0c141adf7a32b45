import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import type { AuditTrailSort } from '@testerhub/shared/staff-testers-schemas';
import { containsPattern, type SortDirection } from '@testerhub/shared/table-query';
import { staffAuditLog, staffInvitations, staffMembers, staffRecoveryCodes, staffSessions } from './staff-tables.ts';

export type StaffRow = typeof staffMembers.$inferSelect;
export type AuditRow = typeof staffAuditLog.$inferSelect;
export type NewAuditRow = typeof staffAuditLog.$inferInsert;

/** The staff tables. Every function takes the executor it runs on: the database or a unit of work's transaction. */
export function createStaffRepository() {
  return {
    /** The ids the audit log names for a kind of row, removed rows' too (a removed site's id is not given again, decision 069). */
    async auditedTargetIds(db: Executor, targetType: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ targetId: staffAuditLog.targetId })
        .from(staffAuditLog)
        .where(eq(staffAuditLog.targetType, targetType));
      return rows.map((row) => row.targetId);
    },

    /** The names of the staff members (disabled ones too) carrying the site among theirs (a site is removed only at none, decision 069). */
    async namesWithSite(db: Executor, siteId: string): Promise<string[]> {
      const rows = await db
        .select({ name: staffMembers.name })
        .from(staffMembers)
        .where(sql`${siteId} = any(${staffMembers.siteIds})`)
        .orderBy(asc(staffMembers.name));
      return rows.map((row) => row.name);
    },

    async findById(db: Executor, id: string): Promise<StaffRow | null> {
      const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id));
      return row ?? null;
    },

    /** The row locked for the rest of the transaction (a change with its before and after). */
    async lockById(db: Executor, id: string): Promise<StaffRow | null> {
      const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
      return row ?? null;
    },

    /** Staff members' names by id (the queues name who made a call). */
    async namesByIds(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: staffMembers.id, name: staffMembers.name })
        .from(staffMembers)
        .where(inArray(staffMembers.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async findByEmail(db: Executor, email: string): Promise<StaffRow | null> {
      const [row] = await db
        .select()
        .from(staffMembers)
        .where(sql`lower(${staffMembers.email}) = ${email.toLowerCase()}`);
      return row ?? null;
    },

    async insert(db: Executor, values: typeof staffMembers.$inferInsert): Promise<StaffRow> {
      const [row] = await db.insert(staffMembers).values(values).returning();
      return row!;
    },

    async update(db: Executor, id: string, values: Partial<typeof staffMembers.$inferInsert>): Promise<StaffRow | null> {
      const [row] = await db.update(staffMembers).set(values).where(eq(staffMembers.id, id)).returning();
      return row ?? null;
    },

    list(db: Executor): Promise<StaffRow[]> {
      return db.select().from(staffMembers).orderBy(staffMembers.name, staffMembers.email);
    },

    /** Moves the last accepted TOTP step to `step` only when it is later: false for a replayed or older code. */
    async acceptStep(db: Executor, id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(staffMembers)
        .set({ totpLastStep: step })
        .where(and(eq(staffMembers.id, id), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step))))
        .returning({ id: staffMembers.id });
      return rows.length === 1;
    },

    // Sessions

    async insertSession(db: Executor, idHash: string, staffId: string, now: Date, expiresAt: Date) {
      await db.insert(staffSessions).values({ idHash, staffId, createdAt: now, lastSeenAt: now, expiresAt });
    },

    async findSession(db: Executor, idHash: string, now: Date) {
      const [row] = await db
        .select({ staff: staffMembers, lastSeenAt: staffSessions.lastSeenAt })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
        .where(and(eq(staffSessions.idHash, idHash), gt(staffSessions.expiresAt, now)));
      return row ?? null;
    },

    async touchSession(db: Executor, idHash: string, at: Date) {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.idHash, idHash));
    },

    async deleteSession(db: Executor, idHash: string) {
      await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    },

    async deleteSessionsOf(db: Executor, staffId: string) {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },

    /** Ends every session of the staff member but `keepIdHash` (a password change keeps the session that made it). */
    async deleteOtherSessions(db: Executor, staffId: string, keepIdHash: string) {
      await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.idHash, keepIdHash)));
    },

    // Recovery codes

    async replaceRecoveryCodes(db: Executor, staffId: string, codeHashes: string[]) {
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
      if (codeHashes.length > 0) await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
    },

    /** How many of the staff member's recovery codes are unused. */
    async unusedRecoveryCodes(db: Executor, staffId: string): Promise<number> {
      const [row] = await db
        .select({ unused: count() })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
      return row?.unused ?? 0;
    },

    /** Spends a recovery code: 'spent' once, 'used' when it was spent before, 'unknown' when it is not one of the staff member's. */
    async spendRecoveryCode(db: Executor, staffId: string, codeHash: string, at: Date): Promise<'spent' | 'used' | 'unknown'> {
      const spent = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: at })
        .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
        .returning({ staffId: staffRecoveryCodes.staffId });
      if (spent.length === 1) return 'spent';
      const [known] = await db
        .select({ usedAt: staffRecoveryCodes.usedAt })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash)));
      return known ? 'used' : 'unknown';
    },

    // Invitations (set-up links)

    async insertInvitation(db: Executor, values: typeof staffInvitations.$inferInsert) {
      await db.insert(staffInvitations).values(values);
    },

    /** The unused, unexpired invitation with this token hash and its account. */
    async findOpenInvitation(db: Executor, tokenHash: string, now: Date) {
      const [row] = await db
        .select({ invitation: staffInvitations, staff: staffMembers })
        .from(staffInvitations)
        .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffId))
        .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)));
      return row ?? null;
    },

    /** Marks the invitation used, once: false when another request used it first. */
    async useInvitation(db: Executor, tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(staffInvitations)
        .set({ usedAt: at })
        .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.usedAt)))
        .returning({ tokenHash: staffInvitations.tokenHash });
      return rows.length === 1;
    },

    /** Ends the staff member's other open set-up links (a new invitation replaces them). */
    async closeInvitationsOf(db: Executor, staffId: string, at: Date) {
      await db
        .update(staffInvitations)
        .set({ usedAt: at })
        .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
    },

    // The audit log

    async insertAudit(db: Executor, row: NewAuditRow) {
      await db.insert(staffAuditLog).values(row);
    },

    /** Newest first, `limit + 1` rows from `offset` (the extra one says whether there is more). */
    async listAudit(
      db: Executor,
      filter: {
        staffId?: string;
        action?: string;
        exceptAction?: string;
        from?: Date;
        before?: Date;
        target?: { type: string; id: string };
      },
      offset: number,
      limit: number,
    ): Promise<(AuditRow & { staffName: string | null })[]> {
      const conditions: SQL[] = [];
      if (filter.staffId) conditions.push(eq(staffAuditLog.staffId, filter.staffId));
      if (filter.action) conditions.push(eq(staffAuditLog.action, filter.action));
      if (filter.exceptAction) conditions.push(ne(staffAuditLog.action, filter.exceptAction));
      if (filter.from) conditions.push(gte(staffAuditLog.at, filter.from));
      if (filter.before) conditions.push(lt(staffAuditLog.at, filter.before));
      if (filter.target) conditions.push(eq(staffAuditLog.targetType, filter.target.type), eq(staffAuditLog.targetId, filter.target.id));
      return db
        .select({
          id: staffAuditLog.id,
          staffId: staffAuditLog.staffId,
          action: staffAuditLog.action,
          targetType: staffAuditLog.targetType,
          targetId: staffAuditLog.targetId,
          before: staffAuditLog.before,
          after: staffAuditLog.after,
          at: staffAuditLog.at,
          staffName: staffMembers.name,
        })
        .from(staffAuditLog)
        .leftJoin(staffMembers, eq(staffMembers.id, staffAuditLog.staffId))
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
        .offset(offset)
        .limit(limit + 1);
    },

    /**
     * A page of one row's audit trail (decision 145) but `exceptAction`, sorted on `sort` (ties
     * newest first) and kept to the `actions` named or a reason holding `filter` (null: every
     * entry); with the total the filter keeps. The target's index keeps the scan to the row's entries.
     */
    async auditTrailPage(
      db: Executor,
      target: { type: string; id: string },
      exceptAction: string,
      query: { sort: AuditTrailSort; dir: SortDirection; filter: string; actions: readonly string[]; offset: number; limit: number },
    ) {
      const sortable: Record<AuditTrailSort, SQL> = {
        at: sql`${staffAuditLog.at}`,
        staff: sql`lower(${staffMembers.name})`,
        action: sql`${staffAuditLog.action}`,
      };
      const kept = and(
        eq(staffAuditLog.targetType, target.type),
        eq(staffAuditLog.targetId, target.id),
        ne(staffAuditLog.action, exceptAction),
        query.filter === ''
          ? undefined
          : or(
              query.actions.length > 0 ? inArray(staffAuditLog.action, [...query.actions]) : undefined,
              sql`${staffAuditLog.after}->>'reason' ilike ${containsPattern(query.filter)}`,
            ),
      );
      const direction = query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: staffAuditLog.id,
            staffId: staffAuditLog.staffId,
            action: staffAuditLog.action,
            before: staffAuditLog.before,
            after: staffAuditLog.after,
            at: staffAuditLog.at,
            staffName: staffMembers.name,
          })
          .from(staffAuditLog)
          .leftJoin(staffMembers, eq(staffMembers.id, staffAuditLog.staffId))
          .where(kept)
          .orderBy(sql`${sortable[query.sort]} ${direction}`, desc(staffAuditLog.at), desc(staffAuditLog.id))
          .offset(query.offset)
          .limit(query.limit),
        db.select({ count: count() }).from(staffAuditLog).where(kept),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },

    /** Whether the member's action on the row is in the log since `since` (the target's index finds it). */
    async auditedSince(db: Executor, row: { staffId: string; action: string; targetType: string; targetId: string }, since: Date) {
      const [hit] = await db
        .select({ id: staffAuditLog.id })
        .from(staffAuditLog)
        .where(
          and(
            eq(staffAuditLog.targetType, row.targetType),
            eq(staffAuditLog.targetId, row.targetId),
            gte(staffAuditLog.at, since),
            eq(staffAuditLog.staffId, row.staffId),
            eq(staffAuditLog.action, row.action),
          ),
        )
        .limit(1);
      return hit !== undefined;
    },

    /** The actions the log holds, for the filter's choices. */
    async auditActions(db: Executor): Promise<string[]> {
      const rows = await db.selectDistinct({ action: staffAuditLog.action }).from(staffAuditLog).orderBy(staffAuditLog.action);
      return rows.map((row) => row.action);
    },

    /** Rows written at or after `since` (tests and the route table). */
    auditSince(db: Executor, since: Date) {
      return db.select().from(staffAuditLog).where(gte(staffAuditLog.at, since));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
