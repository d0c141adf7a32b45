import { defineModule } from '../../core/modules/app-module.ts';
import type { ChildrenReader } from '../children/children-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import { DEFAULT_TIME_ZONE } from '../scheduling/scheduling-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import { studyResultsRoutes } from './study-results-routes.ts';
import { createStudyResultsService } from './study-results-service.ts';

type StudyResultsDeps = Parameters<typeof createStudyResultsService>[0];

/** Recruiters' view of a study: screenings, waiting list, bookings per group, the CSV (decision 051). */
export const studyResultsModule = defineModule({
  name: 'study-results',
  build(
    {
      scheduling,
      screening,
      testers,
      childrenReader,
      studies,
      publicContent,
      staff,
    }: Pick<StudyResultsDeps, 'scheduling' | 'screening' | 'testers'> & {
      childrenReader: Pick<ChildrenReader, 'childNames'>;
      studies: Pick<StudyService, 'studyNames'>;
      publicContent: Pick<PublicContentService, 'listTestSites'>;
      staff: Pick<StaffService, 'audited'>;
    },
    { clock },
  ) {
    const studyResults = createStudyResultsService({
      clock,
      scheduling,
      screening,
      testers,
      childNames: childrenReader.childNames,
      studyNames: studies.studyNames,
      listTestSites: publicContent.listTestSites,
      defaultTimeZone: DEFAULT_TIME_ZONE,
      audited: staff.audited,
    });
    return { provides: {}, routes: { staff: [studyResultsRoutes(studyResults)] } };
  },
});
