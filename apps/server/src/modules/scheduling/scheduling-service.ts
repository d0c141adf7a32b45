import type { Database, Executor } from '../../core/db/client.ts';
import { createSchedulingRepository } from './scheduling-repository.ts';

export type BookingStatus = 'booked' | 'cancelled' | 'attended' | 'noShow';

export interface NewBooking {
  testerId: string;
  studyNo: number;
  startsAt: Date;
  endsAt: Date;
  childId?: number | null;
  status?: BookingStatus;
}

/** Bookings of study sessions (minimal: the scheduling issue extends it with sessions, seats and self-scheduling). */
export function createSchedulingService(db: Database) {
  return {
    /** Whether the tester holds a booked session that has not started yet (the screener's 101 rule). */
    hasUpcomingBooking(testerId: string, now: Date, tx?: Executor): Promise<boolean> {
      return createSchedulingRepository(tx ?? db).hasUpcomingBooking(testerId, now);
    },
    createBooking(booking: NewBooking, tx?: Executor) {
      return createSchedulingRepository(tx ?? db).insertBooking({ ...booking, status: booking.status ?? 'booked' });
    },
  };
}

export type SchedulingService = ReturnType<typeof createSchedulingService>;
