import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getWith, postJson, waitFor } from '../../../test/account-helpers.ts';
import { createTester, FACTORY_PASSWORD, sessionCookieFor } from '../../../test/factories.ts';
import { createTestDatabase, TEST_POOL, type TestDatabase } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../core/config/env.ts';
import { openPostgres, type DatabaseHandle } from '../../core/db/client.ts';

/**
 * Two server instances on one database (decision 035): a password changed through one ends the
 * tester's other sessions on the other at once, although the other had them in its session cache
 * for 300 s. On PostgreSQL each instance has its own connection pool; on PGlite they share the one database.
 */

let copy: TestDatabase;
let secondHandle: DatabaseHandle | undefined;
let instances: FastifyInstance[] = [];

beforeAll(async () => {
  copy = await createTestDatabase();
  secondHandle = copy.url ? await openPostgres(copy.url, TEST_POOL) : undefined;
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_CACHE_SECONDS: '300' }), webDistDir: undefined };
  instances = await Promise.all(
    [copy.database, secondHandle ?? copy.database].map(async (database) => {
      const app = await buildApp({ config, database });
      await app.ready();
      return app;
    }),
  );
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await secondHandle?.close();
  await copy.dispose();
});

const authorized = async (app: FastifyInstance, cookie: string) =>
  (await getWith(app, '/api/account/CheckAuthorize', { cookie })).statusCode;

describe('a password change with two server instances', () => {
  it('ends the other sessions on the other instance within a second, not after its cache time', async () => {
    const [first, second] = instances as [FastifyInstance, FastifyInstance];
    const tester = await createTester(copy.database.db);
    const [changing, elsewhere] = [
      await sessionCookieFor(copy.database.db, tester.id),
      await sessionCookieFor(copy.database.db, tester.id),
    ];
    // The second instance has read both sessions: they sit in its cache for 300 s.
    expect(await authorized(second, elsewhere)).toBe(200);
    expect(await authorized(second, changing)).toBe(200);

    const answer = await postJson(
      first,
      '/api/account/ChangePassword',
      { currentPassword: FACTORY_PASSWORD, newPassword: 'Other#Inst4' },
      { cookie: changing },
    );
    expect(answer.json()).toEqual({ status: 'succeed' });

    const started = Date.now();
    await waitFor(async () => (await authorized(second, elsewhere)) === 401, 1000, 'the other instance to refuse the ended session');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await authorized(first, elsewhere)).toBe(401);
    // The session that made the change goes on, on both instances.
    expect(await authorized(first, changing)).toBe(200);
    expect(await authorized(second, changing)).toBe(200);
  });
});
