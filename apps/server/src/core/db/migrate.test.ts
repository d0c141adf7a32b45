import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { adminUrl, copyPrefix, databaseUrl, quoteIdent } from '../../../test/database-names.ts';
import { runMigrateCommand } from '../../../test/server-process.ts';
import { TEST_POOL } from '../../../test/test-app.ts';
import { latestAppliedMigration, migrationsFolder, migrationsHead, openPostgres, resultRows } from './client.ts';

/**
 * Migrations on PostgreSQL as an explicit step (`npm run db:migrate`, src/migrate.ts) and under an
 * advisory lock at start (decision 092), each on a new, empty database of its own. On the embedded
 * database: migrate-pglite.test.ts and migrate-pglite-in-use.test.ts.
 */

const provided = inject('testDatabase');
const journalLength = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** A new, empty PostgreSQL database named with the run's prefix (the global teardown drops leftovers). */
async function withEmptyPostgres(serverUrl: string, prefix: string, work: (url: string) => Promise<void>) {
  const name = `${prefix}fresh_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    await work(databaseUrl(serverUrl, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await admin.end();
  }
}

// Side by side, like the embedded database's below: each test has a new database of its own.
describe.skipIf(provided?.kind !== 'postgres')('migrations on PostgreSQL', { concurrent: true }, () => {
  const serverUrl = provided?.kind === 'postgres' ? provided.serverUrl : '';
  const prefix = provided?.kind === 'postgres' ? provided.copyPrefix : copyPrefix('unused');

  it('three instances migrating a new database at once all succeed, and each migration is applied once', async () => {
    await withEmptyPostgres(serverUrl, prefix, async (url) => {
      const instances = await Promise.all([0, 1, 2].map(() => openPostgres(url, TEST_POOL)));
      try {
        const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        const recorded = resultRows<{ created_at: string; times: string }>(
          await instances[0]!.executeSql('SELECT created_at, count(*) AS times FROM drizzle.__drizzle_migrations GROUP BY created_at'),
        );
        expect(recorded).toHaveLength(journalLength);
        expect(recorded.filter((row) => Number(row.times) !== 1)).toEqual([]);
        for (const instance of instances) expect(await latestAppliedMigration(instance)).toBe(migrationsHead());
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });
  }, 240_000);

  it('npm run db:migrate migrates the DATABASE_URL database and exits 0', async () => {
    await withEmptyPostgres(serverUrl, prefix, async (url) => {
      const run = await runMigrateCommand({ NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: os.tmpdir() });
      expect(run, run.output).toMatchObject({ code: 0 });
      const database = await openPostgres(url, TEST_POOL);
      try {
        expect(await latestAppliedMigration(database)).toBe(migrationsHead());
      } finally {
        await database.close();
      }
    });
  }, 240_000);
});
