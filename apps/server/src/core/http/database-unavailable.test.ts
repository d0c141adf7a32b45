import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { createTestDatabase, useTestApp, type TestDatabase } from '../../../test/test-app.ts';
import { inTransaction, openPostgres, resultRows, type DatabaseHandle } from '../db/client.ts';

/**
 * While PostgreSQL is down (a restart, a failover) a request fails for want of its database, not
 * for anything it asked: the API answers 503 with Retry-After, so that a client (or a proxy) tries
 * again, instead of the 500 of a fault (issue 26 section 3, decision 097). Each case below is a
 * real pg pool whose database is gone, queried through drizzle as every repository does.
 */
let refusingPort = 0;
let hangingUp: net.Server;
const pools: DatabaseHandle[] = [];
let postgres: TestDatabase | undefined;
const onPostgres = inject('testDatabase')?.kind === 'postgres';

async function poolTo(url: string) {
  const handle = await openPostgres(url, { poolWaitMs: 2000 });
  pools.push(handle);
  return handle;
}

const testApp = useTestApp({
  extraApiRoutes: (api) => {
    // Nothing listens on the port: a stopped PostgreSQL.
    api.get('/test/database-refuses', async () => {
      const handle = await poolTo(`postgres://testerhub:secret@127.0.0.1:${refusingPort}/testerhub`);
      await handle.db.execute(sql`select 1`);
    });
    // The server takes the connection and drops it: one going down.
    api.post('/test/database-hangs-up', async () => {
      const port = (hangingUp.address() as net.AddressInfo).port;
      const handle = await poolTo(`postgres://testerhub:secret@127.0.0.1:${port}/testerhub`);
      await handle.db.execute(sql`select 1`);
    });
    // A unit of work whose connection PostgreSQL ends between two statements (what a restart does to each one).
    api.post('/test/database-ends-the-work', async () => {
      const handle = await poolTo(postgres!.url!);
      await inTransaction(handle.db, async (tx) => {
        const pid = resultRows<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
        await handle.db.execute(sql`select pg_terminate_backend(${pid})`);
        for (;;) {
          if (resultRows(await handle.db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`)).length === 0) break;
        }
        await tx.execute(sql`select 1`);
      });
    });
    api.get('/test/plain-fault', async () => {
      throw new Error('not the database');
    });
  },
});

beforeAll(async () => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  refusingPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  hangingUp = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => hangingUp.listen(0, '127.0.0.1', resolve));
  if (onPostgres) postgres = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(pools.map((handle) => handle.close()));
  await new Promise((resolve) => hangingUp?.close(resolve));
  await postgres?.dispose();
});

async function expectUnavailable(method: 'GET' | 'POST', url: string) {
  const response = await testApp.app.inject({ method, url });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  const body = apiErrorSchema.strict().parse(response.json());
  expect(body).toMatchObject({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
  });
  expect(body.requestId).toBe(response.headers['x-request-id']);
  // Nothing of the driver's error: no address, no SQL.
  expect(response.body).not.toMatch(/127\.0\.0\.1|ECONN|select|terminat/i);
}

describe('a request whose database is gone', () => {
  it('answers 503 with Retry-After when PostgreSQL refuses the connection', async () => {
    await expectUnavailable('GET', '/api/test/database-refuses');
  });

  it('answers 503 with Retry-After when the connection is dropped', async () => {
    await expectUnavailable('POST', '/api/test/database-hangs-up');
  });

  it.runIf(onPostgres)('answers 503 with Retry-After when PostgreSQL ends the connection of a unit of work', async () => {
    await expectUnavailable('POST', '/api/test/database-ends-the-work');
  });

  it('leaves any other fault a 500 without Retry-After', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/plain-fault' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
