import { defineModule } from '../../core/modules/app-module.ts';
import type { AboutMeService } from '../about-me/about-me-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { studyAdminRoutes } from './study-admin-routes.ts';
import { createStudyAdminService } from './study-admin-service.ts';
import { studyRoutes } from './study-routes.ts';
import { createStudyService } from './study-service.ts';

/** Studies and who may screen for them (decision 017); recruiters' studies and screeners (decision 050). */
export const studiesModule = defineModule({
  name: 'studies',
  build(
    {
      aboutMe,
      publicContent,
      staff,
    }: { aboutMe: AboutMeService; publicContent: Pick<PublicContentService, 'listTestSites'>; staff: Pick<StaffService, 'audited'> },
    { db, clock },
  ) {
    const studies = createStudyService(db, { clock, aboutMe });
    const studyAdmin = createStudyAdminService(db, {
      clock,
      audited: staff.audited,
      listTestSites: publicContent.listTestSites,
      existingAnswerIds: aboutMe.existingAnswerIds,
    });
    return { provides: { studies }, routes: { tester: [studyRoutes(studies)], staff: [studyAdminRoutes(studyAdmin)] } };
  },
});
