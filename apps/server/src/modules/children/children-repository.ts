import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { childConfirmationAttempts, children } from './children-tables.ts';

export type ChildRow = typeof children.$inferSelect;
export type NewChild = Omit<typeof children.$inferInsert, 'id' | 'publicId'>;

/** Still counts: confirmed, or unconfirmed and not yet past its expiry (the job may not have run). */
const current = (now: Date) => or(isNotNull(children.confirmedAt), gt(children.expiresAt, now));

/**
 * The children of `fromParent` that `toParent` does not have already (the same names, case aside, and
 * date of birth: the registration's unique rule), as a condition on `children`.
 */
const notHeldBy = (toParent: string) =>
  sql`not exists (select 1 from ${children} held where held.parent_id = ${toParent}
    and lower(held.first_name) = lower(${children.firstName}) and lower(held.last_name) = lower(${children.lastName})
    and held.birth_date = ${children.birthDate})`;

export function createChildrenRepository(db: Executor) {
  return {
    /** How many of `fromParent`'s children a merge would move to `toParent` (decision 144). */
    async countMovable(fromParent: string, toParent: string): Promise<number> {
      const [row] = await db
        .select({ children: count() })
        .from(children)
        .where(and(eq(children.parentId, fromParent), notHeldBy(toParent)));
      return Number(row?.children ?? 0);
    },

    /**
     * A merge (decision 144): `fromParent`'s children become `toParent`'s, confirmed or not, their
     * confirmation attempts with them; a child `toParent` already has stays where it is. How many moved.
     */
    async moveTo(fromParent: string, toParent: string): Promise<number> {
      const moved = await db
        .update(children)
        .set({ parentId: toParent })
        .where(and(eq(children.parentId, fromParent), notHeldBy(toParent)))
        .returning({ id: children.id });
      return moved.length;
    },

    /** The tester's children and the attempts to confirm them, for the tester's data export (decision 040; `id` is the childId of the other parts). */
    async exportOf(parentId: string) {
      return {
        children: await db.select().from(children).where(eq(children.parentId, parentId)).orderBy(asc(children.id)),
        childConfirmationAttempts: await db
          .select({
            child: children.publicId,
            channel: childConfirmationAttempts.channel,
            outcome: childConfirmationAttempts.outcome,
            attemptedAt: childConfirmationAttempts.attemptedAt,
          })
          .from(childConfirmationAttempts)
          .innerJoin(children, eq(children.id, childConfirmationAttempts.childId))
          .where(eq(children.parentId, parentId))
          .orderBy(asc(childConfirmationAttempts.id)),
      };
    },

    async findById(childId: number): Promise<ChildRow | null> {
      const [row] = await db.select().from(children).where(eq(children.id, childId)).limit(1);
      return row ?? null;
    },

    listForParent(parentId: string, now: Date): Promise<ChildRow[]> {
      return db
        .select()
        .from(children)
        .where(and(eq(children.parentId, parentId), current(now)))
        .orderBy(asc(children.createdAt), asc(children.id));
    },

    /** The same child of this parent: names in any case and spacing, and the birth date. */
    async findSame(parentId: string, child: { firstName: string; lastName: string; birthDate: string }): Promise<ChildRow | null> {
      const [row] = await db
        .select()
        .from(children)
        .where(
          and(
            eq(children.parentId, parentId),
            sql`lower(regexp_replace(btrim(${children.firstName}), '[[:space:]]+', ' ', 'g')) = lower(${child.firstName})`,
            sql`lower(regexp_replace(btrim(${children.lastName}), '[[:space:]]+', ' ', 'g')) = lower(${child.lastName})`,
            eq(children.birthDate, child.birthDate),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** How many children of the parent still count (confirmed, or awaiting confirmation within their 24 hours). */
    async countCurrent(parentId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(children)
        .where(and(eq(children.parentId, parentId), current(now)));
      return row?.total ?? 0;
    },

    /** Inserts unless the unique index finds the same child (a concurrent registration): null then. */
    async insert(child: NewChild): Promise<ChildRow | null> {
      const [row] = await db.insert(children).values(child).onConflictDoNothing().returning();
      return row ?? null;
    },

    async deleteById(id: number): Promise<void> {
      await db.delete(children).where(eq(children.id, id));
    },

    /**
     * Marks the e-mail step of the parent's current child (the e-mailed link): the link confirms the
     * parent's e-mail, not the child, so the expiry stays (decision 079). Null when there is no such
     * current child; a child whose e-mail step is done answers as it is.
     */
    async markEmailConfirmed(parentId: string, publicId: string, now: Date): Promise<{ row: ChildRow; newlyMarked: boolean } | null> {
      const own = and(eq(children.parentId, parentId), eq(children.publicId, publicId), current(now));
      const [marked] = await db
        .update(children)
        .set({ emailConfirmedAt: now })
        .where(and(own, isNull(children.emailConfirmedAt)))
        .returning();
      if (marked) return { row: marked, newlyMarked: true };
      const [already] = await db.select().from(children).where(own).limit(1);
      return already ? { row: already, newlyMarked: false } : null;
    },

    /** The parent's current child by its public id, confirmed or not, or null. */
    async findCurrent(parentId: string, publicId: string, now: Date): Promise<ChildRow | null> {
      const [row] = await db
        .select()
        .from(children)
        .where(and(eq(children.parentId, parentId), eq(children.publicId, publicId), current(now)))
        .limit(1);
      return row ?? null;
    },

    /** The parent's confirmed child by its public id, or null. */
    async findConfirmed(parentId: string, publicId: string): Promise<ChildRow | null> {
      const [row] = await db
        .select()
        .from(children)
        .where(and(eq(children.parentId, parentId), eq(children.publicId, publicId), isNotNull(children.confirmedAt)))
        .limit(1);
      return row ?? null;
    },

    async namesByIds(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: children.id, firstName: children.firstName, lastName: children.lastName })
        .from(children)
        .where(inArray(children.id, [...ids]));
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
    },

    /** Full names with the date of birth (YYYY-MM-DD), for the ages on site staff's list of the day (decision 120). */
    async namesAndBirthDatesByIds(ids: readonly number[]): Promise<Map<number, { name: string; birthDate: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: children.id, firstName: children.firstName, lastName: children.lastName, birthDate: children.birthDate })
        .from(children)
        .where(inArray(children.id, [...ids]));
      return new Map(rows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`, birthDate: row.birthDate }]));
    },

    /** The staff queue (decision 054): unconfirmed children still within their 24 hours, the soonest to expire first. */
    awaitingConfirmation(now: Date, offset: number, limit: number): Promise<ChildRow[]> {
      return db
        .select()
        .from(children)
        .where(and(isNull(children.confirmedAt), gt(children.expiresAt, now)))
        .orderBy(asc(children.expiresAt), asc(children.id))
        .limit(limit)
        .offset(offset);
    },

    /** The attempts on these children, oldest first. */
    attemptsOf(childIds: readonly number[]) {
      if (childIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(childConfirmationAttempts)
        .where(inArray(childConfirmationAttempts.childId, [...childIds]))
        .orderBy(asc(childConfirmationAttempts.attemptedAt), asc(childConfirmationAttempts.id));
    },

    /** The child by its kid GUID, locked for the rest of the transaction: staff's calls on one child go one at a time. */
    async lockByPublicId(publicId: string): Promise<ChildRow | null> {
      const [row] = await db.select().from(children).where(eq(children.publicId, publicId)).limit(1).for('update');
      return row ?? null;
    },

    async countAttempts(childId: number, channel: 'phone' | 'emailLink'): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(childConfirmationAttempts)
        .where(and(eq(childConfirmationAttempts.childId, childId), eq(childConfirmationAttempts.channel, channel)));
      return row?.total ?? 0;
    },

    /** Confirms an unconfirmed, unexpired child by its key (a conditional UPDATE); null when it is not such a child. */
    async confirmById(childId: number, now: Date): Promise<ChildRow | null> {
      const [row] = await db
        .update(children)
        .set({ confirmedAt: now, expiresAt: null })
        .where(and(eq(children.id, childId), isNull(children.confirmedAt), gt(children.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    /** Ends an unconfirmed registration now (the parent declined): reads treat it as gone, the expiry job removes it. */
    async expireNow(childId: number, now: Date): Promise<ChildRow | null> {
      const [row] = await db
        .update(children)
        .set({ expiresAt: now })
        .where(and(eq(children.id, childId), isNull(children.confirmedAt), gt(children.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    async recordAttempt(attempt: typeof childConfirmationAttempts.$inferInsert): Promise<void> {
      await db.insert(childConfirmationAttempts).values(attempt);
    },

    /** Moves an unconfirmed child's expiry (test support: a registration that has run out); false when none matched. */
    async setExpiry(publicId: string, expiresAt: Date): Promise<boolean> {
      const moved = await db
        .update(children)
        .set({ expiresAt })
        .where(and(eq(children.publicId, publicId), isNull(children.confirmedAt)))
        .returning({ id: children.id });
      return moved.length > 0;
    },

    /** Removes unconfirmed children past their expiry, details and attempts with them; answers how many. */
    async deleteExpired(now: Date): Promise<number> {
      const removed = await db
        .delete(children)
        .where(and(isNull(children.confirmedAt), lte(children.expiresAt, now)))
        .returning({ id: children.id });
      return removed.length;
    },
  };
}
