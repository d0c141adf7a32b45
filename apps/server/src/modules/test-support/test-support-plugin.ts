import { defineModule, type ModuleJob } from '../../core/modules/app-module.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { testSupportRoutes } from './test-support-routes.ts';
import { createTestSupportService } from './test-support-service.ts';

type TestSupportDeps = Parameters<typeof createTestSupportService>[1];

/**
 * Calls only browser tests use (decision 014): without TEST_SUPPORT_SECRET these routes do not
 * exist. On the fake-clock listener (decision 042) also the clock and the scheduled jobs it runs.
 */
export const testSupportModule = defineModule({
  name: 'test-support',
  build(
    {
      testers,
      ledger,
      auth,
      registration,
      scheduling,
      studies,
      screening,
      studyLinks,
      children,
      terms,
      staff,
      goldCardDrawing,
      noShowSweep,
      screeningReopen,
    }: Omit<TestSupportDeps, 'config' | 'clock'> & {
      staff: Pick<StaffService, 'createAccount'>;
      goldCardDrawing: ModuleJob;
      noShowSweep: ModuleJob;
      screeningReopen: ModuleJob;
    },
    { db, clock, settableClock, config, sessionCookie },
  ) {
    const secret = config.testSupportSecret;
    if (!secret) return { provides: {} };
    const service = createTestSupportService(db, {
      testers,
      ledger,
      auth,
      registration,
      config,
      scheduling,
      studies,
      screening,
      clock,
      studyLinks,
      children,
      terms,
    });
    const fakeClock = settableClock && {
      clock: settableClock,
      jobs: { [goldCardDrawing.name]: goldCardDrawing, [noShowSweep.name]: noShowSweep, [screeningReopen.name]: screeningReopen },
    };
    const options = { secret, service, sessionCookie, sessionMaxAgeSeconds: config.sessionAbsoluteHours * 3600, staff, clock: fakeClock };
    return { provides: {}, routes: { public: [(api) => api.register(testSupportRoutes, options)] } };
  },
});
