import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './core/config/env.ts';
import type { Clock, FakeClock } from './core/clock.ts';
import type { DatabaseHandle } from './core/db/client.ts';
import type { Readiness } from './core/http/readiness.ts';
import type { MailSenderStarter } from './modules/mail/mail-service.ts';

/** What buildApp (app.ts) is given: main.ts and the tests. */
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
  /** What GET /api/ready answers from; main.ts shares one between its listeners and turns it draining on SIGTERM. */
  readiness?: Readiness;
}
