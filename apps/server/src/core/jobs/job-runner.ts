import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { ModuleJob } from '../modules/app-module.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/**
 * Runs the jobs the modules declare (decision 020): each one's queue is defined while the app is
 * wired, and scheduled once the queue has started (cron schedules need a running queue). With
 * SCHEDULED_JOBS off nothing is defined, so the queue starts nothing.
 */
export function createJobRunner(options: {
  app: FastifyInstance;
  database: DatabaseHandle;
  scheduledJobs: boolean;
  /** At close: how long running jobs may finish before they are failed back to the queue (pg-boss retries them elsewhere). */
  stopTimeoutMs?: number;
  metrics: Pick<AppMetrics, 'jobFailures' | 'observeJobQueues'>;
}): {
  queue: JobQueue;
  run(jobs: readonly ModuleJob[]): void;
} {
  const { app, database, scheduledJobs, stopTimeoutMs, metrics } = options;
  const queue = createJobQueue({ database, log: app.log, onJobFailed: (name) => metrics.jobFailures.inc({ queue: name }) });
  metrics.observeJobQueues(() => queue.stats());
  const scheduled: ModuleJob[] = [];
  app.addHook('onReady', async () => {
    await queue.start();
    for (const job of scheduled) await queue.schedule(job.name, job.cron, {}, { tz: job.timeZone });
  });
  app.addHook('onClose', () => queue.stop({ timeoutMs: stopTimeoutMs }));
  return {
    queue,
    run(jobs) {
      if (!scheduledJobs) return;
      for (const job of jobs) {
        queue.define(job.name, {
          policy: job.policy,
          retryLimit: job.retryLimit,
          expireInSeconds: job.expireInSeconds,
          handler: async () => void (await job.run()),
        });
        scheduled.push(job);
      }
    },
  };
}
