import { describe, expect, inject, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, runMigrateCommand, serverDataFolder } from '../../../test/server-process.ts';
import { pgliteTemplate } from '../../../test/test-app.ts';
import { openPglite, pgliteDataDir } from './client.ts';

/**
 * `npm run db:migrate` (src/migrate.ts, decision 092) on the embedded database refuses a folder that a
 * server has open: a second process on it would corrupt it. A new folder: migrate-pglite.test.ts.
 */

// A folder made and removed around the file (no database in it: the test makes or holds its own).
const folder = serverDataFolder('testerhub-migrate-in-use-', { database: false });

describe.skipIf(inject('testDatabase')?.kind !== 'pglite')('migrations on the embedded database', () => {
  it(
    'npm run db:migrate refuses, exit code 1, while a server has the PGlite folder in DATA_DIR open',
    async () => {
      const dataDir = folder.dir;
      // As a server holds it: this process opens the folder, filled from the server tests' template, while the command runs.
      const database = await openPglite({ dataDir: pgliteDataDir(dataDir), loadDataDir: pgliteTemplate() });
      try {
        const refused = await runMigrateCommand({ NODE_ENV: 'production', DATA_DIR: dataDir });
        expect(refused.code, refused.output).toBe(1);
        expect(refused.output).toContain('is in use: stop the server first');
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
