import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import pino from 'pino';
import { openPostgres, type DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, TEST_POOL, type TestDatabase } from '../../../test/test-app.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

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
});
