import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { quickSurveyRoutes } from './quick-survey-routes.ts';
import { createQuickSurveyService } from './quick-survey-service.ts';

/** Quick surveys, their counted responses and reward. */
export const quickSurveyModule = defineModule({
  name: 'quick-survey',
  build({ ledger }: { ledger: LedgerService }, { db, clock }) {
    const quickSurveys = createQuickSurveyService(db, { clock, ledger });
    return { provides: { quickSurveys }, routes: { tester: [quickSurveyRoutes(quickSurveys)] } };
  },
});
