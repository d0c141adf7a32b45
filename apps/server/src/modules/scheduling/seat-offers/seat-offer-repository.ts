import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { resultRows, type Executor } from '../../../core/db/client.ts';
import { isChild, type Person } from '../../../core/db/person.ts';
import { openWithFreeSeat } from '../scheduling-repository.ts';
import { bookings, groupSessions, seatOffers, sessionGroups } from '../scheduling-tables.ts';

export type SeatOfferRow = typeof seatOffers.$inferSelect;

export type { Person } from '../../../core/db/person.ts';

const samePerson = (person: Person) => and(eq(seatOffers.testerId, person.testerId), isChild(seatOffers.childId, person.childId));

/**
 * Seat offers and the seats they hold (decision 031). Holds move only by conditional UPDATEs of
 * `session_groups` (`taken + held <= seats` is also a CHECK), offers only by conditional UPDATEs of
 * their status, so of two transactions touching one offer or one last seat only one wins.
 */
export function createSeatOfferRepository(db: Executor) {
  return {
    /** Every offer made to the tester or their children, for the tester's data export (decision 040). */
    exportOf(testerId: string): Promise<SeatOfferRow[]> {
      return db.select().from(seatOffers).where(eq(seatOffers.testerId, testerId)).orderBy(asc(seatOffers.id));
    },

    /** The groups of the tester's (and their children's) offers that still hold a seat, expired by the clock or not. */
    async openOfferGroupsOf(testerId: string): Promise<number[]> {
      const rows = await db
        .select({ groupId: seatOffers.groupId })
        .from(seatOffers)
        .where(and(eq(seatOffers.testerId, testerId), eq(seatOffers.status, 'offered')));
      return rows.map((row) => row.groupId);
    },

    /** Declines every offer of the tester (and their children) still holding a seat; answers the group of each declined one. */
    async declineAllOffersOf(testerId: string, now: Date): Promise<number[]> {
      const rows = await db
        .update(seatOffers)
        .set({ status: 'declined', closedAt: now })
        .where(and(eq(seatOffers.testerId, testerId), eq(seatOffers.status, 'offered')))
        .returning({ groupId: seatOffers.groupId });
      return rows.map((row) => row.groupId);
    },

    /** Holds a free seat of an open group: true when held. */
    async holdSeat(groupId: number): Promise<boolean> {
      const rows = await db
        .update(sessionGroups)
        .set({ held: sql`${sessionGroups.held} + 1` })
        .where(openWithFreeSeat(groupId))
        .returning({ id: sessionGroups.id });
      return rows.length === 1;
    },

    async releaseHold(groupId: number): Promise<void> {
      await db
        .update(sessionGroups)
        .set({ held: sql`${sessionGroups.held} - 1` })
        .where(and(eq(sessionGroups.id, groupId), gt(sessionGroups.held, 0)));
    },

    /** The accepted offer's held seat becomes a taken one (never a second seat). */
    async takeHeldSeat(groupId: number): Promise<boolean> {
      const rows = await db
        .update(sessionGroups)
        .set({ held: sql`${sessionGroups.held} - 1`, taken: sql`${sessionGroups.taken} + 1` })
        .where(and(eq(sessionGroups.id, groupId), gt(sessionGroups.held, 0)))
        .returning({ id: sessionGroups.id });
      return rows.length === 1;
    },

    /** A new offer; null when this person was already offered this group (one offer per group and person). */
    async insertOffer(offer: typeof seatOffers.$inferInsert): Promise<SeatOfferRow | null> {
      const [row] = await db.insert(seatOffers).values(offer).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Whether the person was ever offered the group. */
    async wasOffered(groupId: number, person: Person): Promise<boolean> {
      const rows = await db
        .select({ id: seatOffers.id })
        .from(seatOffers)
        .where(and(eq(seatOffers.groupId, groupId), samePerson(person)))
        .limit(1);
      return rows.length > 0;
    },

    /** Accepts the person's live offer of the group (not past its end): true when there was one. */
    async acceptOffer(groupId: number, person: Person, now: Date): Promise<boolean> {
      const rows = await db
        .update(seatOffers)
        .set({ status: 'accepted', closedAt: now })
        .where(and(eq(seatOffers.groupId, groupId), samePerson(person), eq(seatOffers.status, 'offered'), gt(seatOffers.expiresAt, now)))
        .returning({ id: seatOffers.id });
      return rows.length === 1;
    },

    /** Declines the person's live offers except the group's; answers the groups whose holds are freed. */
    async declineOffersOf(person: Person, exceptGroupId: number, now: Date): Promise<number[]> {
      const rows = await db
        .update(seatOffers)
        .set({ status: 'declined', closedAt: now })
        .where(and(samePerson(person), eq(seatOffers.status, 'offered'), ne(seatOffers.groupId, exceptGroupId)))
        .returning({ groupId: seatOffers.groupId });
      return rows.map((row) => row.groupId);
    },

    /** Declines the group's live offers (the group is cancelled, decision 123); answers whose they were. */
    async declineOffersOfGroup(groupId: number, now: Date): Promise<Person[]> {
      return db
        .update(seatOffers)
        .set({ status: 'declined', closedAt: now })
        .where(and(eq(seatOffers.groupId, groupId), eq(seatOffers.status, 'offered')))
        .returning({ testerId: seatOffers.testerId, childId: seatOffers.childId });
    },

    /** Declines the person's live offers in a study (Not interested); answers the groups freed. */
    async declineOffersInStudy(person: Person, studyNo: number, now: Date): Promise<number[]> {
      const rows = await db
        .update(seatOffers)
        .set({ status: 'declined', closedAt: now })
        .where(and(samePerson(person), eq(seatOffers.studyNo, studyNo), eq(seatOffers.status, 'offered')))
        .returning({ groupId: seatOffers.groupId });
      return rows.map((row) => row.groupId);
    },

    /** Expires the group's offers past their end; each row comes back to one transaction only. */
    async expirePastDue(groupId: number, now: Date): Promise<number> {
      const rows = await db
        .update(seatOffers)
        .set({ status: 'expired', closedAt: now })
        .where(and(eq(seatOffers.groupId, groupId), eq(seatOffers.status, 'offered'), lte(seatOffers.expiresAt, now)))
        .returning({ id: seatOffers.id });
      return rows.length;
    },

    /** Groups with an offer past its end that is still marked offered (the expiry sweep's work). */
    async groupsWithPastDueOffers(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ groupId: seatOffers.groupId })
        .from(seatOffers)
        .where(and(eq(seatOffers.status, 'offered'), lte(seatOffers.expiresAt, now)))
        .orderBy(asc(seatOffers.groupId))
        .limit(limit);
      return rows.map((row) => row.groupId);
    },

    /** The tester's live offers (theirs and their children's) that have not passed their end. */
    async liveOffersOf(testerId: string, now: Date): Promise<SeatOfferRow[]> {
      return db
        .select()
        .from(seatOffers)
        .where(and(eq(seatOffers.testerId, testerId), eq(seatOffers.status, 'offered'), gt(seatOffers.expiresAt, now)));
    },

    async offersOfGroup(groupId: number): Promise<SeatOfferRow[]> {
      return db.select().from(seatOffers).where(eq(seatOffers.groupId, groupId)).orderBy(asc(seatOffers.id));
    },

    /**
     * Whether the person could book the group now, as far as their own bookings go (without locking
     * them: the booking itself checks again): never booked in the study (self-schedule offers a study
     * once), no live booking overlapping the group, and for the tester themself no upcoming booking
     * in another study (screening's 101 rule, one upcoming study at a time).
     */
    async personCanTake(person: Person, studyNo: number, groupId: number, now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        select
          exists (select 1 from ${bookings} b
            where b.tester_id = ${person.testerId} and coalesce(b.child_id, 0) = ${person.childId ?? 0}
              and b.study_no = ${studyNo}) as in_study,
          exists (select 1 from ${bookings} b
            join ${groupSessions} mine on mine.group_id = b.group_id
            join ${groupSessions} wanted on wanted.group_id = ${groupId}
            where b.tester_id = ${person.testerId} and coalesce(b.child_id, 0) = ${person.childId ?? 0}
              and b.status = 'booked'
              and mine.starts_at < wanted.ends_at and wanted.starts_at < mine.ends_at) as overlaps,
          exists (select 1 from ${bookings} b
            where b.tester_id = ${person.testerId} and b.status = 'booked' and b.starts_at > ${now}) as upcoming`);
      const [row] = resultRows<{ in_study: boolean; overlaps: boolean; upcoming: boolean }>(result);
      if (!row) return false;
      return !row.in_study && !row.overlaps && !(person.childId === null && row.upcoming);
    },
  };
}
