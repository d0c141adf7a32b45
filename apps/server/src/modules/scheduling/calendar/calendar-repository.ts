import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client.ts';
import { bookings, groupSessions, sessionGroups } from '../scheduling-tables.ts';

const startsWithin = (from: Date, to: Date) => sql`${groupSessions.startsAt} >= ${from} and ${groupSessions.startsAt} < ${to}`;

/** The staff calendar's list of the day (decision 120); its sessions are the scheduling repository's `sessionsStarting`. */
export function createCalendarRepository(db: Executor) {
  return {
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
