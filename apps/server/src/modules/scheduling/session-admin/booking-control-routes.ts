import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingControlResponseSchema,
  bookingControlSchema,
  groupBookingsQuerySchema,
  groupBookingsResponseSchema,
  moveBookingSchema,
  seatTesterSchema,
} from '@testerhub/shared/booking-control-schemas';
import { cancelGroupResponseSchema, cancelGroupSchema } from '@testerhub/shared/staff-message-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { BookingControls } from './booking-controls.ts';

/** Recruiters, who run a study's groups (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/** A group's bookings under a recruiter's control (issue 29; decision 111). */
export function bookingControlRoutes(controls: BookingControls): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/sessions/GroupBookings',
      {
        roles: RECRUITER,
        description: 'The people booked in a group (every status), for its booking controls. 404 for an unknown group.',
        input: groupBookingsQuerySchema,
        response: groupBookingsResponseSchema,
      },
      async (input) => {
        const found = await controls.groupBookings(input.groupId);
        if (!found) throw new NotFoundError('That session group no longer exists.');
        return found;
      },
    );

    staffPost(
      app,
      '/staff/sessions/CancelBooking',
      {
        roles: RECRUITER,
        description:
          'A tester’s booking cancelled by staff, with the reason, inside the notice window too: the seat is freed, the scheduling credit taken back, the tester e-mailed (METHOD:CANCEL).',
        input: bookingControlSchema,
        response: bookingControlResponseSchema,
      },
      async (input, me) => controls.cancel(me, input),
    );

    staffPost(
      app,
      '/staff/sessions/CancelGroup',
      {
        roles: RECRUITER,
        description:
          'A whole group cancelled with the reason, before its first session only: closed, every booking cancelled (each tester e-mailed, METHOD:CANCEL), seat offers and Notify me entries for it ended, everyone told with the notice.',
        input: cancelGroupSchema,
        response: cancelGroupResponseSchema,
      },
      async (input, me) => controls.cancelGroup(me, input),
    );

    staffPost(
      app,
      '/staff/sessions/MoveBooking',
      {
        roles: RECRUITER,
        description:
          'A booking moved to another group of its study, with the reason: a seat within the group’s seats and overbooking, the tester e-mailed the change (same calendar UID, higher SEQUENCE).',
        input: moveBookingSchema,
        response: bookingControlResponseSchema,
      },
      async (input, me) => controls.move(me, input),
    );

    staffPost(
      app,
      '/staff/sessions/SeatTester',
      {
        roles: RECRUITER,
        description:
          'A tester (by e-mail address) seated in a group by hand, with the reason: within its seats and overbooking, open to testers or not; no scheduling credit; the tester e-mailed.',
        input: seatTesterSchema,
        response: bookingControlResponseSchema,
      },
      async (input, me) => controls.seat(me, input),
    );
  };
}
