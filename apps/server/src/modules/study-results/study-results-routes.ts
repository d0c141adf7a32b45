import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studyQuerySchema, studyResultsResponseSchema, type StudyQuery } from '@testerhub/shared/session-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { StudyResultsService } from './study-results-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/** A study's screener results, waiting list, bookings and CSV export in the staff console (issue 12 section 2; decision 051). */
export function studyResultsRoutes(results: StudyResultsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/study-results/Summary',
      {
        config: { staffRoles: RECRUITER },
        schema: {
          tags: ['staff'],
          description:
            'Who screened (newest 200), when, the outcome and the answers; the waiting list; the bookings per group. 404 for an unknown study.',
          querystring: studyQuerySchema,
          response: { 200: studyResultsResponseSchema },
        },
      },
      withStaff(async (request) => {
        const found = await results.summary((request.query as StudyQuery).studyNo);
        if (!found) throw new NotFoundError('There is no study with that number.');
        return found;
      }),
    );

    app.get(
      '/staff/study-results/Export',
      {
        config: { staffRoles: RECRUITER },
        schema: {
          tags: ['staff'],
          description:
            'The answers and bookings as CSV (RFC 4180; cells beginning with = + - @ defused), streamed as an attachment named with the study and the day. 404 for an unknown study.',
          querystring: studyQuerySchema,
        },
      },
      withStaff(async (request, me, reply) => {
        const { studyNo } = request.query as StudyQuery;
        if (!(await results.studyExists(studyNo))) throw new NotFoundError('There is no study with that number.');
        request.log.info({ event: 'staff.study-results.export', staffId: me.id, studyNo }, 'study results exported');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${results.exportFileName(studyNo)}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(results.exportCsv(studyNo)));
      }),
    );
  };
}
