import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { funnelQuerySchema, funnelReportSchema, paymentsQuerySchema, paymentsReportSchema } from '@testerhub/shared/report-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { ReportsService } from './reports-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/**
 * Payment reports and the recruiting funnel (issue 29; decision 122). Totals only: no tester is
 * named, so the CSV is not a read of personal data and is not audited as one.
 */
export function reportsRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/reports/Payments',
      {
        roles: RECRUITER,
        description:
          "A month's coins paid by study (screening, scheduling, attendance, take-backs), the compensation owed at the sites and the reward orders; the month in the company's time zone, this month by default.",
        input: paymentsQuerySchema,
        response: paymentsReportSchema,
      },
      (input) => reports.payments(input.month),
    );

    staffGet(
      app,
      '/staff/reports/PaymentsExport',
      {
        roles: RECRUITER,
        description: 'The payments report as CSV (RFC 4180), an attachment named with the month.',
        input: paymentsQuerySchema,
      },
      async (input, _me, _request, reply) => {
        const report = await reports.payments(input.month);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reports.paymentsFileName(report.month)}"`)
          .header('cache-control', 'no-store')
          .send(reports.paymentsCsv(report));
      },
    );

    staffGet(
      app,
      '/staff/reports/Funnel',
      {
        roles: RECRUITER,
        description:
          "A study's recruiting funnel: people invited, who opened the invitation, answered the screener, qualified, booked, attended and did not come. 404 for an unknown study.",
        input: funnelQuerySchema,
        response: funnelReportSchema,
      },
      async (input) => {
        const found = await reports.funnel(input.studyNo);
        if (!found) throw new NotFoundError('There is no study with that number.');
        return found;
      },
    );
  };
}
