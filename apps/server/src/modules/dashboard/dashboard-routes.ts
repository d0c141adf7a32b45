import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@testerhub/shared/dashboard-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { DashboardService } from './dashboard-service.ts';

/** GET /api/staff/Dashboard (decision 058): for every staff member; figures only, no tester's personal data. */
export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/Dashboard',
      { config: { staffRoles: 'any' }, schema: { tags: ['staff'], response: { 200: dashboardResponseSchema } } },
      withStaff(async () => dashboard.figures()),
    );
  };
}
