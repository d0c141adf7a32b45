import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@testerhub/shared/dashboard-schemas';
import { staffGet } from '../../core/auth/staff-scope.ts';
import type { DashboardService } from './dashboard-service.ts';

/** GET /api/staff/Dashboard (decision 058): for every staff member; figures only, no tester's personal data. */
export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/Dashboard',
      {
        roles: 'any',
        description: "Today's sessions per site, the open studies filling, and 12 weeks of sign-ups and no-show rate.",
        response: dashboardResponseSchema,
      },
      () => dashboard.figures(),
    );
  };
}
