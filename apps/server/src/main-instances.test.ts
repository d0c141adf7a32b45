import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { adminUrl, databaseUrl, quoteIdent } from '../test/database-names.ts';
import { shutdownTestEnv } from '../test/main-starts.ts';
import { PROCESS_TEST_TIMEOUT_MS, serverDataFolder, serverProcesses, waitForStatus } from '../test/server-process.ts';
import { migrationsHead } from './core/db/client.ts';

/**
 * Several instances of the real entry point (main.ts), each its own process started from the server
 * tests' bundle, on one new PostgreSQL database (a PostgreSQL run only). Their data folders hold no
 * database: the one they share is made here, empty.
 */

const servers = serverProcesses();
const folder = serverDataFolder('testerhub-instances-', { database: false });

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

describe.skipIf(inject('testDatabase')?.kind !== 'postgres')('several instances on one PostgreSQL (main.ts)', () => {
  it(
    'three instances started at once on a new database migrate it once, all turn ready, and all exit 0 on SIGTERM',
    async () => {
      const provided = inject('testDatabase') as { serverUrl: string; copyPrefix: string };
      const name = `${provided.copyPrefix}start_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl(provided.serverUrl) });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
        const url = databaseUrl(provided.serverUrl, name);
        // Each instance its own DATA_DIR, as on its own machine; the one database. No drain before
        // the exits: what SIGTERM's drain does is main-sigterm.test.ts's (on PostgreSQL too), and
        // its 3 s were most of this file's time.
        const instances = await Promise.all(
          [0, 1, 2].map((index) =>
            servers.startServer(
              shutdownTestEnv(folder, { DATABASE_URL: url, DATA_DIR: path.join(folder.dir, `instance-${index}`), READY_DRAIN_MS: '0' }),
            ),
          ),
        );
        for (const server of instances) {
          expect(await waitForStatus(server.port, '/api/ready', 200, 60_000)).toEqual({
            statusCode: 200,
            body: { status: 'ready', database: 'up', migrations: 'current', draining: false },
          });
        }

        const database = new pg.Client({ connectionString: url });
        await database.connect();
        try {
          const { rows } = await database.query<{ applied: string; distinct: string; latest: string }>(
            'SELECT count(*) AS applied, count(DISTINCT created_at) AS distinct, max(created_at) AS latest FROM drizzle.__drizzle_migrations',
          );
          expect(Number(rows[0]!.applied)).toBe(Number(rows[0]!.distinct));
          expect(Number(rows[0]!.latest)).toBe(migrationsHead());
        } finally {
          await database.end();
        }

        for (const server of instances) expect(server.child.kill('SIGTERM')).toBe(true);
        for (const server of instances) {
          const exit = await server.exited;
          expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        await admin.end();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
