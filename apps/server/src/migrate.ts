/**
 * The migrations as a step of their own (issue 26 section 2, decision 092):
 *
 *   npm run db:migrate                     (from source)
 *   node apps/server/dist/migrate.js       (the production build)
 *
 * Opens the database the server would (DATABASE_URL, or the PGlite folder in DATA_DIR, created
 * when new), applies what is missing and exits 0; 1 with the reason otherwise. On PostgreSQL it
 * takes the same advisory lock as a starting instance, so it may run beside them; on PGlite the
 * folder is one process's: refused while a server has it open.
 */
import { ConfigError, loadConfig } from './core/config/env.ts';
import { isPgliteFolderInUse, openDatabase, pgliteDataDir } from './core/db/client.ts';

/** A PGlite folder a server has open: a second process on it would corrupt it. */
class FolderInUse extends Error {}

async function main(): Promise<void> {
  const config = loadConfig();
  const pgliteDir = pgliteDataDir(config.dataDir);
  if (!config.databaseUrl && isPgliteFolderInUse(pgliteDir))
    throw new FolderInUse(`The database in ${pgliteDir} is in use: stop the server first (it migrates at its start anyway).`);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(`Database migrated (${database.kind}): at this build's last migration.`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : 'Migrating the database failed:',
      error instanceof ConfigError ? '' : error,
    );
    process.exit(1);
  },
);
