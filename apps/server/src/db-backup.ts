/**
 * Back up and restore the database the server uses (issue 26 section 6, decision 092):
 *
 *   npm run db:backup -- FILE       (node apps/server/dist/db-backup.js backup FILE in a build)
 *   npm run db:restore -- FILE      (node apps/server/dist/db-backup.js restore FILE)
 *
 * It reads the server's configuration: with DATABASE_URL, pg_dump's custom format and pg_restore
 * (--clean --if-exists, one transaction), any time, though a restore is best made with the
 * instances stopped; otherwise the PGlite folder in DATA_DIR, refused while a server has it open.
 */
import { ConfigError, loadConfig } from './core/config/env.ts';
import { BackupRefusal, backupDatabase, restoreDatabase } from './core/db/backup.ts';

const USAGE = 'usage: npm run db:backup -- FILE   or   npm run db:restore -- FILE';

async function main(): Promise<number> {
  const [action, file, ...rest] = process.argv.slice(2);
  if ((action !== 'backup' && action !== 'restore') || !file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (action === 'backup') {
    await backupDatabase(config, file);
    console.log(`Backed up the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database to ${file}.`);
  } else {
    const { replacedFolder } = await restoreDatabase(config, file);
    console.log(`Restored the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database from ${file}.`);
    if (replacedFolder) console.log(`The folder it replaced is kept in ${replacedFolder}: remove it once the restore is checked.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof BackupRefusal;
    console.error(known ? (error as Error).message : 'The backup command failed:', known ? '' : error);
    process.exit(1);
  },
);
