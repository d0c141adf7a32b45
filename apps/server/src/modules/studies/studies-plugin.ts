import { defineModule } from '../../core/modules/app-module.ts';
import type { AboutMeService } from '../about-me/about-me-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { ScreenerAdminService } from '../screening/screener-admin-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { studyAdminRoutes } from './study-admin-routes.ts';
import { createStudyAdminService } from './study-admin-service.ts';
import { studyRoutes } from './study-routes.ts';
import { createStudyService } from './study-service.ts';

/** Studies and who may screen for them (decision 017). */
export const studiesModule = defineModule({
  name: 'studies',
  build({ aboutMe, testers }: { aboutMe: AboutMeService; testers: Pick<TesterService, 'heldAsDuplicate'> }, { db, clock }) {
    const studies = createStudyService(db, { clock, aboutMe, screeningHeld: testers.heldAsDuplicate });
    return { provides: { studies }, routes: { tester: [studyRoutes(studies)] } };
  },
});

/** Recruiters' studies and their screeners (decision 050): after screening, whose screener editor it uses. */
export const studyAdminModule = defineModule({
  name: 'study-admin',
  build(
    {
      aboutMe,
      publicContent,
      staff,
      screenerAdmin,
    }: {
      aboutMe: Pick<AboutMeService, 'existingAnswerIds'>;
      publicContent: Pick<PublicContentService, 'listTestSites'>;
      staff: Pick<StaffService, 'audited'>;
      screenerAdmin: ScreenerAdminService;
    },
    { db, clock, config },
  ) {
    const studyAdmin = createStudyAdminService(db, {
      clock,
      companyTimeZone: config.loyaltyTimeZone,
      audited: staff.audited,
      listTestSites: publicContent.listTestSites,
      existingAnswerIds: aboutMe.existingAnswerIds,
      screeners: screenerAdmin,
    });
    return { provides: {}, routes: { staff: [studyAdminRoutes(studyAdmin)] } };
  },
});
