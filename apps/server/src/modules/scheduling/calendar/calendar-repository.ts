import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client.ts';
import { bookings, groupSessions, sessionGroups } from '../scheduling-tables.ts';

/** The sites a read covers: null for every site and the virtual sessions, else those sites only. */
type Sites = readonly string[] | null;

const startsWithin = (from: Date, to: Date) => sql`${groupSessions.startsAt} >= ${from} and ${groupSessions.startsAt} < ${to}`;

/** The staff calendar's reads (decision 120). */
export function createCalendarRepository(db: Executor) {
  return {
    /**
     * Every session starting in [from, to) at the sites, with its group's seats and the group's
     * bookings counted by state: one statement, however many sessions (a booking holds a seat in
     * the whole group, so each of the group's sessions counts it).
     */
    sessions(from: Date, to: Date, siteIds: Sites) {
      return db
        .select({
          sessionId: groupSessions.id,
          testerDay: groupSessions.testerDay,
          startsAt: groupSessions.startsAt,
          endsAt: groupSessions.endsAt,
          studyNo: sessionGroups.studyNo,
          siteId: sessionGroups.siteId,
          kind: sessionGroups.kind,
          cell: sessionGroups.cell,
          color: sessionGroups.color,
          status: sessionGroups.status,
          seats: sessionGroups.seats,
          taken: sessionGroups.taken,
          held: sessionGroups.held,
          overbook: sessionGroups.overbook,
          booked: sql<number>`(count(${bookings.id}) filter (where ${bookings.status} = 'booked'))::int`,
          checkedIn: sql<number>`(count(${bookings.id}) filter (where ${bookings.status} = 'attended'))::int`,
          noShows: sql<number>`(count(${bookings.id}) filter (where ${bookings.status} = 'noShow'))::int`,
        })
        .from(groupSessions)
        .innerJoin(sessionGroups, eq(sessionGroups.id, groupSessions.groupId))
        .leftJoin(bookings, eq(bookings.groupId, sessionGroups.id))
        .where(and(startsWithin(from, to), siteIds ? inArray(sessionGroups.siteId, [...siteIds]) : undefined))
        .groupBy(groupSessions.id, sessionGroups.id)
        .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
    },

    /**
     * The bookings (live, checked in or no-show) whose group has a session starting in [from, to)
     * at one site, a row per booking and such session: the list of the day reads them in one statement.
     */
    dayBookings(siteId: string, from: Date, to: Date) {
      return db
        .select({
          bookingId: bookings.id,
          testerId: bookings.testerId,
          childId: bookings.childId,
          status: bookings.status,
          studyNo: bookings.studyNo,
          cell: sessionGroups.cell,
          sessionId: groupSessions.id,
          startsAt: groupSessions.startsAt,
          endsAt: groupSessions.endsAt,
        })
        .from(bookings)
        .innerJoin(sessionGroups, eq(sessionGroups.id, bookings.groupId))
        .innerJoin(groupSessions, eq(groupSessions.groupId, sessionGroups.id))
        .where(and(eq(sessionGroups.siteId, siteId), inArray(bookings.status, ['booked', 'attended', 'noShow']), startsWithin(from, to)))
        .orderBy(asc(groupSessions.startsAt), asc(bookings.id));
    },
  };
}
