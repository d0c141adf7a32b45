import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FakeClock } from '../src/core/clock.ts';
import { openPostgres, type Database, type DatabaseHandle } from '../src/core/db/client.ts';
import { createJobQueue } from '../src/core/jobs/job-queue.ts';
import { schedulingWithMail } from './schedule-mail-helpers.ts';
import { createTestDatabase, TEST_POOL, type TestDatabase } from './test-app.ts';

/**
 * Two (or more) server instances' job queues on one PostgreSQL: each defines the singleton job
 * `name` doing `work` on its own database handle, each sends the job twice, and this waits until
 * every send has run (at most 30 s). What the work did is the caller's to check: it must have
 * happened once however many instances ran it.
 */
export async function runJobOnEveryInstance(
  handles: readonly DatabaseHandle[],
  name: string,
  work: (handle: DatabaseHandle) => Promise<unknown>,
) {
  const log = pino({ level: 'silent' });
  const queues = handles.map((handle) => {
    const queue = createJobQueue({ database: handle, log, pollingIntervalSeconds: 0.5 });
    let runs = 0;
    queue.define(name, {
      policy: 'singleton',
      retryLimit: 0,
      handler: async () => void ((runs += 1), await work(handle)),
    });
    return { queue, runs: () => runs };
  });
  const total = () => queues.reduce((sum, { runs }) => sum + runs(), 0);
  try {
    await Promise.all(queues.map(({ queue }) => queue.start()));
    await Promise.all(queues.flatMap(({ queue }) => [queue.send(name, {}), queue.send(name, {})]));
    const deadline = Date.now() + 30_000;
    while (total() < queues.length * 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(total()).toBe(queues.length * 2);
  } finally {
    for (const { queue } of queues) await queue.stop();
  }
}

/**
 * A test file's database copy with a second server instance's connection to it (on PostgreSQL,
 * TEST_DATABASE_URL; on PGlite the one handle stands for both), opened before the file's tests and
 * closed after them.
 */
export function useInstanceDatabases() {
  let copy: TestDatabase;
  let handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    copy = await createTestDatabase();
    handles = copy.url ? [copy.database, await openPostgres(copy.url, TEST_POOL)] : [copy.database];
  });
  afterAll(async () => {
    if (handles[1]) await handles[1].close();
    await copy.dispose();
  });
  /** Two instances' services, each built by `build` on its instance's connection (call after beforeAll). */
  const perInstance = <T>(build: (db: Database) => T): T[] => [0, 1].map((index) => build(handles[index % handles.length]!.db));
  return {
    db: () => copy.database.db,
    handles: () => handles,
    perInstance,
    /** The scheduling service of two instances, each on its own connection. */
    instances: (options: { now: Date; clock: FakeClock }) => perInstance((db) => schedulingWithMail(db, options).scheduling),
  };
}
