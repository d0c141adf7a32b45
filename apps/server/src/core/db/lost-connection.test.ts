import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { inTransaction, resultRows, type Database } from './client.ts';

/**
 * A PostgreSQL restart (or a failover, or an administrator ending a backend) ends every open
 * connection with a FATAL message. One held by a unit of work between two statements belongs to no
 * one's listener in the pool: the cluster test (scripts/cluster-faults.mjs, decision 093) saw that
 * 'error' event end the whole instance. The work must fail alone, and the pool serve the next
 * request. PostgreSQL only: PGlite has no connections to lose.
 */
let testDatabase: TestDatabase;
const db = (): Database => testDatabase.database.db;

describe.runIf(inject('testDatabase')?.kind === 'postgres')('a connection PostgreSQL ends', () => {
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  it('fails the unit of work that held it, not the process, and the pool serves the next query', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const work = inTransaction(db(), async (tx) => {
        const pid = resultRows<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
        // Ended from another connection while this unit of work holds it between two statements.
        await db().execute(sql`select pg_terminate_backend(${pid})`);
        // The backend is gone once pg_stat_activity no longer lists it: its FATAL message has been sent.
        for (;;) {
          const listed = resultRows(await db().execute(sql`select 1 from pg_stat_activity where pid = ${pid}`));
          if (listed.length === 0) break;
        }
        // One more round trip on another connection: the lost one's message has been read by then.
        await db().execute(sql`select 1`);
        await tx.execute(sql`select 1`);
      });
      await expect(work).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(resultRows(await db().execute(sql`select 1 as answer`))).toEqual([{ answer: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
