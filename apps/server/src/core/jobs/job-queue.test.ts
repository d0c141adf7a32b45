import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import pino from 'pino';
import { openPostgres, type DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, TEST_POOL, type TestDatabase } from '../../../test/test-app.ts';
import { createJobQueue, JOB_EXPIRE_SECONDS, type JobQueue } from './job-queue.ts';

const log = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/**
 * One database copy for the file (each test's queues have names of their own and are stopped after
 * it), and the handles of server instances on it: one per instance on PostgreSQL; embedded PGlite
 * serves one process only.
 */
let copy: TestDatabase;
let handles: DatabaseHandle[] = [];
beforeAll(async () => {
  copy = await createTestDatabase();
  handles = copy.url ? [copy.database, await openPostgres(copy.url, TEST_POOL)] : [copy.database];
});
afterAll(async () => {
  if (handles[1]) await handles[1].close();
  await copy?.dispose();
});

function queueOn(database: DatabaseHandle, pollingIntervalSeconds = 0.5): JobQueue {
  const queue = createJobQueue({ database, log, pollingIntervalSeconds });
  // Stopped before the database closes (cleanups run last-in, first-out).
  cleanups.push(() => queue.stop());
  return queue;
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job queue (pg-boss in the app database)', () => {
  test('a queue without definitions starts nothing; sending to it says the queue is not running', async () => {
    const queue = queueOn(copy.database);
    await queue.start();
    await expect(queue.send('nothing', {})).rejects.toThrow('not been started');
  });

  test('each job is handled exactly once, also with two instances on one PostgreSQL', { timeout: 30_000 }, async () => {
    const handled: number[] = [];
    const queues = handles.map((database) => {
      const queue = queueOn(database);
      queue.define<{ n: number }>('count-me', {
        handler: async ({ n }) => {
          handled.push(n);
        },
      });
      return queue;
    });
    await Promise.all(queues.map((queue) => queue.start()));
    await Promise.all(Array.from({ length: 12 }, (_, n) => queues[n % queues.length]!.send('count-me', { n })));
    await until(() => handled.length >= 12, 20_000, '12 jobs');
    // Stopped gracefully, each queue first finishes what it fetched: a job handled twice shows up by now.
    await Promise.all(queues.map((queue) => queue.stop()));
    expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  test('a job sent on an instance is handled without waiting for a poll, and a backlog one after another without a poll between', async () => {
    const queue = queueOn(copy.database, 600);
    const handled: number[] = [];
    queue.define<{ n: number }>('at-once', {
      handler: async ({ n }) => {
        handled.push(n);
      },
    });
    await queue.start();
    // The worker looked once as it started and found nothing: its next poll is ten minutes away.
    await queue.send('at-once', { n: 0 });
    await until(() => handled.length === 1, 30_000, 'the job sent');
    // A backlog: five jobs due already (sent with a start time, which tells no worker), then one sent plainly.
    const due = new Date(Date.now() - 1000);
    for (const n of [1, 2, 3, 4, 5]) await queue.send('at-once', { n }, { startAfter: due });
    await queue.send('at-once', { n: 6 });
    await until(() => handled.length === 7, 30_000, 'the backlog');
    expect(handled.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('a stately queue keeps one waiting job per key: the second send answers null', async () => {
    const queue = queueOn(copy.database);
    queue.define('remind', { policy: 'stately', handler: async () => undefined });
    await queue.start();
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const firstId = await queue.send('remind', { booking: 1 }, { singletonKey: 'booking-1', startAfter: later });
    const secondId = await queue.send('remind', { booking: 1 }, { singletonKey: 'booking-1', startAfter: later });
    const otherId = await queue.send('remind', { booking: 2 }, { singletonKey: 'booking-2', startAfter: later });
    expect(firstId).toEqual(expect.any(String));
    expect(secondId).toBeNull();
    expect(otherId).toEqual(expect.any(String));
  });

  test('a failing job is tried again', { timeout: 30_000 }, async () => {
    const queue = queueOn(copy.database);
    let attempts = 0;
    queue.define('flaky', {
      retryLimit: 2,
      handler: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first try fails');
      },
    });
    await queue.start();
    await queue.send('flaky', {});
    await until(() => attempts >= 2, 20_000, 'the retry');
    expect(attempts).toBe(2);
  });

  test(
    'a job still running when its instance stops is handed back after the stop time-out and runs on another instance',
    { timeout: 60_000 },
    async () => {
      const [firstHandle, secondHandle = firstHandle] = handles;
      const ranOn: string[] = [];
      const define = (queue: JobQueue, instance: string) =>
        queue.define('long-work', {
          retryLimit: 1,
          handler: async () => {
            ranOn.push(instance);
            // The first instance's run outlasts its stop (it never ends: an end after the database closed would be reported); the second's ends at once.
            if (instance === 'first') await new Promise<void>(() => undefined);
          },
        });
      const first = queueOn(firstHandle!);
      define(first, 'first');
      await first.start();
      await first.send('long-work', {});
      await until(() => ranOn.includes('first'), 20_000, 'the job to start on the first instance');

      const stopping = Date.now();
      await first.stop({ timeoutMs: 1000 });
      // pg-boss's own default would have waited 30 s for the job; a shutdown's grace is shorter.
      expect(Date.now() - stopping).toBeLessThan(10_000);

      const second = queueOn(secondHandle!);
      define(second, 'second');
      await second.start();
      await until(() => ranOn.includes('second'), 20_000, 'the job to run again on the second instance');
      expect(ranOn).toEqual(['first', 'second']);
    },
  );

  test(
    'stats() counts each defined queue’s jobs due and not running, and those failed for good; each failed run is told',
    { timeout: 30_000 },
    async () => {
      const failedRuns: string[] = [];
      const queue = createJobQueue({
        database: copy.database,
        log,
        pollingIntervalSeconds: 0.5,
        onJobFailed: (name) => failedRuns.push(name),
      });
      expect(await queue.stats()).toEqual([]); // not started: nothing read
      // The worker takes one job at a time: while the first is held, the others wait.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      queue.define('busy', {
        handler: async () => {
          started += 1;
          await held;
        },
      });
      queue.define('doomed', {
        retryLimit: 0,
        handler: async () => {
          throw new Error('always fails');
        },
      });
      cleanups.push(async () => {
        release();
        await queue.stop();
      });
      await queue.start();
      for (const n of [1, 2, 3]) await queue.send('busy', { n });
      // Sent for later: not a backlog.
      await queue.send('busy', { n: 4 }, { startAfter: new Date(Date.now() + 60 * 60 * 1000) });
      await queue.send('doomed', {});
      await until(() => failedRuns.length >= 1 && started >= 1, 20_000, 'the failing run and the held one');
      let stats = await queue.stats();
      const deadline = Date.now() + 10_000;
      // pg-boss records the failure just after the handler throws.
      while (stats.find((row) => row.queue === 'doomed')?.failed !== 1 && Date.now() < deadline) stats = await queue.stats();
      expect(stats).toEqual([
        { queue: 'busy', waiting: 2, failed: 0 },
        { queue: 'doomed', waiting: 0, failed: 1 },
      ]);
      expect(failedRuns).toEqual(['doomed']);
      expect(started).toBe(1);
    },
  );
});

/**
 * A job whose instance is killed mid-run stays 'active' until its expiry; only then does pg-boss
 * fail it and hand it to another instance (pg-boss 10 has no heartbeat). The expiry is what bounds
 * that wait (decision 097; scripts/cluster-faults.mjs kills an instance mid-job and times it).
 */
describe('a stop while a job still runs', () => {
  test(
    'hands the job back, and the handler ending later writes nothing to the database (it may be closed by then)',
    { timeout: 30_000 },
    async () => {
      let statementsAfterStop = 0;
      let stoppedAt: number | null = null;
      const counting: DatabaseHandle = {
        ...copy.database,
        executeSql: (text, values) => {
          if (stoppedAt !== null) statementsAfterStop += 1;
          return copy.database.executeSql(text, values);
        },
      };
      const queue = queueOn(counting);
      let release: (error: Error) => void = () => undefined;
      let started = false;
      queue.define('outlives-the-stop', {
        retryLimit: 0,
        handler: () =>
          new Promise<void>((_resolve, reject) => {
            started = true;
            release = reject;
          }),
      });
      await queue.start();
      await queue.send('outlives-the-stop', {});
      await until(() => started, 20_000, 'the handler to start');
      // pg-boss waits at least 1 s for the handler, then fails the job back to the queue and returns.
      await queue.stop({ timeoutMs: 1000 });
      stoppedAt = Date.now();
      // The handler ends now, as when the app closes its database under it: pg-boss writes its failure unawaited.
      release(new Error('the database is closed'));
      // Its failure is written within microtasks of the rejection: one turn of the event loop lets them all run.
      await new Promise((resolve) => setImmediate(resolve));
      expect(statementsAfterStop).toBe(0);
    },
  );
});

describe('the expiry of a job an instance may die running', () => {
  async function expiryOfJob(database: DatabaseHandle, id: string | null) {
    const { rows } = await database.executeSql('select extract(epoch from expire_in)::int as seconds from pgboss.job where id = $1', [id]);
    return (rows[0] as { seconds: number }).seconds;
  }

  test('is JOB_EXPIRE_SECONDS, not pg-boss 15 minutes', async () => {
    const queue = queueOn(copy.database, 600);
    queue.define('bounded', { handler: async () => undefined });
    await queue.start();
    const id = await queue.send('bounded', {}, { startAfter: new Date(Date.now() + 60 * 60 * 1000) });
    expect(JOB_EXPIRE_SECONDS).toBeLessThanOrEqual(60);
    expect(await expiryOfJob(copy.database, id)).toBe(JOB_EXPIRE_SECONDS);
  });

  test('is brought down on a queue an earlier release made with the 15-minute default', async () => {
    const first = queueOn(copy.database, 600);
    first.define('made-before', { handler: async () => undefined });
    await first.start();
    await first.stop();
    await copy.database.executeSql("update pgboss.queue set expire_seconds = 900 where name = 'made-before'");

    const next = queueOn(copy.database, 600);
    next.define('made-before', { handler: async () => undefined });
    await next.start();
    const id = await next.send('made-before', {}, { startAfter: new Date(Date.now() + 60 * 60 * 1000) });
    expect(await expiryOfJob(copy.database, id)).toBe(JOB_EXPIRE_SECONDS);
  });
});
