import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarSessionsQuerySchema,
  calendarSessionsResponseSchema,
  dayListQuerySchema,
  dayListResponseSchema,
} from '@testerhub/shared/calendar-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet } from '../../../core/auth/staff-scope.ts';
import type { CalendarService } from './calendar-service.ts';

/** Recruiters at every site, site staff at their own sites (admins hold every role's work: decision 049). */
const CALENDAR_ROLES: readonly StaffRole[] = ['recruiter', 'site-staff'];

/** The staff calendar and the list of the day (issue 29; decision 120). */
export function calendarRoutes(calendar: CalendarService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/calendar/Sessions',
      {
        roles: CALENDAR_ROLES,
        description:
          'The sessions of a day or a week (from, days 1 or 7; no from: today on the chosen site’s clock, else the company’s, a week from its Monday) at one site or every site the caller may see, each on its site’s clock: study, group, seats taken, held and free, check-ins and no-shows. 403 for a site not the caller’s.',
        input: calendarSessionsQuerySchema,
        response: calendarSessionsResponseSchema,
      },
      async (input, me) => calendar.sessions(me, input),
    );

    staffGet(
      app,
      '/staff/calendar/DayList',
      {
        roles: CALENDAR_ROLES,
        description:
          'The people expected at one site on one day (its own calendar day): time, tester, phone, children booked with them and their ages, study, status. Audited. 403 for a site not the caller’s.',
        input: dayListQuerySchema,
        response: dayListResponseSchema,
      },
      async (input, me) => calendar.dayList(me, input),
    );

    staffGet(
      app,
      '/staff/calendar/DayList.csv',
      {
        roles: CALENDAR_ROLES,
        description: 'The list of the day as CSV (RFC 4180; cells beginning with = + - @ defused), as an attachment. Audited.',
        input: dayListQuerySchema,
      },
      async (input, me, request, reply) => {
        const { fileName, csv } = await calendar.dayListCsv(me, input);
        request.log.info({ event: 'staff.calendar.day-list-csv', staffId: me.id, siteId: input.siteId }, 'list of the day exported');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
