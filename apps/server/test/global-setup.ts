import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../bundle-server.mjs';
import { openPglite, openPostgres, writeBlankCluster, type DatabaseHandle } from '../src/core/db/client.ts';
import { seedDemoData } from '../src/core/db/seed.ts';
import { adminUrl, copyPrefix, databaseUrl, quoteIdent, TEST_SEED_DATE } from './database-names.ts';
import { trimTemplateWal } from './template-wal.ts';

/** Where the test run's server bundle goes: in the repository, so that it finds its npm packages as dist/ does; ignored by git, ESLint and Prettier. */
const BUNDLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp');

/**
 * Builds one migrated and seeded database before any server test runs; each test file then
 * copies it (GUIDE section 6). PGlite: the data folder as a tarball in a temp file.
 * PostgreSQL (TEST_DATABASE_URL set): a template database on that server.
 * Beside it, the server bundled as `npm run build` does, for the tests that start it as a process.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  fs.mkdirSync(BUNDLES_DIR, { recursive: true });
  removeAbandonedBundles();
  const bundleFolder = fs.mkdtempSync(path.join(BUNDLES_DIR, 'server-bundle-'));
  // esbuild bundles in a process of its own while this one builds the template.
  const outcomes = await Promise.allSettled([
    setupServerBundle(project, bundleFolder),
    serverUrl ? setupPostgres(project, serverUrl) : setupPglite(project, bundleFolder),
  ]);
  const teardowns = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const teardown = async () => {
    for (const teardownOne of teardowns) await teardownOne();
  };
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}

/**
 * The real entry points bundled once a run (about 0.9 s of a start's wall time and 1.5 s of its CPU
 * saved against tsx, which transforms and loads some hundreds of TypeScript files at every start):
 * made from the source of this run, never apps/server/dist, which may be stale or missing.
 */
async function setupServerBundle(project: TestProject, folder: string) {
  const started = performance.now();
  try {
    // The memory probe as well (core/db/pglite-memory.test.ts): started like the server.
    await bundleServer(folder, ['test/pglite-memory-probe.ts']);
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  project.provide('serverBundle', folder);
  log(`server bundled in ${Math.round(performance.now() - started)} ms (${folder})`);
  return () => {
    fs.rmSync(folder, { recursive: true, force: true });
  };
}

/** A run stopped before its teardown leaves its bundle; one older than this belongs to no run still going. */
const ABANDONED_BUNDLE_MS = 12 * 3600_000;

function removeAbandonedBundles() {
  for (const entry of fs.readdirSync(BUNDLES_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('server-bundle-')) continue;
    const folder = path.join(BUNDLES_DIR, entry.name);
    if (Date.now() - fs.statSync(folder).mtimeMs > ABANDONED_BUNDLE_MS) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The template, and from its initdb the blank cluster the bundle's first starts load (as the build's does; PGlite runs only). */
async function setupPglite(project: TestProject, bundleFolder: string) {
  const started = performance.now();
  const database = await openPglite({});
  try {
    await writeBlankCluster(database, bundleFolder);
    await database.migrate();
    await seedDemoData(database.db, TEST_SEED_DATE);
    await dropTemplateDatabases(database);
    if (!database.dumpDataDir) throw new Error('openPglite() returned a handle without dumpDataDir()');
    const tarball = await database.dumpDataDir();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-template-'));
    // A plain tar, so that no test file pays for gunzip (about 200 ms a copy).
    const file = path.join(folder, 'template.tar');
    fs.writeFileSync(file, trimTemplateWal(Buffer.from(await tarball.arrayBuffer())));
    project.provide('testDatabase', { kind: 'pglite', templateFile: file });
    log(`PGlite template built in ${Math.round(performance.now() - started)} ms (${file})`);
    return () => {
      fs.rmSync(folder, { recursive: true, force: true });
    };
  } finally {
    await database.close();
  }
}

/**
 * Every test file loads the template into a new PGlite (about half a second of CPU, most of a
 * file's set-up): the tar is read, unpacked and copied file by file into the instance's memory.
 * The app uses the `postgres` database only; template0 and template1 (the copies CREATE DATABASE
 * starts from, which no test on PGlite runs) are 15 of the folder's 46 MB and 600 of its 1,440
 * files, so without them a copy costs about a third less (decision 108). The checkpoint puts
 * the drop on disk before the folder is dumped, so no copy replays it at start.
 */
async function dropTemplateDatabases(database: DatabaseHandle) {
  for (const name of ['template0', 'template1']) {
    // One statement a call: DROP DATABASE refuses to run inside a transaction block.
    await database.executeSql(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await database.executeSql(`DROP DATABASE ${name}`);
  }
  await database.executeSql('CHECKPOINT');
  // A new log segment and a checkpoint in it: a copy starts from that segment alone, which
  // trimTemplateWal cuts to its written pages (a copy about an eighth cheaper, 16 MB less each).
  await database.executeSql('SELECT pg_switch_wal()');
  await database.executeSql('CHECKPOINT');
}

async function setupPostgres(project: TestProject, serverUrl: string) {
  const started = performance.now();
  const template = `testerhub_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrl(serverUrl, template));
  try {
    await database.migrate();
    await seedDemoData(database.db, TEST_SEED_DATE);
  } finally {
    // A template must have no open connections while it is copied.
    await database.close();
  }
  project.provide('testDatabase', { kind: 'postgres', serverUrl, template, copyPrefix: copyPrefix(process.pid) });
  log(`PostgreSQL template ${template} built in ${Math.round(performance.now() - started)} ms`);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await cleanup.connect();
    try {
      // Copies left behind by a test file that crashed before its close(), then the template.
      const leftovers = await cleanup.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        copyPrefix(process.pid),
      ]);
      for (const { datname } of leftovers.rows) await cleanup.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      await cleanup.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    } finally {
      await cleanup.end();
    }
  };
}

function log(message: string) {
  if (process.env.TEST_HARNESS_QUIET !== 'true') console.log(`[server tests] ${message}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the bundled server: main.js, migrate.js and what they read beside them. */
    serverBundle: string;
    testDatabase: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; serverUrl: string; template: string; copyPrefix: string };
  }
}
