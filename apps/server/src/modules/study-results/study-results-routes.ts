import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studyResultsQuerySchema, studyResultsResponseSchema } from '@testerhub/shared/session-admin-schemas';
import { studyQuerySchema } from '@testerhub/shared/study-query';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { StudyResultsService } from './study-results-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/** A study's screener results, waiting list, bookings and CSV export in the staff console (issue 12 section 2; decision 051). */
export function studyResultsRoutes(results: StudyResultsService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/study-results/Summary',
      {
        roles: RECRUITER,
        description:
          'Who screened (200 a page, newest first), when, the outcome and the answers; the waiting list; the bookings per group. 404 for an unknown study.',
        input: studyResultsQuerySchema,
        response: studyResultsResponseSchema,
      },
      async (input) => {
        const found = await results.summary(input.studyNo, input.page);
        if (!found) throw new NotFoundError('There is no study with that number.');
        return found;
      },
    );

    staffGet(
      app,
      '/staff/study-results/Export',
      {
        roles: RECRUITER,
        description:
          'The answers and bookings as CSV (RFC 4180; cells beginning with = + - @ defused), streamed as an attachment named with the study and the day; audited. 404 for an unknown study.',
        input: studyQuerySchema,
      },
      async (input, me, request, reply) => {
        const { studyNo } = input;
        if (!(await results.studyExists(studyNo))) throw new NotFoundError('There is no study with that number.');
        const records = await results.exportCsv(me.id, studyNo);
        request.log.info({ event: 'staff.study-results.export', staffId: me.id, studyNo }, 'study results exported');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${results.exportFileName(studyNo)}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(records));
      },
    );
  };
}
