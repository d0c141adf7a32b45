import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from './app-options.ts';
import { setAfterCommitErrorLog } from './core/db/client.ts';
import { systemClock } from './core/clock.ts';
import { createJobRunner } from './core/jobs/job-runner.ts';
import { moduleChain } from './core/modules/module-chain.ts';
import { createModuleCore } from './core/modules/module-core.ts';
import { registerTesterScope } from './core/auth/tester-scope.ts';
import { registerStaffScope } from './core/auth/staff-scope.ts';
import { createServer } from './core/http/create-server.ts';
import { registerErrorHandler } from './core/http/error-handler.ts';
import { healthRoutes } from './core/http/health-routes.ts';
import { createReadiness } from './core/http/readiness.ts';
import { registerWebApp } from './core/http/web-app.ts';
import { createAppMetrics, serveMetrics } from './core/metrics/app-metrics.ts';
import { accountSettingsModule } from './modules/account-settings/account-settings-plugin.ts';
import { attendanceModule } from './modules/attendance/attendance-plugin.ts';
import { activeSessionsModule, authModule } from './modules/auth/auth-plugin.ts';
import { calloutsModule } from './modules/callouts/callouts-plugin.ts';
import { checkInModule } from './modules/check-in/check-in-plugin.ts';
import { childrenModule, childrenReaderModule } from './modules/children/children-plugin.ts';
import { dailyBonusModule } from './modules/daily-bonus/daily-bonus-plugin.ts';
import { dashboardModule } from './modules/dashboard/dashboard-plugin.ts';
import { aboutMeModule } from './modules/about-me/about-me-plugin.ts';
import { winnersModule } from './modules/winners/winners-plugin.ts';
import { leaderboardModule } from './modules/leaderboard/leaderboard-plugin.ts';
import { ledgerModule, levelsSettingsModule, loyaltySettingsNoticesModule } from './modules/ledger/ledger-plugin.ts';
import { mailModule } from './modules/mail/mail-plugin.ts';
import { perksModule } from './modules/perks/perks-plugin.ts';
import { privacyModule } from './modules/privacy/privacy-plugin.ts';
import { profileModule } from './modules/profile/profile-plugin.ts';
import { contentAdminModule, publicContentModule } from './modules/public-content/public-content-plugin.ts';
import { quickSurveyModule } from './modules/quick-survey/quick-survey-plugin.ts';
import { rateLimitsModule } from './modules/rate-limits/rate-limits-plugin.ts';
import { recoveryModule } from './modules/recovery/recovery-plugin.ts';
import { referralModule } from './modules/referral/referral-plugin.ts';
import { registrationModule } from './modules/registration/registration-plugin.ts';
import { redeemModule } from './modules/redeem/redeem-plugin.ts';
import { reportsModule } from './modules/reports/reports-plugin.ts';
import { schedulingModule, selfScheduleModule } from './modules/scheduling/scheduling-plugin.ts';
import { screeningModule, screeningReaderModule } from './modules/screening/screening-plugin.ts';
import { staffModule } from './modules/staff/staff-plugin.ts';
import { studiesModule, studyAdminModule } from './modules/studies/studies-plugin.ts';
import { studyLinksModule } from './modules/study-links/study-links-plugin.ts';
import { studyResultsModule } from './modules/study-results/study-results-plugin.ts';
import { termsModule } from './modules/terms/terms-plugin.ts';
import { testSupportModule } from './modules/test-support/test-support-plugin.ts';
import { testerAdminModule, testersModule } from './modules/testers/testers-plugin.ts';

export { GOLD_CARD_DRAWING_CRON, GOLD_CARD_DRAWING_JOB } from './modules/winners/winners-plugin.ts';
export { NO_SHOW_SWEEP_CRON, NO_SHOW_SWEEP_JOB } from './modules/attendance/attendance-plugin.ts';
export type { BuildAppOptions } from './app-options.ts';

