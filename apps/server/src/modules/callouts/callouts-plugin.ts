import { defineModule } from '../../core/modules/app-module.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { calloutAdminRoutes } from './callout-admin-routes.ts';
import { createCalloutAdminService } from './callout-admin-service.ts';
import { calloutRoutes } from './callout-routes.ts';
import { createCalloutService } from './callout-service.ts';

/** The portal's call-outs (decision 035) and the content staff's call-out calls (decision 063). */
export const calloutsModule = defineModule({
  name: 'callouts',
  build({ staff }: { staff: Pick<StaffService, 'audited'> }, { db, clock, config }) {
    return {
      provides: {},
      routes: {
        tester: [calloutRoutes(createCalloutService(db, { clock }))],
        staff: [calloutAdminRoutes(createCalloutAdminService(db, { audited: staff.audited, timeZone: config.loyaltyTimeZone }))],
      },
    };
  },
});
