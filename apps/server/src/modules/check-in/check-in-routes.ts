import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInMarkResponseSchema,
  checkInMarkSchema,
  checkInScanResponseSchema,
  checkInScanSchema,
  checkInSearchResponseSchema,
  checkInSearchSchema,
  type CheckInMark,
  type CheckInScan,
  type CheckInSearch,
} from '@testerhub/shared/check-in-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { CheckInService } from './check-in-service.ts';

/** Site staff at their own sites (admins, who hold every role's work, everywhere: decision 049). */
const CHECK_IN_ROLES: readonly StaffRole[] = ['site-staff'];

/** The check-in calls of the staff scope (issue 12 section 4; decision 048). */
export function checkInRoutes(checkIn: CheckInService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/staff/check-in/Scan',
      {
        config: { staffRoles: CHECK_IN_ROLES },
        schema: { tags: ['staff'], body: checkInScanSchema, response: { 200: checkInScanResponseSchema } },
      },
      withStaff(async (request, me) => {
        const result = await checkIn.scan(me, (request.body as CheckInScan).token);
        if (result.status !== 'succeed') {
          request.log.warn({ event: 'staff.check-in.refused', staffId: me.id, status: result.status }, 'check-in code refused');
        }
        return result;
      }),
    );

    app.get(
      '/staff/check-in/Search',
      {
        config: { staffRoles: CHECK_IN_ROLES },
        schema: { tags: ['staff'], querystring: checkInSearchSchema, response: { 200: checkInSearchResponseSchema } },
      },
      withStaff(async (request, me) => checkIn.search(me, (request.query as CheckInSearch).name)),
    );

    app.post(
      '/staff/check-in/MarkAttended',
      {
        config: { staffRoles: CHECK_IN_ROLES },
        schema: { tags: ['staff'], body: checkInMarkSchema, response: { 200: checkInMarkResponseSchema } },
      },
      withStaff(async (request, me) => {
        const { bookingId } = request.body as CheckInMark;
        const result = await checkIn.markAttended(me, bookingId);
        request.log.info({ event: 'staff.check-in.attend', staffId: me.id, bookingId, status: result.status }, 'booking marked attended');
        return result;
      }),
    );
  };
}
