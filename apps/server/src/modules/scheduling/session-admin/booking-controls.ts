import {
  BOOKING_CONTROL_TEXTS,
  type BookingControlPayload,
  type BookingControlResponse,
  type GroupBookingsResponse,
  type MoveBookingPayload,
  type SeatTesterPayload,
} from '@testerhub/shared/booking-control-schemas';
import { MESSAGE_TEXTS, type CancelGroupPayload, type CancelGroupResponse } from '@testerhub/shared/staff-message-schemas';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import type { TesterService } from '../../testers/tester-service.ts';
import type { StaffMessages } from '../messages/staff-messages.ts';
import type { SchedulingService } from '../scheduling-service.ts';

/**
 * A recruiter's controls of a group's bookings (issue 29; decision 111): cancel a tester's booking,
 * move it to another group of the study, seat a tester by hand. Each is one audited unit of work:
 * the change, its e-mail to the tester (outbox) and the audit row naming the tester, study, session
 * and the reason typed commit together or not at all.
 */
export function createBookingControls(deps: {
  scheduling: Pick<SchedulingService, 'cancelByStaff' | 'cancelGroupByStaff' | 'moveByStaff' | 'seatByStaff' | 'bookingsOfGroup'>;
  testers: Pick<TesterService, 'findByEmail' | 'fullNames'>;
  messages: Pick<StaffMessages, 'noticeOfCancelledGroup'>;
  audited: StaffService['audited'];
}) {
  const booking = (id: number) => ({ type: 'booking', id: String(id) });

  return {
    /** The group's people with their bookings' states, for the controls; null for an unknown group. */
    async groupBookings(groupId: string): Promise<GroupBookingsResponse | null> {
      const found = await deps.scheduling.bookingsOfGroup(groupId);
      if (!found) return null;
      const names = await deps.testers.fullNames([...new Set(found.rows.map((row) => row.testerId))]);
      return {
        status: 'succeed',
        groupId,
        bookings: found.rows.map((row) => {
          const tester = names.get(row.testerId);
          return {
            bookingId: row.bookingId,
            testerName: tester ? `${tester.firstName} ${tester.lastName}` : 'A tester',
            childName: row.childId === null ? null : (found.childNames.get(row.childId) ?? 'A child'),
            status: row.status as GroupBookingsResponse['bookings'][number]['status'],
          };
        }),
      };
    },

    cancel(staff: StaffPrincipal, input: BookingControlPayload): Promise<BookingControlResponse> {
      return refusalAnswered(() =>
        deps.audited(staff.id, 'booking.cancel', booking(input.bookingId), async (tx) => {
          const { coinsTakenBack, ...cancelled } = await deps.scheduling.cancelByStaff(input.bookingId, tx);
          return {
            before: { ...cancelled, status: 'booked' },
            after: { status: 'cancelled', coinsTakenBack, reason: input.reason },
            result: { status: 'succeed' as const, message: BOOKING_CONTROL_TEXTS.cancelled(cancelled.person) },
          };
        }),
      );
    },

    /**
     * Cancels a whole group with a notice (decision 123): closed, each booking cancelled by the staff
     * cancel above (seat freed, credit taken back, the tester's cancellation e-mail and .ics), its
     * seat offers and Notify me entries ended, and everyone it released or kept waiting told with
     * the notice, in one audited unit of work.
     */
    cancelGroup(staff: StaffPrincipal, input: CancelGroupPayload): Promise<CancelGroupResponse> {
      return refusalAnswered(() =>
        deps.audited(staff.id, 'session-group.cancel', { type: 'session-group', id: input.groupId }, async (tx) => {
          const done = await deps.scheduling.cancelGroupByStaff(input.groupId, tx);
          const testerIds = [...done.cancelled.map((booking) => booking.testerId), ...done.endedOffers.map((person) => person.testerId)];
          const { told, skipped } = await deps.messages.noticeOfCancelledGroup(staff, { group: done.group, testerIds }, input.notice, tx);
          return {
            before: { session: done.label, status: done.group.status, bookings: done.cancelled.map((booking) => booking.person) },
            after: {
              status: 'cancelled',
              reason: input.reason,
              study: done.study,
              released: done.cancelled.length,
              offersEnded: done.endedOffers.length,
              told,
              skipped,
              notice: { template: input.notice.template, subject: input.notice.subject },
            },
            result: {
              status: 'succeed' as const,
              message: MESSAGE_TEXTS.cancelled(done.cancelled.length, told),
              released: done.cancelled.length,
              told,
            },
          };
        }),
      );
    },

    move(staff: StaffPrincipal, input: MoveBookingPayload): Promise<BookingControlResponse> {
      return refusalAnswered(() =>
        deps.audited(staff.id, 'booking.move', booking(input.bookingId), async (tx) => {
          const { to, ...moved } = await deps.scheduling.moveByStaff(input.bookingId, input.groupId, tx);
          return {
            before: moved,
            after: { session: to, reason: input.reason },
            result: { status: 'succeed' as const, message: BOOKING_CONTROL_TEXTS.moved(moved.person) },
          };
        }),
      );
    },

    seat(staff: StaffPrincipal, input: SeatTesterPayload): Promise<BookingControlResponse> {
      return refusalAnswered(async () => {
        const tester = await deps.testers.findByEmail(input.email);
        if (!tester) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.testerNotFound, 'email');
        return deps.audited(staff.id, 'booking.seat', booking(0), async (tx) => {
          const seated = await deps.scheduling.seatByStaff(tester.id, input.groupId, tx);
          return {
            before: null,
            after: { ...seated, status: 'booked', reason: input.reason },
            targetId: String(seated.bookingId),
            result: { status: 'succeed' as const, message: BOOKING_CONTROL_TEXTS.seated(seated.person) },
          };
        });
      });
    },
  };
}

export type BookingControls = ReturnType<typeof createBookingControls>;
