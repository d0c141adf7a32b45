import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './core/config/env.ts';
import { setAfterCommitErrorLog, type DatabaseHandle } from './core/db/client.ts';
import { systemClock, type Clock, type FakeClock } from './core/clock.ts';
import { createJobQueue } from './core/jobs/job-queue.ts';
import { createLogger } from './core/logger.ts';
import { LOYALTY_SETTINGS_CHANNEL } from './core/db/loyalty-settings-notice.ts';
import { registerSessionCookie } from './core/auth/session-cookie.ts';
import { registerTesterScope, TESTER_SESSION_SCHEME } from './core/auth/tester-scope.ts';
import { createStaffCookie, registerStaffScope, STAFF_SESSION_SCHEME } from './core/auth/staff-scope.ts';
import { registerCrossSiteGuard } from './core/http/cross-site-guard.ts';
import { registerErrorHandler } from './core/http/error-handler.ts';
import { healthRoutes } from './core/http/health-routes.ts';
import { registerLegacyRedirects } from './core/http/legacy-redirects.ts';
import { responseSerializerCompiler } from './core/http/response-serializer.ts';
import { clientErrorResponder, registerSecurityHeaders, securityHeaderApplier } from './core/http/security-headers.ts';
import { registerWebApp } from './core/http/web-app.ts';
import { accountSettingsRoutes } from './modules/account-settings/account-settings-routes.ts';
import { privacyRoutes } from './modules/privacy/privacy-routes.ts';
import { createPrivacyService } from './modules/privacy/privacy-service.ts';
import { createAccountSettingsService } from './modules/account-settings/account-settings-service.ts';
import { createActiveSessionCache } from './modules/auth/active-session-cache.ts';
import { authPortalRoutes, authRoutes } from './modules/auth/auth-routes.ts';
import { createAuthService } from './modules/auth/auth-service.ts';
import { createSessionRepository, forgetAnnounced, SESSIONS_ENDED_CHANNEL } from './modules/auth/session-repository.ts';
import { calloutAdminRoutes } from './modules/callouts/callout-admin-routes.ts';
import { createCalloutAdminService } from './modules/callouts/callout-admin-service.ts';
import { calloutRoutes } from './modules/callouts/callout-routes.ts';
import { createCalloutService } from './modules/callouts/callout-service.ts';
import { childrenRoutes } from './modules/children/children-routes.ts';
import { createChildrenService } from './modules/children/children-service.ts';
import { dailyBonusRoutes } from './modules/daily-bonus/daily-bonus-routes.ts';
import { createDailyBonusService } from './modules/daily-bonus/daily-bonus-service.ts';
import { dailyBonusSettingsRoutes } from './modules/daily-bonus/daily-bonus-settings-routes.ts';
import { createDailyBonusSettingsService } from './modules/daily-bonus/daily-bonus-settings-service.ts';
import { eventsRoutes } from './modules/events/events-routes.ts';
import { eventsSettingsRoutes } from './modules/events/events-settings-routes.ts';
import { createEventsSettingsService } from './modules/events/events-settings-service.ts';
import { createLevelsSettingsService } from './modules/ledger/levels-settings-service.ts';
import { perksSettingsRoutes } from './modules/perks/perks-settings-routes.ts';
import { createPerksSettingsService } from './modules/perks/perks-settings-service.ts';
import { levelsSettingsRoutes } from './modules/ledger/levels-settings-routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard-routes.ts';
import { createLeaderboardService } from './modules/leaderboard/leaderboard-service.ts';
import { perksRoutes } from './modules/perks/perks-routes.ts';
import { createPerksService } from './modules/perks/perks-service.ts';
import { createEventsService } from './modules/events/events-service.ts';
import { createLedgerService } from './modules/ledger/ledger-service.ts';
import { registerDevMailbox } from './modules/mail/dev-mailbox-routes.ts';
import { createMailService, type MailSenderStarter } from './modules/mail/mail-service.ts';
import { dossierRoutes } from './modules/dossier/dossier-routes.ts';
import { createDossierService } from './modules/dossier/dossier-service.ts';
import { avatarAdminRoutes } from './modules/profile/avatar-admin-routes.ts';
import { avatarImageRoutes } from './modules/profile/avatar-image-routes.ts';
import { createAvatarAdminService } from './modules/profile/avatar-admin-service.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { createProfileService } from './modules/profile/profile-service.ts';
import { quickSurveyRoutes } from './modules/quick-survey/quick-survey-routes.ts';
import { createQuickSurveyService } from './modules/quick-survey/quick-survey-service.ts';
import { publicContentRoutes } from './modules/public-content/public-content-routes.ts';
import { PUBLIC_CONTENT_CHANNEL } from './modules/public-content/public-content-repository.ts';
import { createContentAdminService } from './modules/public-content/content-admin-service.ts';
import { contentAdminRoutes } from './modules/public-content/content-admin-routes.ts';
import { createLegalTextAdminService } from './modules/public-content/legal-text-admin-service.ts';
import { legalTextAdminRoutes } from './modules/public-content/legal-text-admin-routes.ts';
import { createSiteContentAdminService } from './modules/public-content/site-content-admin-service.ts';
import { siteContentAdminRoutes } from './modules/public-content/site-content-admin-routes.ts';
import { createReferralEventsAdminService } from './modules/public-content/referral-events-admin-service.ts';
import { referralEventsAdminRoutes } from './modules/public-content/referral-events-admin-routes.ts';
import { createPublicContentService } from './modules/public-content/public-content-service.ts';
import { rewardOrdersRoutes } from './modules/rewards/reward-orders-routes.ts';
import { studyAdminRoutes } from './modules/studies/study-admin-routes.ts';
import { createStudyAdminService } from './modules/studies/study-admin-service.ts';
import { createScreenerAdminService } from './modules/screening/screener-admin-service.ts';
import { rewardCatalogueRoutes } from './modules/rewards/reward-catalogue-routes.ts';
import { createRewardCatalogueService } from './modules/rewards/reward-catalogue-service.ts';
import { childQueueRoutes } from './modules/children/child-queue-routes.ts';
import { createChildQueueService } from './modules/children/child-queue-service.ts';
import { referralPipelineRoutes } from './modules/referrals/referral-pipeline-routes.ts';
import { createReferralPipelineService } from './modules/referrals/referral-pipeline-service.ts';
import { createRewardOrdersService } from './modules/rewards/reward-orders-service.ts';
import { rewardsRoutes } from './modules/rewards/rewards-routes.ts';
import { createRewardsService } from './modules/rewards/rewards-service.ts';
import { referralsRoutes } from './modules/referrals/referrals-routes.ts';
import { createReferralsService } from './modules/referrals/referrals-service.ts';
import { recoveryRoutes } from './modules/recovery/recovery-routes.ts';
import { createRecoveryService } from './modules/recovery/recovery-service.ts';
import { registrationRoutes } from './modules/registration/registration-routes.ts';
import { createRegistrationService } from './modules/registration/registration-service.ts';
import { schedulingRoutes } from './modules/scheduling/scheduling-routes.ts';
import { selfScheduleRoutes } from './modules/scheduling/self-schedule-routes.ts';
import { createSelfScheduleService } from './modules/scheduling/self-schedule-service.ts';
import { cancelLinkRoutes } from './modules/scheduling/cancel-link-routes.ts';
import { createScheduleNotices } from './modules/scheduling/schedule-notices.ts';
import {
  createSchedulingService,
  DEFAULT_TIME_ZONE,
  REMINDER_QUEUE,
  SEAT_OFFER_EXPIRY_QUEUE,
} from './modules/scheduling/scheduling-service.ts';
import { createSeatOffers } from './modules/scheduling/seat-offers.ts';
import { screeningRoutes } from './modules/screening/screening-routes.ts';
import { createScreeningService } from './modules/screening/screening-service.ts';
import { studyLinkRoutes } from './modules/study-links/study-link-routes.ts';
import { createStudyLinkService } from './modules/study-links/study-link-service.ts';
import { invitationSendRoutes } from './modules/study-links/invitation-send-routes.ts';
import { createInvitationSendService, INVITATION_SEND_QUEUE } from './modules/study-links/invitation-send-service.ts';
import { studyRoutes } from './modules/studies/study-routes.ts';
import { createAttendanceService } from './modules/attendance/attendance-service.ts';
import { createStudyService } from './modules/studies/study-service.ts';
import { staffPublicRoutes, staffRoutes } from './modules/staff/staff-routes.ts';
import { checkInRoutes } from './modules/check-in/check-in-routes.ts';
import { sessionAdminRoutes } from './modules/scheduling/session-admin-routes.ts';
import { createSessionAdminService } from './modules/scheduling/session-admin-service.ts';
import { studyResultsRoutes } from './modules/study-results/study-results-routes.ts';
import { createStudyResultsService } from './modules/study-results/study-results-service.ts';
import { createCheckInService } from './modules/check-in/check-in-service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard-service.ts';
import { createStaffService } from './modules/staff/staff-service.ts';
import { createRateLimitStore } from './modules/rate-limits/rate-limit-service.ts';
import { testSupportRoutes } from './modules/test-support/test-support-routes.ts';
import { createTestSupportService } from './modules/test-support/test-support-service.ts';
import { termsRoutes } from './modules/terms/terms-routes.ts';
import { createTermsService } from './modules/terms/terms-service.ts';
import { createTesterService } from './modules/testers/tester-service.ts';
import { testerAdminRoutes } from './modules/testers/tester-admin-routes.ts';
import { createTesterAdminService } from './modules/testers/tester-admin-service.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** The time every service reads; tests pass a fake one. */
  clock?: Clock;
  /**
   * The fake-clock listener of a browser test run (decision 042): `clock` is this one, and the
   * test-support routes set it and run the scheduled jobs at its time. Only with testSupportSecret.
   */
  settableClock?: FakeClock;
  /** Extra routes under /api, registered by tests that need a route of their own. */
  extraApiRoutes?: (api: FastifyInstance) => void;
  /** Where log lines go instead of standard output (tests read them). */
  logDestination?: DestinationStream;
  /** Starts the outbox's sender when SMTP_URL is set (tests record its nudges). */
  startMailSender?: MailSenderStarter;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An answer this slow is logged at info even when it is a successful read. */
