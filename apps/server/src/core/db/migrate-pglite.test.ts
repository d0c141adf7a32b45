import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, runMigrateCommand, serverDataFolder } from '../../../test/server-process.ts';
import { BLANK_CLUSTER_FILE, latestAppliedMigration, migrationsHead, openPglite, pgliteDataDir } from './client.ts';

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
      // What the bundle's first start loads instead of running initdb (decision 155), made as the build makes it.
      expect(fs.existsSync(path.join(inject('serverBundle'), BLANK_CLUSTER_FILE))).toBe(true);
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
