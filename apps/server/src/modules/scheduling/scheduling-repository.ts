import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { bookings } from './scheduling-tables.ts';

export function createSchedulingRepository(db: Executor) {
  return {
    async hasUpcomingBooking(testerId: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'booked'), gt(bookings.startsAt, now)))
        .limit(1);
      return rows.length > 0;
    },
    async insertBooking(booking: typeof bookings.$inferInsert) {
      const [row] = await db.insert(bookings).values(booking).returning();
      return row!;
    },
  };
}
