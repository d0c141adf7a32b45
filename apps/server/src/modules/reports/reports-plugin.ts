import { defineModule } from '../../core/modules/app-module.ts';
import type { StudyService } from '../studies/study-service.ts';
import { reportsRoutes } from './reports-routes.ts';
import { createReportsService, type ReportsDeps } from './reports-service.ts';

/** Payment reports and the recruiting funnel (decision 122): figures read from the modules that own them. */
export const reportsModule = defineModule({
  name: 'reports',
  build(
    {
      ledger,
      scheduling,
      redeem,
      screening,
      studyLinks,
      studies,
    }: Pick<ReportsDeps, 'ledger' | 'scheduling' | 'redeem' | 'screening' | 'studyLinks'> & { studies: Pick<StudyService, 'studyNames'> },
    { clock, config },
  ) {
    const reports = createReportsService({
      clock,
      timeZone: config.loyaltyTimeZone,
      ledger,
      scheduling,
      redeem,
      screening,
      studyLinks,
      studyNames: studies.studyNames,
    });
    return { provides: {}, routes: { staff: [reportsRoutes(reports)] } };
  },
});
