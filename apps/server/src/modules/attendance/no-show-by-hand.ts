import { BOOKING_CONTROL_TEXTS, type BookingControlPayload, type BookingControlResponse } from '@testerhub/shared/booking-control-schemas';
import { refusalAnswered } from '../../core/audit/audited.ts';
import { bookingSitesOf } from '../../core/auth/booking-sites.ts';
import type { Clock } from '../../core/clock.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import type { AttendanceService } from './attendance-service.ts';

/**
 * A no-show marked by hand (issue 29; decision 111: the tester called to say they will not come), by
 * site staff at their sites or a recruiter at any: the booking closed once, and the same rule applied
 * as after the sweep (a warning, or the suspension at the count), with the audit row naming the
 * tester, study, session and the reason typed, all in one unit of work.
 */
export function createNoShowByHand(deps: {
  clock: Clock;
  scheduling: Pick<SchedulingService, 'markNoShowByHand'>;
  attendance: Pick<AttendanceService, 'applyRule'>;
  staff: Pick<StaffService, 'audited'>;
}) {
  return async (staff: StaffPrincipal, input: BookingControlPayload): Promise<BookingControlResponse> =>
    refusalAnswered(() =>
      deps.staff.audited(staff.id, 'booking.no-show', { type: 'booking', id: String(input.bookingId) }, async (tx) => {
        const booking = await deps.scheduling.markNoShowByHand(input.bookingId, bookingSitesOf(staff), tx);
        const suspended = await deps.attendance.applyRule(booking.testerId, deps.clock.now(), tx);
        return {
          before: { ...booking, status: 'booked' },
          after: { status: 'noShow', suspended, reason: input.reason },
          result: { status: 'succeed' as const, message: BOOKING_CONTROL_TEXTS.noShowMarked(booking.person) },
        };
      }),
    );
}

export type MarkNoShowByHand = ReturnType<typeof createNoShowByHand>;
