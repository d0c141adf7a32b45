import { describe, expect, inject, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, runMigrateCommand, serverDataFolder } from '../../../test/server-process.ts';
import { latestAppliedMigration, migrationsHead, openPglite, pgliteDataDir } from './client.ts';

/**
 * Migrations as an explicit step (`npm run db:migrate`, src/migrate.ts, decision 092) on the embedded
 * database, in a new folder. Its refusal while a server has the folder open: migrate-pglite-in-use.test.ts.
 */

// A folder made and removed around the file (no database in it: the test makes or holds its own).
const folder = serverDataFolder('testerhub-migrate-', { database: false });

describe.skipIf(inject('testDatabase')?.kind !== 'pglite')('migrations on the embedded database', () => {
  it(
    'npm run db:migrate creates and migrates the PGlite folder in DATA_DIR and exits 0',
    async () => {
      const dataDir = folder.dir;
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
