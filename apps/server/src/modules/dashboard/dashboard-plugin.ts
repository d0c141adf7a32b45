import { defineModule } from '../../core/modules/app-module.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { createDashboardService } from './dashboard-service.ts';

type DashboardDeps = Parameters<typeof createDashboardService>[0];

/** The staff dashboard (decision 058): figures read from the modules. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  build(
    {
      scheduling,
      testers,
      studies,
      publicContent,
    }: Pick<DashboardDeps, 'scheduling' | 'testers' | 'studies'> & { publicContent: Pick<PublicContentService, 'listTestSites'> },
    { clock, config },
  ) {
    const dashboard = createDashboardService({
      clock,
      timeZone: config.loyaltyTimeZone,
      scheduling,
      testers,
      studies,
      listTestSites: publicContent.listTestSites,
    });
    return { provides: {}, routes: { staff: [dashboardRoutes(dashboard)] } };
  },
});
