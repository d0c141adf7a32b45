import { defineModule } from '../../core/modules/app-module.ts';
import type { LeaderboardService } from '../leaderboard/leaderboard-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { referralPipelineRoutes } from './referral-pipeline-routes.ts';
import { createReferralPipelineService } from './referral-pipeline-service.ts';
import { referralRoutes } from './referral-routes.ts';
import { createReferralService } from './referral-service.ts';

/** Referred friends (decision 036) and the staff's pipeline (decision 054). */
export const referralModule = defineModule({
  name: 'referral',
  build(
    {
      testers,
      ledger,
      mail,
      leaderboard,
      rateLimits,
      staff,
    }: {
      testers: TesterService;
      ledger: LedgerService;
      mail: MailService;
      leaderboard: Pick<LeaderboardService, 'referralMade'>;
      rateLimits: RateLimitStore;
      staff: Pick<StaffService, 'audited'>;
    },
    { db, clock, config },
  ) {
    const referrals = createReferralService(db, {
      clock,
      testers,
      ledger,
      mail,
      timeZone: config.loyaltyTimeZone,
      onReferralMade: leaderboard.referralMade,
      rateLimits,
    });
    const referralPipeline = createReferralPipelineService({ referrals, testers, audited: staff.audited });
    return {
      provides: { referrals },
      routes: { tester: [referralRoutes(referrals)], staff: [referralPipelineRoutes(referralPipeline)] },
    };
  },
});
