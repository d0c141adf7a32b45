import { defineModule } from '../../core/modules/app-module.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { leaderboardRoutes } from './leaderboard-routes.ts';
import { createLeaderboardService } from './leaderboard-service.ts';

/** Per-company-month counters and the ranking (decision 039); the ledger, referrals and screening move them. */
export const leaderboardModule = defineModule({
  name: 'leaderboard',
  build({ testers }: { testers: TesterService }, { db, clock, config }) {
    const leaderboard = createLeaderboardService(db, { clock, testers, timeZone: config.loyaltyTimeZone });
    return { provides: { leaderboard }, routes: { tester: [leaderboardRoutes(leaderboard)] } };
  },
});
