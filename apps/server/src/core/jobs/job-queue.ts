import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import type { QueueStats } from '../metrics/app-metrics.ts';

/**
 * standard: every job runs. singleton: at most one job of the queue runs at a time. stately: at
 * most one queued and one running per singleton key, so a second send of the same key is a no-op.
 */
export type QueuePolicy = 'standard' | 'singleton' | 'stately';

/**
 * How long a job may stay active before pg-boss fails it and (retries left) hands it to any
 * instance: what bounds the wait for a job whose instance was killed mid-run (decision 097), since
 * pg-boss 10 has no heartbeat and otherwise waits its default 15 minutes. Every queue is a sweep
 * that ends in seconds; a job still running at the bound on a live instance is failed too.
 */
export const JOB_EXPIRE_SECONDS = 60;
/** How often one instance (pg-boss takes turns) fails the jobs past their expiry; it adds to the bound above. */
export const JOB_MAINTENANCE_SECONDS = 10;

export interface QueueDefinition<T> {
  policy?: QueuePolicy;
  /** Tries after the first failure (pg-boss retries with a delay); 2 unless given. */
  retryLimit?: number;
  /** Seconds a job may run before it is failed and handed on; JOB_EXPIRE_SECONDS unless given. */
  expireInSeconds?: number;
  handler: (data: T) => Promise<void>;
}

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** With a stately queue: one job per key while one is waiting. */
  singletonKey?: string;
}

export interface JobQueue {
  /** Declares a queue and its work; call before start(). */
  define<T extends object>(name: string, definition: QueueDefinition<T>): void;
  /** Queues a job; answers its id, or null when a stately queue already holds one for the key. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Runs the queue's job on a cron schedule (minute resolution) in a time zone. Each instance may
   * call it: the schedule is a row, and pg-boss sends each due slot once across all instances.
   */
  schedule<T extends object>(name: string, cron: string, data: T, options: { tz: string }): Promise<void>;
  start(): Promise<void>;
  /**
   * Takes no new jobs and waits up to `timeoutMs` (30 s unless given) for the running ones; any
   * still running then is failed, so pg-boss retries it on another instance (its retryLimit).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Each defined queue's jobs due and not yet running, and those failed for good, in one statement (the metrics' scrape); none before start(). */
  stats(): Promise<QueueStats[]>;
}

/**
 * The one job queue (GUIDE section 10, decision 020): pg-boss 10 in the database the app uses, on
 * PostgreSQL and on embedded PGlite alike, through the database handle's plain-SQL door. Work runs
 * once even with several server instances: jobs are claimed with FOR UPDATE SKIP LOCKED, and cron
 * slots are sent once under an advisory lock. Nothing starts until a module defines a queue, so a
 * server without jobs holds no timers and no extra memory.
 */
