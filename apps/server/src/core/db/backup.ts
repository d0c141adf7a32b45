import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { isNewPgliteFolder, isPgliteFolderInUse, openPglite, pgliteDataDir } from './client.ts';

/**
 * Backups of the one database (issue 26 section 6, decision 092). PostgreSQL: pg_dump's custom
 * format, restored with pg_restore --clean --if-exists in one transaction (all or nothing).
 * Embedded PGlite: its data folder as one gzipped tarball (PGlite's dumpDataDir, gzipped here), made and
 * restored only while no server has the folder open: a second process on it would corrupt it.
 */

/**
 * zlib's fastest level: a seeded folder's 40 MB tar in about 0.48 s of CPU and 11.5 MB, against PGlite's own
 * gzip at the default level, 0.93 s and 10.8 MB (session 27). PGlite loads either when restoring.
 */
const BACKUP_GZIP_LEVEL = 1;
const gzip = promisify(zlib.gzip);

export class BackupRefusal extends Error {}

export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

function refuseWhileOpen(pgliteDir: string) {
  if (isPgliteFolderInUse(pgliteDir))
    throw new BackupRefusal(
      `The database in ${pgliteDir} is in use: stop the server first (after a crash, start and stop it once so that it closes the folder cleanly).`,
    );
}

/** The connection settings of pg_dump and pg_restore: the URL without its password, which goes in PGPASSWORD (not in the process list). */
function postgresArgs(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // eslint-disable-next-line no-restricted-properties -- passed on whole: the client tools read their own PG* variables (TLS files, service names)
  const inherited = process.env;
  return { dbname: url.toString(), env: { ...inherited, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) =>
      reject(new Error(`${command} could not be started (is the PostgreSQL client installed?): ${error.message}`)),
    );
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code}): ${stderr.trim()}`))));
  });
}

/** Writes a backup of the configured database to `file`. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  const output = path.resolve(file);
  if (target.databaseUrl) {
    const { dbname, env } = postgresArgs(target.databaseUrl);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${output}`, `--dbname=${dbname}`], env);
    return;
  }
  const pgliteDir = pgliteDataDir(target.dataDir);
  if (isNewPgliteFolder(pgliteDir)) throw new BackupRefusal(`There is no database in ${pgliteDir} to back up.`);
  refuseWhileOpen(pgliteDir);
  const database = await openPglite({ dataDir: pgliteDir });
  try {
    if (!database.dumpDataDir) throw new Error('This PGlite handle cannot dump its folder.');
    const tarball = await database.dumpDataDir();
    fs.writeFileSync(output, await gzip(Buffer.from(await tarball.arrayBuffer()), { level: BACKUP_GZIP_LEVEL }));
  } finally {
    await database.close();
  }
}

/**
 * Replaces the configured database with the backup in `file`. On PGlite the folder it replaces
 * is kept beside it (pglite.replaced-<time>) until the operator removes it.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ replacedFolder?: string }> {
  const input = path.resolve(file);
  if (!fs.existsSync(input)) throw new BackupRefusal(`No backup at ${input}.`);
  if (target.databaseUrl) {
    const { dbname, env } = postgresArgs(target.databaseUrl);
    await run(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, input],
      env,
    );
    return {};
  }
  const pgliteDir = pgliteDataDir(target.dataDir);
  refuseWhileOpen(pgliteDir);
  const replacedFolder = fs.existsSync(pgliteDir) ? `${pgliteDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
  if (replacedFolder) fs.renameSync(pgliteDir, replacedFolder);
  try {
    const database = await openPglite({ dataDir: pgliteDir, loadDataDir: new Blob([fs.readFileSync(input)]) });
    await database.close();
  } catch (error) {
    // Not a backup PGlite can load: the database as it was goes back in place.
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    if (replacedFolder) fs.renameSync(replacedFolder, pgliteDir);
    throw error;
  }
  return { replacedFolder };
}
