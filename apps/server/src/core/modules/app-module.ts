import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionCookie } from '../auth/session-cookie.ts';
import type { Clock, FakeClock } from '../clock.ts';
import type { AppConfig } from '../config/env.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { JobQueue, QueuePolicy } from '../jobs/job-queue.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';

/**
 * What every module gets besides the services it names (decision 082): configuration, the
 * database, the clock, the log, the job queue (to send work), the testers' session cookie, the
 * signing secrets, and the app's life (what to stop on close, a NOTIFY channel to follow).
 */
export interface ModuleCore {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  /** The fake-clock listener's clock (decision 042), on a browser test run only. */
  settableClock?: FakeClock;
  log: FastifyBaseLogger;
  /** The app's metrics (decision 094): counters to move after a commit, scrape-time sources to hand in. */
  metrics: AppMetrics;
  jobs: Pick<JobQueue, 'send'>;
  sessionCookie: SessionCookie;
  servedOverHttps: boolean;
  secrets: {
    /** Signs the testers' and the staff's device cookies (decisions 013 and 074). */
    deviceCookie: string;
    /** Signs self-schedule links and check-in codes. */
    studyLink: string;
  };
  /** Runs `stop` when the app closes. */
  onClose(stop: () => unknown): void;
  /**
   * Calls `onNotice` for every NOTIFY on `channel` until the app closes; `onMissed` after the
   * listening connection was lost and is back (notices may have been missed: drop what they would have).
   */
  listen(channel: string, onNotice: (payload: string) => void, onMissed?: () => void): Promise<void>;
}

/** A job a module declares: the app's job runner defines its queue and schedules it (decision 020). */
export interface ModuleJob {
  name: string;
  /** Its cron schedule (minute resolution) in `timeZone`. */
  cron: string;
  timeZone: string;
  policy: QueuePolicy;
  /** Tries after a failure; the queue's default (2) unless given. */
  retryLimit?: number;
  /** Seconds a run may take before it is failed and handed on (JOB_EXPIRE_SECONDS, 60, unless given). */
  expireInSeconds?: number;
  /** The work; what it answers is for the fake-clock listener's job route (decision 042), the queue drops it. */
  run: () => Promise<unknown>;
}

/** Routes the app registers under /api before the scopes: public on purpose. */
export type PublicRoutes = (api: FastifyInstance) => PromiseLike<unknown> | void;

/** What a module gives the app: its services for the modules after it, its routes by scope, its jobs. */
export interface ModuleParts<Provides extends object> {
  provides: Provides;
  routes?: {
    /** Under /api without a session. */
    public?: readonly PublicRoutes[];
    /** In the tester scope (core/auth/tester-scope.ts): every route needs a tester session. */
    tester?: readonly FastifyPluginAsyncZod[];
    /** In the staff scope (core/auth/staff-scope.ts): a staff session and each route's roles. */
    staff?: readonly FastifyPluginAsyncZod[];
    /** Outside /api (the development mailbox). */
    root?: readonly ((app: FastifyInstance) => void)[];
  };
  jobs?: readonly ModuleJob[];
}

/**
 * A server module (decision 082): `build` receives exactly the services it names in its first
 * parameter's type, typed, and answers its own services, routes and jobs. The app folds the
 * modules in order (module-chain.ts), so a module can only name services of modules before it.
 */
export interface AppModule<Needs extends object, Provides extends object> {
  name: string;
  build(needs: Needs, core: ModuleCore): ModuleParts<Provides> | Promise<ModuleParts<Provides>>;
}

/** Declares a module; the types of what it needs and provides are read from its build function. */
export const defineModule = <Needs extends object, Provides extends object>(module: AppModule<Needs, Provides>) => module;
