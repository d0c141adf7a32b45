import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, runMigrateCommand } from '../../../test/server-process.ts';
import { latestAppliedMigration, migrationsHead, openPglite, pgliteDataDir } from './client.ts';

/**
 * Migrations as an explicit step (`npm run db:migrate`, src/migrate.ts, decision 092) on the embedded
 * database, in a new folder. Its refusal while a server has the folder open: migrate-pglite-in-use.test.ts.
 */

let dataDir: string | undefined;
afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(inject('testDatabase')?.kind !== 'pglite')('migrations on the embedded database', () => {
  it(
    'npm run db:migrate creates and migrates the PGlite folder in DATA_DIR and exits 0',
    async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-migrate-'));
      const run = await runMigrateCommand({ NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(run, run.output).toMatchObject({ code: 0 });
      const database = await openPglite({ dataDir: pgliteDataDir(dataDir) });
      try {
        expect(await latestAppliedMigration(database)).toBe(migrationsHead());
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
