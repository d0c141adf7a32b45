import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SessionCookie } from '../auth/session-cookie.ts';
import type { Clock, FakeClock } from '../clock.ts';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { ModuleCore } from './app-module.ts';

/** What every module of this app gets besides the services it names (decision 082). */
export function createModuleCore(
  app: FastifyInstance,
  options: {
    config: AppConfig;
    database: DatabaseHandle;
    clock: Clock;
    settableClock?: FakeClock;
    jobs: JobQueue;
    sessionCookie: SessionCookie;
    servedOverHttps: boolean;
    metrics: AppMetrics;
  },
): ModuleCore {
  const { config, database } = options;
  const onClose = (stop: () => unknown) => app.addHook('onClose', async () => void (await stop()));
  return {
    ...options,
    db: database.db,
    log: app.log,
    secrets: {
      // Unset outside production: a key per start (device cookies, self-schedule links and check-in
      // codes then last until a restart); main.ts provides both in production.
      deviceCookie: config.deviceCookieSecret ?? randomBytes(32).toString('base64url'),
      studyLink: config.studyLinkSecret ?? randomBytes(32).toString('base64url'),
    },
    onClose,
    listen: async (channel, onNotice, onMissed) => {
      const stop = await database.listen(channel, onNotice, onMissed);
      onClose(stop);
    },
  };
}