const SLOW_ANSWER_MS = 500;

/** Removes child registrations left unconfirmed past their 24 hours (decision 028), every ten minutes. */
const EXPIRE_CHILDREN_JOB = 'children-expire-unconfirmed';
const EXPIRE_CHILDREN_CRON = '*/10 * * * *';
/** The no-show sweep (decision 046): ended bookings nobody checked in become no-shows, and the rule suspends. */
export const NO_SHOW_SWEEP_JOB = 'attendance-no-show-sweep';
export const NO_SHOW_SWEEP_CRON = '*/15 * * * *';
/**
 * The weekly gift-card drawing (decisions 037, 065): every hour of every day in the company's zone,
 * drawing the week whose drawing day (the stored one) has come; the first run draws, the others find it drawn.
 */
export const GOLD_CARD_DRAWING_JOB = 'gold-card-drawing';
export const GOLD_CARD_DRAWING_CRON = '5 * * * *';

/** Bodies above this are refused with 413; nothing the site sends comes near it. */
const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Time-outs (GUIDE section 5). The whole request (headers and body) must arrive within
 * config.requestTimeoutSeconds (408, connection closed); the headers alone within HEADERS_TIMEOUT_MS
 * of that; a socket silent for CONNECTION_TIMEOUT_MS is closed; an idle keep-alive connection
 * waits KEEP_ALIVE_TIMEOUT_MS for its next request (above the 60 s idle time-out of the usual
 * load balancers, so they close first and never send into a closing socket).
 */