export function createJobQueue(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** Told of every run that threw (the metrics' failure counter). */
  onJobFailed?: (queue: string) => void;
}): JobQueue {
  const { database, log, pollingIntervalSeconds = 2, onJobFailed } = options;
  const definitions = new Map<string, QueueDefinition<object>>();
  /** This instance's worker of each queue, told of a job sent here so that it need not wait for its next poll. */
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  /**
   * Set once stop() has handed the queue back. pg-boss does not await the completion or failure it
   * writes when a handler ends, so a handler still running when the stop's time ran out (its job
   * already failed back to the queue by the stop) would write to a database the app has closed,
   * an unhandled rejection; such late writes are dropped instead.
   */
  let stopped = false;
  const pending = new Set<Promise<unknown>>();

  /** The database's plain-SQL door for pg-boss: its statements in flight are awaited by stop(), and none reach the database after it. */
  function executeSql(text: string, values?: unknown[]) {
    // pg-boss reads the count of a completion or failure it wrote: none was.
    if (stopped) return Promise.resolve({ rows: [{ count: 0 }], rowCount: 0 });
    const call = database.executeSql(text, values);
    const settled = call.then(
      () => undefined,
      () => undefined,
    );
    pending.add(settled);
    void settled.then(() => pending.delete(settled));
    return call;
  }

  function running(): PgBoss {
    if (!boss) throw new Error('The job queue has not been started.');
    return boss;
  }

  async function startBoss(): Promise<PgBoss> {
    const instance = new PgBoss({
      db: { executeSql },
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      maintenanceIntervalSeconds: JOB_MAINTENANCE_SECONDS,
      schedule: true,
    });
    instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await instance.start();
    for (const [name, definition] of definitions) {
      await createQueueOnce(instance, name, {
        name,
        policy: definition.policy ?? 'standard',
        retryLimit: definition.retryLimit ?? 2,
        expireInSeconds: definition.expireInSeconds ?? JOB_EXPIRE_SECONDS,
      });
      const workerId = await instance.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await definition.handler(job.data);
        } catch (error) {
          log.warn({ err: error, queue: name, jobId: job.id }, 'job failed; pg-boss will retry it');
          onJobFailed?.(name);
          throw error;
        }
        // pg-boss waits a polling interval after every job, found or not: a worker that finished
        // one looks for the next at once, so a backlog of n jobs takes n jobs' time, not n intervals.
        // (After a failure it keeps the interval, so that retries stay spaced.) A job handled before
        // work() has answered the worker's id waits for the poll.
        const self = workerIds.get(name);
        if (self) instance.notifyWorker(self);
      });
      workerIds.set(name, workerId);
    }
    return instance;
  }

  return {
    define(name, definition) {
      if (starting) throw new Error(`Queue ${name} was defined after the job queue started.`);
      definitions.set(name, definition as QueueDefinition<object>);
    },
    async send(name, data, sendOptions = {}) {
      const instance = running();
      const id = await instance.send(name, data, { startAfter: sendOptions.startAfter, singletonKey: sendOptions.singletonKey });
      const workerId = workerIds.get(name);
      if (id && workerId && !sendOptions.startAfter) instance.notifyWorker(workerId);
      return id;
    },
    async schedule(name, cron, data, scheduleOptions) {
      await running().schedule(name, cron, data, { tz: scheduleOptions.tz });
    },
    async start() {
      if (definitions.size === 0) return;
      stopped = false;
      starting ??= startBoss();
      boss = await starting;
    },
    async stop(stopOptions = {}) {
      const instance = boss;
      boss = undefined;
      starting = undefined;
      workerIds.clear();
      if (instance) await instance.stop({ graceful: true, wait: true, close: false, timeout: stopOptions.timeoutMs });
      stopped = true;
      await Promise.all(pending);
    },
    async stats() {
      if (!boss) return [];
      // pg-boss's job states are an enum in this order: created, retry, active, completed, cancelled, failed.
      const { rows } = await database.executeSql(
        // Waiting means due now: a job sent for later (a reminder days ahead) is not a backlog.
        `select name, (count(*) filter (where state < 'active' and start_after <= now()))::int as waiting,
                (count(*) filter (where state = 'failed'))::int as failed
           from pgboss.job where name = any($1) and (state < 'active' or state = 'failed') group by name`,
        [[...definitions.keys()]],
      );
      const counted = new Map((rows as { name: string; waiting: number; failed: number }[]).map((row) => [row.name, row]));
      return [...definitions.keys()].map((queue) => ({
        queue,
        waiting: counted.get(queue)?.waiting ?? 0,
        failed: counted.get(queue)?.failed ?? 0,
      }));
    },
  };
}

/**
 * Creates a queue unless it exists, and brings an existing one's settings to the definition's (a
 * queue made by an earlier release kept pg-boss's 15-minute expiry). Two instances starting at once
 * can deadlock in pg-boss's create_queue (each creates the queue's table); the loser finds the
 * queue made or tries again.
 */
async function createQueueOnce(boss: PgBoss, name: string, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = await boss.getQueue(name);
    if (existing) {
      if (existing.expireInSeconds !== queue.expireInSeconds || existing.retryLimit !== queue.retryLimit)
        await boss.updateQueue(name, queue);
      return;
    }
    try {
      await boss.createQueue(name, queue);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const retryable = code === '40P01' || code === '23505';
      if (!retryable || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
