import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInMarkResponseSchema,
  checkInMarkSchema,
  checkInScanResponseSchema,
  checkInScanSchema,
  checkInSearchResponseSchema,
  checkInSearchSchema,
} from '@testerhub/shared/check-in-schemas';
import { bookingControlResponseSchema, bookingControlSchema } from '@testerhub/shared/booking-control-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { CheckInService } from './check-in-service.ts';

/** Site staff at their own sites (admins, who hold every role's work, everywhere: decision 049). */
const CHECK_IN_ROLES: readonly StaffRole[] = ['site-staff'];
/** Undoing a check-in: site staff at their own sites, and recruiters at every site, as for a no-show by hand (decision 111). */
const UNDO_ROLES: readonly StaffRole[] = ['site-staff', 'recruiter'];

/** The check-in calls of the staff scope (issue 12 section 4; decision 048). */
export function checkInRoutes(checkIn: CheckInService): FastifyPluginAsyncZod {
  return async (app) => {
    staffPost(
      app,
      '/staff/check-in/Scan',
      {
        roles: CHECK_IN_ROLES,
        description:
          'A scanned QR code’s signed token: the booking it names, with the tester, study, session and children; refused when altered, gone or at a site not the caller’s.',
        input: checkInScanSchema,
        response: checkInScanResponseSchema,
      },
      async (input, me, request) => {
        const result = await checkIn.scan(me, input.token);
        if (result.status !== 'succeed') {
          request.log.warn({ event: 'staff.check-in.refused', staffId: me.id, status: result.status }, 'check-in code refused');
        }
        return result;
      },
    );

    staffGet(
      app,
      '/staff/check-in/Search',
      {
        roles: CHECK_IN_ROLES,
        description: 'Bookings at the caller’s sites found by the tester’s name (the fallback to scanning).',
        input: checkInSearchSchema,
        response: checkInSearchResponseSchema,
      },
      async (input, me) => checkIn.search(me, input.name),
    );

    staffPost(
      app,
      '/staff/check-in/MarkAttended',
      {
        roles: CHECK_IN_ROLES,
        description:
          'A booking marked attended: pays the session’s coins and experience through the ledger and records the compensation owed. Refused when not booked any more (attended, cancelled, no-show) or on a later day.',
        input: checkInMarkSchema,
        response: checkInMarkResponseSchema,
      },
      async (input, me, request) => {
        const { bookingId } = input;
        const result = await checkIn.markAttended(me, bookingId);
        request.log.info({ event: 'staff.check-in.attend', staffId: me.id, bookingId, status: result.status }, 'booking marked attended');
        return result;
      },
    );

    staffPost(
      app,
      '/staff/check-in/UndoAttendance',
      {
        roles: UNDO_ROLES,
        description:
          'A mistaken check-in undone, with the reason: the booking is booked again and that check-in’s coins and experience are taken back once, never below zero (what was spent is recorded as the shortfall). failed: not checked in, or at a site not the caller’s.',
        input: bookingControlSchema,
        response: bookingControlResponseSchema,
      },
      async (input, me) => checkIn.undoAttendance(me, input),
    );
  };
}
