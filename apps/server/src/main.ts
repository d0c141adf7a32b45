import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createFakeClock } from './core/clock.ts';
import { ConfigError, loadConfig } from './core/config/env.ts';
import { withKeptSecrets } from './core/config/secrets.ts';
import { isNewPgliteFolder, openDatabase, pgliteDataDir, type DatabaseHandle } from './core/db/client.ts';
import { seedDemoData } from './core/db/seed.ts';
import { createReadiness, type Readiness } from './core/http/readiness.ts';
import { collectGarbageWhenIdle, fullGarbageCollection, IDLE_COLLECTION_QUIET_MS } from './core/idle-collection.ts';

/** Argument of the child process that creates a new PGlite database and exits (see prepareInChildProcess). */
const PREPARE_ONLY_ARG = '--prepare-database-only';

let app: FastifyInstance | undefined;
/** The fake-clock listener of a browser test run (TEST_CLOCK_PORT, decision 042). */
let clockApp: FastifyInstance | undefined;
let database: DatabaseHandle | undefined;
let preparing: ChildProcess | undefined;
/** What both listeners' /api/ready answers from; set once the database is open. */
let readiness: Readiness | undefined;
let stopping = false;
/** The shutdown's timings (READY_DRAIN_MS, SHUTDOWN_GRACE_MS); their defaults until the configuration is read. */
let shutdownTimings = { readyDrainMs: 2000, shutdownGraceMs: 10_000 };

/**
 * Turn not-ready at once, keep the port open for the drain (a proxy polling /api/ready takes the
 * instance out while it still answers), then stop accepting, let requests in flight finish, stop the
 * job queue (running jobs finish or go back to the queue) and the mail sender (after its current
 * send), close the database; forced exit when the grace period after the drain runs out.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const log = (message: string, fields: object = {}) =>
    app ? app.log.info({ signal, ...fields }, message) : console.log(`${message} (${signal})`);
  readiness?.startDraining();
  // SIGTERM is how a supervisor or a deploy stops an instance behind a proxy; Ctrl-C (SIGINT) in a terminal needs no drain.
  const drainMs = signal === 'SIGTERM' && app?.server.listening === true ? shutdownTimings.readyDrainMs : 0;
  const forced = setTimeout(() => {
    console.error('shutdown took too long; exiting');
    process.exit(1);
  }, drainMs + shutdownTimings.shutdownGraceMs);
  forced.unref();
  try {
    if (drainMs > 0) {
      log('not ready: draining before the listener closes', { drainMs });
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    log('shutting down: no new connections, finishing requests in flight');
    if (preparing && preparing.exitCode === null && preparing.signalCode === null) {
      const exited = new Promise((resolve) => preparing?.once('exit', resolve));
      preparing.kill(signal as NodeJS.Signals);
      await exited;
    }
    await clockApp?.close();
    await app?.close();
    await database?.close();
    log('shut down cleanly');
    process.exit(0);
  } catch (error) {
    console.error('error during shutdown', error);
    process.exit(1);
  }
}

async function main() {
  // Registered first, so a signal during migration or seeding still closes the database cleanly.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Keys unset outside production are made once and kept in DATA_DIR; production refuses to start without them.
  const config = withKeptSecrets(loadConfig());
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.webDistDir ?? path.resolve(here, '../../web/dist');
  shutdownTimings = { readyDrainMs: config.readyDrainMs, shutdownGraceMs: config.shutdownGraceMs };

  if (process.argv.includes(PREPARE_ONLY_ARG)) {
    const prepared = await prepareDatabase(config);
    if (!stopping) await prepared.close();
    return;
  }
  if (!config.databaseUrl && isNewPgliteFolder(pgliteDataDir(config.dataDir))) {
    await prepareInChildProcess(pgliteDataDir(config.dataDir));
    if (stopping) return;
  }

  const ready = await prepareDatabase(config);
  if (stopping) return;
  readiness = createReadiness(ready);

  // A browser test run's second listener (decision 042), before the main one: once the main
  // one answers, both do. The same database handle (one PGlite folder opens in one process only),
  // its own app whose clock the test-support routes set. No scheduled jobs (their queue's cron
  // runs on real time: the main listener's), no mail sender (its outbox rows are stamped on real
  // time, and the main listener's sender sends them), and links to its own address.
  if (config.testClockPort !== undefined) {
    const host = config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host;
    const clockUrl = `http://${host}:${config.testClockPort}`;
    clockApp = await buildApp({
      // No metrics listener either: the main listener's holds METRICS_PORT.
      config: {
        ...config,
        webDistDir,
        port: config.testClockPort,
        publicUrl: clockUrl,
        scheduledJobs: false,
        smtpUrl: undefined,
        metrics: undefined,
      },
      database: ready,
      readiness,
      settableClock: createFakeClock(Date.now()),
    });
    await clockApp.listen({ port: config.testClockPort, host: config.host });
  }

  app = await buildApp({ config: { ...config, webDistDir }, database: ready, readiness });
  app.log.info({ database: ready.kind, dataDir: ready.kind === 'pglite' ? config.dataDir : undefined }, 'database ready');
  // On the embedded database V8 leaves the garbage of a busy spell uncollected at rest (decision 015, "After use").
  if (ready.kind === 'pglite') collectGarbageWhenIdle(app.server, { quietMs: IDLE_COLLECTION_QUIET_MS, collect: fullGarbageCollection() });
  await app.listen({ port: config.port, host: config.host });
}

/** Opens the database, runs the migrations and seeds the demo data when asked (each a no-op once done). */
async function prepareDatabase(config: ReturnType<typeof loadConfig>): Promise<DatabaseHandle> {
  const handle = await openDatabase(config);
  database = handle; // from here a signal closes it
  await handle.migrate();
  if (config.seedDemoData) await seedDemoData(handle.db, new Date(), config.loyaltyTimeZone);
  return handle;
}

/**
 * Creates, migrates and seeds a new PGlite database in a short-lived copy of this process. Done
 * here it would leave well over 100 MB behind for good: initdb's own WASM instance, the WASM heap
 * grown by the migrations and the seed, the native memory of compiling and hashing, none of which
 * goes back to the system. The server then opens the ready folder like on any later start.
 * See docs/decisions/015-resting-memory.md.
 */
function prepareInChildProcess(pgliteDir: string): Promise<void> {
  console.log(`First start: creating the database in ${pgliteDir}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1), PREPARE_ONLY_ARG], { stdio: 'inherit' });
    preparing = child;
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      preparing = undefined;
      if (code === 0 || stopping) resolve();
      else reject(new Error(`creating the database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : 'TesterHub failed to start:', error instanceof ConfigError ? '' : error);
  process.exit(1);
});
