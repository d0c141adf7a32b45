import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ReferralStatus } from '@testerhub/shared/referral-schemas';
import type { Executor } from '../../core/db/client.ts';
import { referrals } from './referral-tables.ts';

export type ReferralRow = typeof referrals.$inferSelect;
export type NewReferral = Omit<typeof referrals.$inferInsert, 'id'>;

export function createReferralRepository(db: Executor) {
  return {
    async countMadeBy(referrerId: string): Promise<number> {
      const [row] = await db.select({ referrals: count() }).from(referrals).where(eq(referrals.referrerId, referrerId));
      return Number(row?.referrals ?? 0);
    },

    /** A merge (decision 144): the referrals one tester made become another's, status and claimed reward kept; how many moved. */
    async moveMade(fromReferrer: string, toReferrer: string): Promise<number> {
      const moved = await db
        .update(referrals)
        .set({ referrerId: toReferrer })
        .where(eq(referrals.referrerId, fromReferrer))
        .returning({ id: referrals.id });
      return moved.length;
    },

    /**
     * The referral that brought a tester who is deleting their account, or that names their
     * address or their phone (decision 040; a tester is referred like anyone, decision 075, so by
     * their phone under another e-mail too): the referrer keeps the row (its status and any reward
     * claimed) but not who the friend was. The e-mail and phone become unique placeholders (the
     * unique indexes stay satisfied).
     */
    async forgetReferredTester(testerId: string, email: string, phone: string) {
      const rows = await db
        .update(referrals)
        .set({
          firstName: 'Former',
          lastName: 'tester',
          age: 0,
          email: sql`'erased-' || ${referrals.id} || '@erased.invalid'`,
          phone: sql`'erased-' || ${referrals.id}`,
          referredTesterId: null,
        })
        .where(or(eq(referrals.referredTesterId, testerId), sql`lower(${referrals.email}) = lower(${email})`, eq(referrals.phone, phone)))
        .returning({ id: referrals.id });
      return rows.length;
    },

    /**
     * The friends the tester referred, for the tester's data export (decision 040): what the
     * tester typed and what became of it, never who the friend is here (the tester id they
     * registered as) nor the join link's code, which was the friend's (decision 075).
     */
    async exportOf(referrerId: string) {
      return {
        referralsMade: await db
          .select({
            referralId: referrals.id,
            firstName: referrals.firstName,
            lastName: referrals.lastName,
            age: referrals.age,
            emailAddress: referrals.email,
            phoneNumber: referrals.phone,
            status: referrals.status,
            referredMonth: referrals.referredMonth,
            createdAt: referrals.createdAt,
            statusChangedAt: referrals.statusChangedAt,
            redeemedAt: referrals.redeemedAt,
          })
          .from(referrals)
          .where(eq(referrals.referrerId, referrerId))
          .orderBy(desc(referrals.createdAt)),
      };
    },

    async countInMonth(referrerId: string, month: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(referrals)
        .where(and(eq(referrals.referrerId, referrerId), eq(referrals.referredMonth, month)));
      return row?.total ?? 0;
    },

    /** Whether anyone already referred this e-mail (any case) or phone. */
    async isReferred(email: string, phone: string): Promise<boolean> {
      const rows = await db
        .select({ id: referrals.id })
        .from(referrals)
        .where(or(eq(sql`lower(${referrals.email})`, email.toLowerCase()), eq(referrals.phone, phone)))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts unless a unique index finds the same person (a concurrent referral of them): null then. */
    async insert(referral: NewReferral): Promise<ReferralRow | null> {
      const [row] = await db.insert(referrals).values(referral).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** The row locked for the rest of the transaction (a staff move, with its before and after). */
    async lockById(id: string): Promise<ReferralRow | null> {
      const [row] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1).for('update');
      return row ?? null;
    },

    /** A page of referrals for staff (decision 054), newest first, optionally one status; `limit` rows after `offset`. */
    listForStaff(filter: { status?: ReferralStatus }, offset: number, limit: number): Promise<ReferralRow[]> {
      return db
        .select()
        .from(referrals)
        .where(filter.status ? eq(referrals.status, filter.status) : undefined)
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
        .limit(limit)
        .offset(offset);
    },

    listForReferrer(referrerId: string): Promise<ReferralRow[]> {
      return db.select().from(referrals).where(eq(referrals.referrerId, referrerId)).orderBy(desc(referrals.createdAt), desc(referrals.id));
    },

    /**
     * Moves referrals in one of `from` to `to` (a conditional UPDATE, so a transition happens once);
     * answers the rows it moved.
     */
    async moveStatus(
      where: { id?: string; code?: string; referredTesterId?: string },
      from: readonly ReferralStatus[],
      to: ReferralStatus,
      at: Date,
      link?: { referredTesterId: string },
    ): Promise<ReferralRow[]> {
      const conditions = [inArray(referrals.status, [...from])];
      if (where.id) conditions.push(eq(referrals.id, where.id));
      if (where.code) conditions.push(eq(referrals.code, where.code), isNull(referrals.referredTesterId));
      if (where.referredTesterId) conditions.push(eq(referrals.referredTesterId, where.referredTesterId));
      return db
        .update(referrals)
        .set({ status: to, statusChangedAt: at, ...(link ?? {}) })
        .where(and(...conditions))
        .returning();
    },

    /**
     * Marks the referrer's referral redeemed if it is claimable (Complete or Paid, not redeemed): one
     * conditional UPDATE, so of simultaneous claims exactly one gets the row.
     */
    async redeem(referrerId: string, referralId: string, claimable: readonly ReferralStatus[], at: Date): Promise<ReferralRow | null> {
      const [row] = await db
        .update(referrals)
        .set({ redeemedAt: at })
        .where(
          and(
            eq(referrals.id, referralId),
            eq(referrals.referrerId, referrerId),
            inArray(referrals.status, [...claimable]),
            isNull(referrals.redeemedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