/** The server: Fastify set up, the modules in the order they are built, their routes by scope, the web app (decision 082). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, settableClock, clock = settableClock ?? systemClock } = options;
  if (settableClock && !config.testSupportSecret) throw new Error('A settable clock is for test runs only: it needs testSupportSecret.');
  // The app's own registry (decision 094); the default metrics' timers only when a listener will read them.
  const metrics = createAppMetrics({ now: clock.nowMs, withDefaults: config.metrics !== undefined });
  const { app, sessionCookie, servedOverHttps } = await createServer(config, { metrics, logDestination: options.logDestination });
  // A unit of work's after-commit callbacks (mail nudges, cache forgets) report failures here: their change has committed.
  setAfterCommitErrorLog((error) => app.log.error({ err: error }, 'after-commit callback failed'));
  const { poolStats } = database;
  if (poolStats) metrics.observePool(() => poolStats());
  const jobs = createJobRunner({ app, database, scheduledJobs: config.scheduledJobs, stopTimeoutMs: config.shutdownGraceMs / 2, metrics });
  const readiness = options.readiness ?? createReadiness(database);
  const core = createModuleCore(app, { config, database, clock, settableClock, jobs: jobs.queue, sessionCookie, servedOverHttps, metrics });

  // Each module gets exactly the services it names, of modules before it (module-chain.ts).
  const modules = await moduleChain()
    .add(activeSessionsModule)
    .add(mailModule(options.startMailSender))
    .add(rateLimitsModule)
    .add(publicContentModule)
    .add(staffModule)
    .add(termsModule)
    .add(testersModule)
    .add(leaderboardModule)
    .add(ledgerModule)
    .add(referralModule)
    .add(registrationModule)
    .add(perksModule)
    .add(winnersModule)
    .add(dailyBonusModule)
    .add(profileModule)
    .add(levelsSettingsModule)
    .add(loyaltySettingsNoticesModule)
    .add(aboutMeModule)
    .add(quickSurveyModule)
    .add(studiesModule)
    // Read by scheduling and screening, whose services the children and screening services use.
    .add(childrenReaderModule)
    .add(screeningReaderModule)
    .add(studyAdminModule)
    .add(schedulingModule)
    .add(attendanceModule)
    .add(screeningModule)
    .add(childrenModule)
    .add(selfScheduleModule)
    .add(studyLinksModule)
    .add(authModule)
    .add(recoveryModule)
    .add(accountSettingsModule)
    .add(redeemModule)
    .add(privacyModule)
    .add(testerAdminModule)
    .add(checkInModule)
    .add(dashboardModule)
    .add(studyResultsModule)
    .add(reportsModule)
    .add(contentAdminModule)
    .add(calloutsModule)
    .add(testSupportModule)
    .build(core);
  jobs.run(modules.jobs);
  const { auth, staff, staffCookie, publicContent } = modules.services;

  await app.register(
    async (api) => {
      registerErrorHandler(api);
      // Public calls: no session needed, on purpose.
      await api.register(healthRoutes, { readiness });
      for (const routes of modules.publicRoutes) await routes(api);
      // The tester portal: every route here requires a tester session.
      await registerTesterScope(api, { authenticate: auth.authenticate, sessionCookie }, modules.testerRoutes);
      // The staff console: every route here requires a staff session and declares its roles.
      await registerStaffScope(api, { authenticate: staff.authenticate, cookie: staffCookie }, modules.staffRoutes);
      // The contract in development; in production only when API_DOCS=true says so.
      if (config.apiDocs) api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      options.extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );

  // Prometheus's listener: its own port, loopback unless METRICS_HOST says otherwise, never a route of the app (decision 094).
  serveMetrics(app, metrics, config.metrics);

  for (const routes of modules.rootRoutes) routes(app);
  if (config.webDistDir)
    await registerWebApp(app, config.webDistDir, { legalText: (page, language) => publicContent.getLegalText(page, language) });
  else registerErrorHandler(app);
  return app;
}
