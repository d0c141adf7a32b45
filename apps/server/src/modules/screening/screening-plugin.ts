import { defineModule, type ModuleJob } from '../../core/modules/app-module.ts';
import type { ChildrenReader } from '../children/children-service.ts';
import type { LeaderboardService } from '../leaderboard/leaderboard-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import { createScreenerAdminService } from './screener-admin-service.ts';
import { screeningRoutes } from './screening-routes.ts';
import { createScreeningReader, createScreeningService } from './screening-service.ts';

/**
 * What seat offers read of screening (the waiting list, a fresh link), and the recruiters' screener
 * editor the study admin uses: built before scheduling, which screening uses.
 */
export const screeningReaderModule = defineModule({
  name: 'screening-reader',
  build(_needs: object, { db, clock, secrets }) {
    return {
      provides: {
        screeningReader: createScreeningReader(db, { clock, studyLinkSecret: secrets.studyLink }),
        screenerAdmin: createScreenerAdminService(),
      },
    };
  },
});

/** Reopens screeners finished with 101 once their tester's booking is over (issue 29; decision 104). */
export const SCREENING_REOPEN_JOB = 'screening-reopen-after-101';

/** Hosted screeners, their completion in one unit of work, the one waiting list (decisions 017, 024). */
export const screeningModule = defineModule({
  name: 'screening',
  build(
    {
      studies,
      ledger,
      scheduling,
      childrenReader,
      leaderboard,
    }: {
      studies: StudyService;
      ledger: LedgerService;
      scheduling: SchedulingService;
      childrenReader: Pick<ChildrenReader, 'findChild'>;
      leaderboard: Pick<LeaderboardService, 'screenerFilled'>;
    },
    { db, clock, secrets, metrics, log },
  ) {
    const screening = createScreeningService(db, {
      clock,
      counters: metrics.business,
      studies,
      ledger,
      scheduling,
      studyLinkSecret: secrets.studyLink,
      findChild: childrenReader.findChild,
      onScreenerFilled: leaderboard.screenerFilled,
    });
    const reopenAfterBookings: ModuleJob = {
      name: SCREENING_REOPEN_JOB,
      cron: '*/15 * * * *',
      timeZone: 'UTC',
      policy: 'singleton',
      retryLimit: 0,
      run: async () => {
        const reopened = await screening.reopenAfterBookings();
        if (reopened > 0) log.info({ reopened }, 'screeners finished with 101 opened again');
        return { reopened };
      },
    };
    // Provided too, so the fake-clock listener's test-support route can run it at its clock's time (decision 042).
    return {
      provides: { screening, screeningReopen: reopenAfterBookings },
      routes: { tester: [screeningRoutes(screening)] },
      jobs: [reopenAfterBookings],
    };
  },
});
