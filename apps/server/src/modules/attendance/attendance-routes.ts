import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingControlResponseSchema, bookingControlSchema } from '@testerhub/shared/booking-control-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffPost } from '../../core/auth/staff-scope.ts';
import type { MarkNoShowByHand } from './no-show-by-hand.ts';

/** Site staff at their own sites, and recruiters, who take testers' calls for every site (decision 111; admins hold both: decision 049). */
const NO_SHOW_ROLES: readonly StaffRole[] = ['site-staff', 'recruiter'];

/** The staff's no-show by hand (issue 29; decision 111). */
export function attendanceRoutes(markNoShowByHand: MarkNoShowByHand): FastifyPluginAsyncZod {
  return async (app) => {
    staffPost(
      app,
      '/staff/attendance/MarkNoShow',
      {
        roles: NO_SHOW_ROLES,
        description:
          'A booked session closed as a no-show by hand, with the reason: the no-show rule applies as after the sweep (warning e-mail, or suspension at the count); a seat still to come is freed. failed: not booked any more, or at a site not the caller’s.',
        input: bookingControlSchema,
        response: bookingControlResponseSchema,
      },
      async (input, me) => markNoShowByHand(me, input),
    );
  };
}
