import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { rewardCatalogueRoutes } from './reward-catalogue-routes.ts';
import { createRewardCatalogueService } from './reward-catalogue-service.ts';
import { rewardOrdersRoutes } from './reward-orders-routes.ts';
import { createRewardOrdersService } from './reward-orders-service.ts';
import { redeemRoutes } from './redeem-routes.ts';
import { createRedeemService } from './redeem-service.ts';

/** Redeeming and the earnings history (decision 034); staff fulfilment of orders (047) and the catalogue (055). */
export const redeemModule = defineModule({
  name: 'redeem',
  build(
    {
      ledger,
      testers,
      mail,
      scheduling,
      studies,
      staff,
    }: {
      ledger: LedgerService;
      testers: TesterService;
      mail: MailService;
      scheduling: Pick<SchedulingService, 'attendedCompensation'>;
      studies: Pick<StudyService, 'studyNames'>;
      staff: Pick<StaffService, 'audited'>;
    },
    { db, clock },
  ) {
    const redeem = createRedeemService(db, {
      clock,
      ledger,
      testers,
      mail,
      attendedCompensation: scheduling.attendedCompensation,
      studyNames: studies.studyNames,
    });
    const rewardOrders = createRewardOrdersService(db, { clock, ledger, testers, mail, audited: staff.audited });
    const rewardCatalogue = createRewardCatalogueService(db, { audited: staff.audited });
    return {
      provides: { redeem },
      routes: { tester: [redeemRoutes(redeem)], staff: [rewardOrdersRoutes(rewardOrders), rewardCatalogueRoutes(rewardCatalogue)] },
    };
  },
});