const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTION_TIMEOUT_MS = 60_000;
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The path of a request with its query's parameter names only: values may hold personal data. */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  if (!query) return path;
  const names = query
    .split('&')
    .map((pair) => pair.split('=')[0])
    .filter(Boolean);
  return `${path}?${names.join('&')}`;
}

/** Trusts the socket's peer and the hops before it, `hops` in all (proxy-addr's index 0 is the peer). */
const trustHops = (hops: number) => (_address: string, index: number) => index < hops;

export async function buildApp({
  config,
  database,
  settableClock,
  clock = settableClock ?? systemClock,
  extraApiRoutes,
  logDestination,
  startMailSender,
}: BuildAppOptions): Promise<FastifyInstance> {
  if (settableClock && !config.testSupportSecret) throw new Error('A settable clock is for test runs only: it needs testSupportSecret.');
  const log = createLogger(config.logLevel, logDestination);
  const servedOverHttps = config.publicUrl.startsWith('https:');
  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;
  const applySecurityHeaders = securityHeaderApplier(servedOverHttps);
  const app = Fastify({
    loggerInstance: log.logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // X-Forwarded-For only from the proxies configuration names; by default the socket address is the client.
    // A hop count as a function: Fastify fails closed on a bare number (a direct client could send enough hops),
    // so a hop count is only for a server that nobody can reach but through its proxies (docs/decisions/013).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // How often Node looks for requests past their time-out (its default, 30 s, would let one live twice as long).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, requestTimeoutMs / 4)),
    },
    // A URL that cannot be decoded (GET /api/%E0%A4%A) is answered before any hook: with the same headers and body shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      applySecurityHeaders(request, reply);
      const status = error.statusCode ?? 400;
      const body = {
        statusCode: status,
        error: status === 414 ? 'URI Too Long' : 'Bad Request',
        message: 'The address of this request is not valid.',
      };
      void reply.status(status).send(body);
    },
    // What Node's parser refuses itself (431, a malformed header line, an unknown method): headers too.
    clientErrorHandler: clientErrorResponder(servedOverHttps),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', (_instance, done) => {
    log.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // One structured line per request at debug; at info the ones worth keeping: every change,
  // every failure, every slow answer. A line for each successful read cost about a quarter of
  // an authenticated read's throughput (decision 011).
  app.addHook('onResponse', (request, reply, done) => {
    const worthKeeping = !READ_METHODS.has(request.method) || reply.statusCode >= 400 || reply.elapsedTime >= SLOW_ANSWER_MS;
    request.log[worthKeeping ? 'info' : 'debug'](
      {
        method: request.method,
        url: loggableUrl(request.url),
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  registerSecurityHeaders(app, applySecurityHeaders);
  registerCrossSiteGuard(app, config.publicUrl);
  registerLegacyRedirects(app, { publicUrl: config.publicUrl, oldHosts: config.oldHosts });
  const sessionCookie = await registerSessionCookie(app, { secure: servedOverHttps, maxAgeSeconds: config.sessionAbsoluteHours * 3600 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'TesterHub API', version: '1.0.0' },
      servers: [{ url: '/' }],
      // The two scopes' session cookies; each scope names its scheme on its routes.
      components: {
        securitySchemes: {
          [TESTER_SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'th_session' },
          [STAFF_SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'th_staff' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // The modules, wired once. Each gets the database (for its own repository) and the services
  // of the modules it uses; a unit of work hands its transaction down explicitly.
  const { db } = database;
  // A unit of work's after-commit callbacks (mail nudges, cache forgets) report failures here: their change has committed.
  setAfterCommitErrorLog((error) => app.log.error({ err: error }, 'after-commit callback failed'));
  // Background and scheduled work (decision 020): modules define their queues while being wired;
  // the queue starts once the app is ready (nothing starts when no module defined one).
  const jobs = createJobQueue({ database, log: app.log });
  // Cron schedules need a running queue: modules add them here while being wired.
  const onJobsStarted: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    await jobs.start();
    for (const started of onJobsStarted) await started();
  });
  app.addHook('onClose', () => jobs.stop());
  const sessionCache = createActiveSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  const onTesterChanged = sessionCache.forgetChangedTester;
  // Sessions ended by another instance on this PostgreSQL are dropped here at once (decision 035).
  const stopListening = await database.listen(SESSIONS_ENDED_CHANNEL, (payload) => forgetAnnounced(sessionCache, payload));
  app.addHook('onClose', () => stopListening());
  const publicContent = createPublicContentService(db, {
    cacheSeconds: config.publicContentCacheSeconds,
    clock,
    timeZone: config.loyaltyTimeZone,
  });
  // Content changed by staff on any instance on this database shows here at once (decision 057).
  const stopContentNotices = await database.listen(PUBLIC_CONTENT_CHANNEL, () => publicContent.forgetCached());
  app.addHook('onClose', () => stopContentNotices());
  const mail = createMailService(db, {
    // Delivery runs on real time even on the fake-clock listener (decision 042): its outbox rows are
    // due at once for the sender of the listener that runs one, and it never takes another's early.
    clock: settableClock ? systemClock : clock,
    publicUrl: config.publicUrl,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    log: app.log,
    startSender: startMailSender,
  });
  app.addHook('onClose', () => mail.stop());
  const testers = createTesterService(db, { clock, onTesterChanged });
  // The leaderboard's counters move with their events (decision 039): the ledger's spends, referrals, screeners.
  const leaderboard = createLeaderboardService(db, { clock, testers, timeZone: config.loyaltyTimeZone });
  const ledger = createLedgerService(db, { clock, onTesterChanged, onCoinsSpent: leaderboard.coinsSpent });
  // Every rate limit counts in the database, so that all instances on it share one count (decision 062).
  const rateLimits = createRateLimitStore(db, clock.nowMs);
  // Signs the testers' and the staff's device cookies (decisions 013 and 074). Unset outside
  // production: a key per start (device cookies then last until a restart); main.ts provides one in production.
  const deviceCookieSecret = config.deviceCookieSecret ?? randomBytes(32).toString('base64url');
  const auth = createAuthService({
    rateLimits,
    testers,
    sessions: createSessionRepository(db, sessionCache, clock),
    clock,
    config,
    deviceCookieSecret,
  });
  const referrals = createReferralsService(db, {
    clock,
    testers,
    ledger,
    mail,
    timeZone: config.loyaltyTimeZone,
    onReferralMade: leaderboard.referralMade,
    rateLimits,
  });
  const terms = createTermsService(db, { clock });
  const registration = createRegistrationService(db, { testers, ledger, mail, clock, config, referrals, terms });
  const recovery = createRecoveryService(db, { testers, auth, mail, clock, config, rateLimits });
  const perks = createPerksService(db, { clock, ledger });
  const events = createEventsService(db, {
    clock,
    ledger,
    testers,
    mail,
    listWinners: publicContent.listWinners,
    perkEffects: perks.effectsFor,
    timeZone: config.loyaltyTimeZone,
  });
  // The drawing job's work: the queue runs it on its schedule, and so does the fake-clock listener's
  // test-support route at the clock's time (decision 042); one function, so a test runs the job's own path.
  const runGoldCardDrawing = async () => {
    const drawing = await events.drawDue();
    if (drawing.status === 'drawn') app.log.info({ entries: drawing.entries }, 'weekly gift-card drawing drawn');
    return drawing;
  };
  if (config.scheduledJobs) {
    jobs.define(GOLD_CARD_DRAWING_JOB, { policy: 'singleton', retryLimit: 0, handler: async () => void (await runGoldCardDrawing()) });
    onJobsStarted.push(() => jobs.schedule(GOLD_CARD_DRAWING_JOB, GOLD_CARD_DRAWING_CRON, {}, { tz: config.loyaltyTimeZone }));
  }
  const dailyBonus = createDailyBonusService(db, { clock, ledger, perkEffect: perks.effect, timeZone: config.loyaltyTimeZone });
  const profile = createProfileService(db, { ledger, clock, testers, loginDaysThisMonth: dailyBonus.loginDaysThisMonth });
  const dossier = createDossierService(db, { clock, ledger });
  const quickSurveys = createQuickSurveyService(db, { clock, ledger });
  const studies = createStudyService(db, { clock, aboutMe: dossier });
  // Unset outside production: a key per start (self-schedule links and check-in codes then last until a restart); main.ts provides one in production.
  const studyLinkSecret = config.studyLinkSecret ?? randomBytes(32).toString('base64url');
  const scheduling = createSchedulingService(db, {
    clock,
    testers,
    listTestSites: publicContent.listTestSites,
    studyNames: studies.studyNames,
    childNames: (childIds) => children.childNames(childIds),
    noticeHours: config.scheduleNoticeHours,
    checkInSecret: studyLinkSecret,
    onTesterAttended: referrals.firstStudyAttended,
    ledger,
    notices: createScheduleNotices(db, {
      clock,
      mail,
      testers,
      listTestSitesIn: publicContent.listTestSitesIn,
      studyNames: studies.studyNames,
      childNames: (childIds, tx) => children.childNames(childIds, tx),
      noticeHours: config.scheduleNoticeHours,
      reminderHours: config.reminderHours,
      secret: studyLinkSecret,
      uidHost: new URL(config.publicUrl).host,
    }),
    // Waitlist promotion (decision 031). The waiting list is screening's and the kid GUID the
    // children's: both are built below (they read scheduling), and only called once a seat frees.
    offers: createSeatOffers(db, {
      clock,
      offerHours: config.waitlistOfferHours,
      noticeHours: config.scheduleNoticeHours,
      waitingFor: (studyNo, groupId, tx) => screening.waitingForGroup(studyNo, groupId, tx),
      offerLink: async (person, studyNo, tx) => {
        const [study] = await studies.findStudies([studyNo], tx);
        // A child's link names the child in its signed d and its k (decision 029).
        const kid = person.childId === null ? null : await children.publicIdOf(person.childId, tx);
        return screening.selfScheduleLink(person.testerId, { studyNo, guid: study!.guid }, kid);
      },
      testers,
      mail,
      listTestSitesIn: publicContent.listTestSitesIn,
      studyNames: studies.studyNames,
    }),
  });
  // Reminders before each session day (decision 027): a sweep every minute, sent once across instances.
  if (config.scheduledJobs && config.reminderHours.length > 0) {
    jobs.define(REMINDER_QUEUE, { policy: 'singleton', retryLimit: 0, handler: async () => void (await scheduling.sendDueReminders()) });
    onJobsStarted.push(() => jobs.schedule(REMINDER_QUEUE, '* * * * *', {}, { tz: 'UTC' }));
  }
  // Seat offers past their end (decision 031): every minute, each offer expired and passed on once across instances.
  if (config.scheduledJobs) {
    jobs.define(SEAT_OFFER_EXPIRY_QUEUE, {
      policy: 'singleton',
      retryLimit: 0,
      handler: async () => {
        const offered = await scheduling.expireSeatOffers();
        if (offered > 0) app.log.info({ offered }, 'expired seat offers passed on');
      },
    });
    onJobsStarted.push(() => jobs.schedule(SEAT_OFFER_EXPIRY_QUEUE, '* * * * *', {}, { tz: 'UTC' }));
  }
  // The sweep's work: the queue runs it on its schedule, and so does the fake-clock listener's
  // test-support route at the clock's time (decision 042), as for the drawing.
  const attendance = createAttendanceService(db, { clock, rule: config.noShows, scheduling, testers, mail });
  const runNoShowSweep = async () => {
    const swept = await attendance.sweepNoShows();
    if (swept.noShows > 0) app.log.info({ noShows: swept.noShows, suspended: swept.suspended.length }, 'no-shows recorded');
    return swept;
  };
  if (config.scheduledJobs) {
    jobs.define(NO_SHOW_SWEEP_JOB, { policy: 'singleton', retryLimit: 0, handler: async () => void (await runNoShowSweep()) });
    onJobsStarted.push(() => jobs.schedule(NO_SHOW_SWEEP_JOB, NO_SHOW_SWEEP_CRON, {}, { tz: 'UTC' }));
  }
  const screening = createScreeningService(db, {
    clock,
    studies,
    ledger,
    scheduling,
    studyLinkSecret,
    findChild: (parentId, publicId) => children.findChild(parentId, publicId),
    onScreenerFilled: leaderboard.screenerFilled,
  });
  const children = createChildrenService(db, {
    clock,
    testers,
    mail,
    hasAttended: scheduling.hasAttended,
    childrenPerParent: config.childrenPerParent,
    findStudy: studies.findStudy,
    openStudyFor: studies.openStudyFor,
    childrenInStudy: screening.childrenInStudy,
  });
  if (config.scheduledJobs) {
    jobs.define(EXPIRE_CHILDREN_JOB, {
      policy: 'singleton',
      handler: async () => {
        const removed = await children.expireUnconfirmed();
        if (removed > 0) app.log.info({ removed }, 'unconfirmed child registrations removed');
      },
    });
    onJobsStarted.push(() => jobs.schedule(EXPIRE_CHILDREN_JOB, EXPIRE_CHILDREN_CRON, {}, { tz: 'UTC' }));
  }
  // Built after screening, which it reads (and which reads scheduling's bookings): no cycle.
  const selfSchedule = createSelfScheduleService(db, {
    clock,
    testers,
    scheduling,
    studies,
    screening,
    ledger,
    linkDays: config.selfScheduleLinkDays,
    externalDelayMinutes: config.externalScheduleDelayMinutes,
    findChild: children.findChild,
  });
  const studyLinks = createStudyLinkService(db, {
    clock,
    secret: studyLinkSecret,
    validDays: config.studyLinkValidDays,
    qualifiedLinkDays: config.selfScheduleLinkDays,
    studies,
    screening,
    scheduling,
    testers,
    mail,
    screenChild: children.doChildrenScreener,
  });
  const accountSettings = createAccountSettingsService(db, {
    clock,
    rateLimits,
    testers,
    auth,
    lockedSiteForZip: registration.lockedSiteForZip,
    attemptsPerWindow: config.loginAttemptsPerWindow,
    windowSeconds: config.rateLimitWindowSeconds,
    reminderMonths: config.passwordReminderMonths,
  });
  const rewards = createRewardsService(db, {
    clock,
    ledger,
    testers,
    mail,
    attendedCompensation: scheduling.attendedCompensation,
    studyNames: studies.studyNames,
  });
  // Download my data and delete my account (decision 040): each module gives its own part and forgets its own rows.
  const privacy = createPrivacyService(db, {
    clock,
    exportParts: [
      (tester) => testers.exportData(tester.id),
      (tester) => auth.exportData(tester.id),
      (tester) => profile.exportData(tester.id),
      (tester) => dossier.exportData(tester.id),
      (tester) => quickSurveys.exportData(tester.id),
      (tester) => studies.exportData(tester.id),
      (tester) => screening.exportData(tester.id),
      (tester) => studyLinks.exportData(tester.id),
      (tester) => scheduling.exportData(tester.id),
      (tester) => children.exportData(tester.id),
      (tester) => ledger.exportData(tester.id),
      (tester) => rewards.exportData(tester.id),
      (tester) => referrals.exportData(tester.id),
      (tester) => dailyBonus.exportData(tester.id),
      (tester) => events.exportData(tester.id),
      (tester) => perks.exportData(tester.id),
      (tester) => leaderboard.exportData(tester.id),
      (tester) => recovery.exportData(tester.id),
      (tester) => registration.exportData(tester.email),
      (tester) => mail.exportData(tester.email),
      (tester) => terms.exportData(tester.id),
    ],
    testers,
    scheduling,
    referrals,
    registration,
    mail,
    auth,
    exportsPerWindow: config.loginAttemptsPerWindow,
    rateLimits,
    attemptsPerWindow: config.loginAttemptsPerWindow,
    windowSeconds: config.rateLimitWindowSeconds,
  });
  // The staff console (issue 12 section 1, decisions 043 and 044): its own accounts, cookie and scope.
  const staffCookie = createStaffCookie({ secure: servedOverHttps, maxAgeSeconds: config.staffSessionAbsoluteHours * 3600 });
  const staff = createStaffService(db, {
    clock,
    rateLimits,
    deviceCookieSecret,
    mail,
    // Unset in tests: a key per start; main.ts always provides one (kept in DATA_DIR).
    totpKey: config.staffTotpKey ?? randomBytes(32).toString('base64url'),
    config: {
      idleMinutes: config.staffSessionIdleMinutes,
      absoluteHours: config.staffSessionAbsoluteHours,
      invitationDays: config.staffInvitationDays,
      timeZone: config.loyaltyTimeZone,
      loginAttemptsPerWindow: config.loginAttemptsPerWindow,
      rateLimitWindowSeconds: config.rateLimitWindowSeconds,
    },
    unknownTestSiteIds: publicContent.unknownTestSiteIds,
  });
  // Redemption orders fulfilled or rejected by staff (issue 12 section 6, decision 047).
  const rewardOrders = createRewardOrdersService(db, { clock, ledger, testers, mail, audited: staff.audited });
  // Loyalty settings for content staff (issue 12 section 6, decision 056).
  const dailyBonusSettings = createDailyBonusSettingsService(db, { audited: staff.audited, forgetCached: dailyBonus.forgetCached });
  const eventsSettings = createEventsSettingsService(db, {
    audited: staff.audited,
    forgetCached: events.forgetCached,
    clock,
    timeZone: config.loyaltyTimeZone,
  });
  // The profile pictures' levels and visibility (decision 068): read afresh on every tester call, so no kept copy to drop.
  const avatarAdmin = createAvatarAdminService(db, { audited: staff.audited, ledger, testers, clock });
  const perksSettings = createPerksSettingsService(db, {
    audited: staff.audited,
    forgetCached: perks.forgetCached,
    highestLevel: ledger.highestLevel,
    lockedHighestLevel: ledger.lockedHighestLevel,
  });
  const levelsSettings = createLevelsSettingsService(db, {
    audited: staff.audited,
    forgetCached: ledger.forgetLevels,
    onTesterChanged,
    // A levels save may not remove a level a perk level or a shown picture needs (decision 071).
    needsAbove: async (tx, level) => [...(await perksSettings.needsAbove(tx, level)), ...(await avatarAdmin.needsAbove(tx, level))],
  });
  // Settings saved on any instance on this database are dropped from this one's memory at once (decision 056).
  const stopLoyaltyNotices = await database.listen(LOYALTY_SETTINGS_CHANNEL, (kind) => {
    dailyBonus.forgetCached();
    events.forgetCached();
    ledger.forgetLevels();
    perks.forgetCached();
    // A levels save may have moved any tester's level: the sessions' copies of their rows go too (decision 071).
    if (kind === 'levels') sessionCache.forgetAll();
  });
  app.addHook('onClose', () => stopLoyaltyNotices());
  // Studies and screeners for recruiters (issue 12 section 2, decision 050).
  const studyAdmin = createStudyAdminService(db, {
    clock,
    audited: staff.audited,
    listTestSites: publicContent.listTestSites,
    existingAnswerIds: dossier.existingAnswerIds,
    screeners: createScreenerAdminService(),
  });
  // The children queue, the referral pipeline (issue 12 section 5) and the reward catalogue (section 6): decisions 054, 055.
  const childQueue = createChildQueueService(db, { clock, testers, staff });
  const referralPipeline = createReferralPipelineService({ referrals, testers, audited: staff.audited });
  const rewardCatalogue = createRewardCatalogueService(db, { audited: staff.audited });
  // Invitations sent by recruiters at INVITATION_MAILS_PER_MINUTE (issue 12 section 3, decision 052): the
  // rate is counted in the database; the job queue runs the sender, once across instances.
  const invitationSends = createInvitationSendService(db, {
    clock,
    mailsPerMinute: config.invitationMailsPerMinute,
    studies,
    testers,
    dossier,
    listTestSites: publicContent.listTestSites,
    studyLinks,
    staffList: staff.list,
    audited: staff.audited,
    kick: () => {
      if (config.scheduledJobs)
        jobs.send(INVITATION_SEND_QUEUE, {}).catch((error: unknown) => app.log.warn({ err: error }, 'invitation sender not queued'));
    },
  });
  if (config.scheduledJobs) {
    jobs.define(INVITATION_SEND_QUEUE, {
      policy: 'stately',
      retryLimit: 0,
      handler: async () => {
        const drained = await invitationSends.drain();
        if (drained.sent + drained.skipped > 0) app.log.info({ sent: drained.sent, skipped: drained.skipped }, 'invitation e-mails queued');
        if (drained.nextAt) await jobs.send(INVITATION_SEND_QUEUE, {}, { startAfter: drained.nextAt });
      },
    });
    // A sweep every minute as well: a sending whose next step was lost (a crash) still goes out.
    onJobsStarted.push(() => jobs.schedule(INVITATION_SEND_QUEUE, '* * * * *', {}, { tz: 'UTC' }));
  }
  // Check-in and attendance for site staff (issue 12 section 4, decision 048).
  const checkIn = createCheckInService({
    clock,
    scheduling,
    ledger,
    staff,
    testers,
    children,
    studies,
    listTestSites: publicContent.listTestSites,
  });
  // The staff dashboard (issue 12 section 6, decision 058): figures read from the modules.
  const dashboard = createDashboardService({
    clock,
    timeZone: config.loyaltyTimeZone,
    scheduling,
    testers,
    studies,
    listTestSites: publicContent.listTestSites,
  });
  // Session groups and study results for recruiters (issue 12 section 2, decision 051).
  const sessionAdmin = createSessionAdminService(db, {
    scheduling,
    studyNames: studies.studyNames,
    listTestSites: publicContent.listTestSites,
    audited: staff.audited,
  });
  const studyResults = createStudyResultsService({
    clock,
    scheduling,
    screening,
    testers,
    childNames: children.childNames,
    studyNames: studies.studyNames,
    listTestSites: publicContent.listTestSites,
    defaultTimeZone: DEFAULT_TIME_ZONE,
  });
  // Testers in the staff console (issue 12 section 5, decision 053): each module's own reads and units of work.
  const testerAdmin = createTesterAdminService({ clock, testers, ledger, scheduling, screening, children, referrals, privacy, staff });
  // FAQs and the terms' versions edited by content staff (issue 12 section 6, decision 057).
  const contentAdmin = createContentAdminService(db, { audited: staff.audited, terms, forgetCached: publicContent.forgetCached });
  const legalTextAdmin = createLegalTextAdminService(db, {
    audited: staff.audited,
    staffNames: staff.staffNames,
    terms,
    forgetCached: publicContent.forgetCached,
    clock,
  });
  // Winners and test sites edited by content staff (issue 12 section 6, decision 061).
  const siteContentAdmin = createSiteContentAdminService(db, {
    audited: staff.audited,
    forgetCached: publicContent.forgetCached,
    staff,
    scheduling,
    studies,
    testers,
    registration,
  });
  const referralEventsAdmin = createReferralEventsAdminService(db, {
    audited: staff.audited,
    forgetCached: publicContent.forgetCached,
    clock,
    timeZone: config.loyaltyTimeZone,
  });
  // Call-outs edited by content staff (issue 12 section 6, decision 063).
  const calloutAdmin = createCalloutAdminService(db, { audited: staff.audited });
  const checks = {
    checksPerWindow: config.loginAttemptsPerWindow * 6,
    // What one phone, username or e-mail may be tried for from all addresses together: a login's wrong passwords (decision 075).
    attemptsPerTarget: config.loginAttemptsPerWindow,
    windowSeconds: config.rateLimitWindowSeconds,
    rateLimits,
  };

  await app.register(
    async (api) => {
      registerErrorHandler(api);
      // Public calls: no session needed, on purpose.
      await api.register(healthRoutes, { pingDatabase: database.ping });
      await api.register(publicContentRoutes, { service: publicContent });
      await api.register(registrationRoutes, { registration, ...checks });
      await api.register(authRoutes, { auth, sessionCookie, linkTester: studyLinks.linkTester, ...checks });
      await api.register(recoveryRoutes, { recovery });
      await api.register(cancelLinkRoutes, { scheduling, ...checks });
      await api.register(staffPublicRoutes(staff, staffCookie));
      // The pictures content staff added (decision 068): public, as the shipped ones are.
      await api.register(avatarImageRoutes(profile));
      // The tester portal: every route here requires a tester session.
      await registerTesterScope(api, { authenticate: auth.authenticate, sessionCookie }, [
        authPortalRoutes,
        profileRoutes(profile),
        studyRoutes(studies),
        dossierRoutes(dossier),
        quickSurveyRoutes(quickSurveys),
        screeningRoutes(screening),
        schedulingRoutes(scheduling),
        childrenRoutes(children, clock),
        selfScheduleRoutes(selfSchedule),
        studyLinkRoutes(studyLinks),
        dailyBonusRoutes(dailyBonus),
        eventsRoutes(events),
        perksRoutes(perks),
        leaderboardRoutes(leaderboard),
        accountSettingsRoutes(accountSettings, sessionCookie),
        privacyRoutes(privacy, sessionCookie),
        calloutRoutes(createCalloutService(db, { clock })),
        rewardsRoutes(rewards),
        referralsRoutes(referrals),
        termsRoutes(terms),
      ]);
      // The staff console: every route here requires a staff session and declares its roles.
      await registerStaffScope(api, { authenticate: staff.authenticate, cookie: staffCookie }, [
        staffRoutes(staff, staffCookie),
        rewardOrdersRoutes(rewardOrders),
        checkInRoutes(checkIn),
        dailyBonusSettingsRoutes(dailyBonusSettings),
        eventsSettingsRoutes(eventsSettings),
        levelsSettingsRoutes(levelsSettings),
        avatarAdminRoutes(avatarAdmin),
        perksSettingsRoutes(perksSettings),
        dashboardRoutes(dashboard),
        sessionAdminRoutes(sessionAdmin),
        studyResultsRoutes(studyResults),
        testerAdminRoutes(testerAdmin),
        studyAdminRoutes(studyAdmin),
        childQueueRoutes(childQueue),
        referralPipelineRoutes(referralPipeline),
        rewardCatalogueRoutes(rewardCatalogue),
        contentAdminRoutes(contentAdmin),
        legalTextAdminRoutes(legalTextAdmin),
        siteContentAdminRoutes(siteContentAdmin),
        referralEventsAdminRoutes(referralEventsAdmin),
        calloutAdminRoutes(calloutAdmin),
        invitationSendRoutes(invitationSends),
      ]);
      // The contract in development; in production only when API_DOCS=true says so.
      if (config.apiDocs) api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      // Test runs only (decision 014): without TEST_SUPPORT_SECRET these routes do not exist.
      if (config.testSupportSecret)
        await api.register(testSupportRoutes, {
          secret: config.testSupportSecret,
          service: createTestSupportService(db, {
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
          }),
          sessionCookie,
          sessionMaxAgeSeconds: config.sessionAbsoluteHours * 3600,
          staff,
          clock: settableClock && {
            clock: settableClock,
            jobs: {
              [GOLD_CARD_DRAWING_JOB]: { cron: GOLD_CARD_DRAWING_CRON, timeZone: config.loyaltyTimeZone, run: runGoldCardDrawing },
              [NO_SHOW_SWEEP_JOB]: { cron: NO_SHOW_SWEEP_CRON, timeZone: 'UTC', run: runNoShowSweep },
            },
          },
        });
      extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );

  if (!config.isProduction && !config.smtpUrl) registerDevMailbox(app, mail);
  if (config.webDistDir) await registerWebApp(app, config.webDistDir, { legalText: (page) => publicContent.getLegalText(page) });
  else registerErrorHandler(app);

  return app;
}
