import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { keepDrizzleTextTypes } from './pglite-parsers.ts';

/**
 * The database, without Drizzle's relational query API (`db.query.*`): nothing uses it, and with a
 * schema given Drizzle builds a query builder for each of the schema's tables in every transaction
 * and savepoint it opens (decision 150). Queries name their tables (`db.select().from(table)`).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/**
 * A piece of SQL a module's repository makes over its own tables (a subquery of tester ids, say),
 * handed through its service to another module's set-based statement (decision 052): the tables
 * stay their owner's, and 10,000 rows still move in one statement.
 */
export type { SQL as SqlFragment } from 'drizzle-orm';

/** The rows of `db.execute`: PGlite's and node-postgres's answers differ only in type, both carry rows. */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * What a repository runs its queries on: the database, or the transaction of a unit of work
 * (a transaction is a Database too). A service that writes several tables opens one with
 * `inTransaction` and hands it to every repository and service it calls (GUIDE section 4).
 */
export type Executor = Database;

/** What a unit of work runs once its outermost transaction has committed. */
type AfterCommit = () => unknown;

/**
 * The callbacks each open transaction (or savepoint) of `inTransaction` holds for after the
 * commit, keyed by its handle so that any service handed the `tx` can add one (`afterCommit`).
 */
const pendingAfterCommit = new WeakMap<object, AfterCommit[]>();

/** Where an after-commit callback's failure is told: the commit has happened, so no caller hears of it. */
let logAfterCommitError: (error: unknown) => void = (error) => console.error('after-commit callback failed', error);

/** Sends the failures of after-commit callbacks to the app's logger (buildApp). */
export function setAfterCommitErrorLog(log: (error: unknown) => void) {
  logAfterCommitError = log;
}

async function runAfterCommit(callbacks: readonly AfterCommit[]) {
  for (const callback of callbacks) {
    try {
      await callback();
    } catch (error) {
      logAfterCommitError(error);
    }
  }
}

/**
 * Runs `work` in one transaction. Inside an open one (`within` given) it opens a savepoint
 * there instead: a failure takes back only the nested work, and the caller may go on or give up.
 * Callbacks given to `afterCommit` run after the outermost transaction commits, in order, and
 * never when it (or the savepoint they were added in) rolls back.
 */
export async function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>, within?: Executor): Promise<T> {
  if (within) {
    const outer = pendingAfterCommit.get(within);
    if (!outer && is(within, PgTransaction)) throw new Error('A nested unit of work needs a transaction opened by inTransaction.');
    const nested: AfterCommit[] = [];
    const result = await within.transaction((savepoint) => {
      pendingAfterCommit.set(savepoint, nested);
      return work(savepoint as unknown as Executor);
    });
    // Released: the nested work is the outer transaction's now, and so are its callbacks.
    if (outer) outer.push(...nested);
    else await runAfterCommit(nested);
    return result;
  }
  const callbacks: AfterCommit[] = [];
  const result = await db.transaction((tx) => {
    pendingAfterCommit.set(tx, callbacks);
    return work(tx as unknown as Executor);
  });
  await runAfterCommit(callbacks);
  return result;
}

/**
 * Runs `callback` once the unit of work `executor` belongs to has committed (a mail nudge, a
 * cache forget); on the bare database, whose statements commit as they run, at once. A
 * failing callback is logged, never thrown: the change it follows is already committed.
 */
export function afterCommit(executor: Executor, callback: AfterCommit): void {
  const pending = pendingAfterCommit.get(executor);
  if (pending) pending.push(callback);
  else if (is(executor, PgTransaction)) throw new Error('afterCommit needs a transaction opened by inTransaction.');
  else void runAfterCommit([callback]);
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Plain SQL with positional parameters, outside Drizzle, for the job queue's library (pg-boss
   * speaks SQL text). Without parameters the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, idle ones and waiting queries, for the metrics (PGlite has one in-process connection, no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Calls `onNotice` with the payload of every NOTIFY on `channel` from any process on this
   * database (on PostgreSQL over a connection of its own, opened again when lost); the answer
   * stops listening. `onMissed` runs once listening again after a loss: notices sent meanwhile
   * never came, so whatever they would have dropped must be dropped now.
   */
  listen(channel: string, onNotice: (payload: string) => void, onMissed?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data folder as a plain tar, for backups (gzipped there) and for copying a migrated template (tests). */
  dumpDataDir?(): Promise<Blob>;
}

/** The committed migrations: next to the source in development, copied beside the bundle in a build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((candidate) => fs.existsSync(path.join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Where drizzle's migrators record what they applied: one row per migration, created_at its journal `when`. */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** The journal time of this build's last migration: a database whose newest applied one is as new or newer is at head. */
export function migrationsHead(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** The journal time of the newest migration applied to the database; 0 when none is. */
export async function latestAppliedMigration(database: Pick<DatabaseHandle, 'executeSql'>): Promise<number> {
  const { rows } = await database.executeSql(`SELECT max(created_at) AS latest FROM ${MIGRATIONS_TABLE}`);
  const latest = (rows[0] as { latest: string | number | null } | undefined)?.latest;
  return latest === null || latest === undefined ? 0 : Number(latest);
}

/**
 * PostgreSQL's buffer pool inside PGlite. PGlite allocates all of it in its WASM heap at start-up
 * and the heap is resident from then on, so PostgreSQL's default (128 MB, from initdb) was over a
 * third of the server's memory at rest. 16 MB holds the hot pages of the site's tables and
 * indexes; a page outside it is read from the data folder through the operating system's file
 * cache. See docs/decisions/015-resting-memory.md.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** The PGlite folder inside DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** True when `pgliteDir` holds no database yet (PGlite would create, migrate and seed one). */
export function isNewPgliteFolder(pgliteDir: string): boolean {
  return !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/**
 * True while a process has the PGlite folder open (PGlite keeps a postmaster.pid in it until it
 * closes; after a crash too): a second process on the folder would corrupt it.
 */
export function isPgliteFolderInUse(pgliteDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir, 'postmaster.pid'));
}

/**
 * Called with the text of every statement Drizzle sends, inside transactions too: a test counting
 * what a call costs (the self-schedule statement count) watches through it. Unset in the app.
 */
export type StatementWatcher = (query: string) => void;

const statementLogger = (onStatement: StatementWatcher | undefined) => (onStatement ? { logQuery: onStatement } : undefined);

/**
 * A blank PGlite cluster (initdb's output, before any migration) as a plain tar, made by the build beside
 * the bundle (src/blank-cluster.ts) and by the server tests' global setup beside theirs (decision 155).
 * A new folder loads it in about 0.6 s of wall and 0.9 s of CPU instead of running PGlite's initdb
 * (1.7 to 2.6 s, 2.4 to 4 s of CPU): a first start, `npm run db:migrate` on a new folder.
 */
export const BLANK_CLUSTER_FILE = 'pglite-blank.tar';

/** The blank cluster beside this module (the bundle's folder), if the build made one: from source there is none. */
function blankCluster(): Blob | undefined {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), BLANK_CLUSTER_FILE);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Writes `database` (a PGlite just created, nothing migrated) into `folder` as the blank cluster a new folder loads. */
export async function writeBlankCluster(database: DatabaseHandle, folder: string): Promise<void> {
  if (database.kind !== 'pglite' || !database.dumpDataDir) throw new Error('A blank cluster is dumped from a new PGlite database.');
  // On disk before the dump, so that no load replays the start's log.
  await database.executeSql('CHECKPOINT');
  const tarball = await database.dumpDataDir();
  fs.writeFileSync(path.join(folder, BLANK_CLUSTER_FILE), Buffer.from(await tarball.arrayBuffer()));
}

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  sharedBuffers?: string;
  onStatement?: StatementWatcher;
}): Promise<DatabaseHandle> {
  return pgliteHandle(await createPgliteClient(options), options.onStatement);
}

/** A PGlite instance on `dataDir` (a new folder gets the blank cluster) or in memory, loaded from `loadDataDir` if given. */
export async function createPgliteClient(options: { dataDir?: string; loadDataDir?: Blob; sharedBuffers?: string }): Promise<PGlite> {
  const newFolder = options.dataDir !== undefined && isNewPgliteFolder(options.dataDir);
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ?? (newFolder ? blankCluster() : undefined),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
  });
}

/** The app's handle on an open PGlite instance; closing it closes the instance. */
export function pgliteHandle(client: PGlite, onStatement?: StatementWatcher): DatabaseHandle {
  const { drizzleClient, parsedAsPglite } = keepDrizzleTextTypes(client);
  const db = drizzlePglite(drizzleClient, { logger: statementLogger(onStatement) }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(drizzleClient), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values = []) => {
      // PGlite prepares a statement when given parameters, and a prepared statement holds one command.
      if (values.length === 0) {
        try {
          const results = await client.exec(text);
          const last = results.at(-1) && parsedAsPglite(results.at(-1)!);
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
        } catch (error) {
          // A text with its own BEGIN that fails halfway leaves the one connection in an aborted
          // transaction, which would refuse every later query of the app: end it.
          await client.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }
      const result = parsedAsPglite(await client.query(text, values));
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    close: () => client.close(),
    listen: async (channel, onNotice) => {
      const stop = await client.listen(channel, onNotice);
      // A database closed first (a test's broken copy, a shutdown) has nothing left to stop.
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * How long a query waits for one of the pool's 10 connections (or for a new one to open) before it
 * fails, unless told: as long as a request may take (REQUEST_TIMEOUT_SECONDS' default). A burst of
 * simultaneous requests queues for the pool; with the former 5 s, 64 spins at once on a loaded
 * machine answered 500 ("timeout exceeded when trying to connect") although each would have been served.
 */
export const POOL_WAIT_MS = 30_000;

/** At most this many statement texts get a name of their own (each connection keeps its parsed ones); later texts go unnamed. */
export const NAMED_STATEMENTS_MAX = 1000;

/**
 * Names each statement text Drizzle sends the first time it is seen, so that every connection of
 * the pool parses (and, after a few runs, plans) it once and afterwards only binds and runs it
 * (issue 27): less work per statement for PostgreSQL and a shorter message from the server. Only
 * Drizzle's statements with values (a query config, its values apart); the job queue's plain SQL
 * text stays unnamed. Every query of Drizzle selects or returns its columns by name, so an added column
 * (an expand migration of a rolling deploy) does not change a named statement's result.
 */
export function createStatementNamer(max = NAMED_STATEMENTS_MAX) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const name = `th${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

export async function openPostgres(
  connectionString: string,
  options: { poolWaitMs?: number; onStatement?: StatementWatcher; namedStatements?: boolean } = {},
): Promise<DatabaseHandle> {
  const nameOf = createStatementNamer();
  /**
   * The pool's connections: Drizzle's statements named (createStatementNamer), everything else as
   * sent; and a unit of work's statements sent one after the other. A unit of work that reads in
   * parallel (Promise.all on one transaction) had pg queue them itself, which pg 8 warns of and pg 9
   * will refuse; a connection runs one statement at a time either way, so waiting here costs nothing.
   */
  class NamingClient extends pg.Client {
    #previous: Promise<unknown> = Promise.resolve();

    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: string; submit?: unknown } | string, unknown];
      // Drizzle sends a config object with its values apart; a statement without values (BEGIN) stays a simple query.
      if (
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        Array.isArray(values) &&
        values.length > 0
      )
        config.name = nameOf(config.text);
      const send = () => (super.query as (...rest: unknown[]) => never)(...args);
      // The pool's own calls (a callback) and submittables (a cursor) keep pg's queue; they are never parallel on a held connection.
      if (typeof args.at(-1) === 'function' || (typeof config === 'object' && typeof config.submit === 'function')) return send();
      const answer = this.#previous.then(send, send);
      this.#previous = answer.catch(() => undefined);
      return answer as never;
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: options.poolWaitMs ?? POOL_WAIT_MS,
    Client: options.namedStatements === false ? pg.Client : NamingClient,
  });
  // An idle client that loses its server must not bring the process down; the next query reports it.
  pool.on('error', () => undefined);
  // Nor one a unit of work holds between two statements (the pool listens to idle ones only): a
  // PostgreSQL restart ends it with a FATAL 'error' event; its next statement fails, so does the work.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePostgres(pool, { logger: statementLogger(options.onStatement) }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateUnderLock(connectionString),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values = []) => {
      // Several statements in one text answer one result each; the caller wants the last.
      const answer: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
      const result = Array.isArray(answer) ? answer.at(-1) : answer;
      return { rows: result?.rows ?? [], rowCount: result?.rowCount ?? result?.rows.length ?? 0 };
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotice, onMissed) => listenReconnecting(connectionString, channel, onNotice, onMissed),
  };
}

/** The first wait before opening a lost listening connection again; it doubles up to LISTEN_RETRY_MAX_MS. */
const LISTEN_RETRY_FIRST_MS = 100;
const LISTEN_RETRY_MAX_MS = 2000;

/**
 * LISTEN on a connection of its own that is opened again whenever it is lost (a PostgreSQL
 * restart, a killed backend, a network cut): without that, an instance never again heard of a
 * session ended elsewhere, and only the caches' lifetime bounded what it kept serving (decision 092).
 */
async function listenReconnecting(
  connectionString: string,
  channel: string,
  onNotice: (payload: string) => void,
  onMissed: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString });
    // A lost connection must not end the process: its 'end' opens the next one.
    client.on('error', () => undefined);
    client.on('notification', (notice) => {
      if (notice.channel === channel && notice.payload !== undefined) onNotice(notice.payload);
    });
    client.once('end', () => {
      if (current === client && !stopped) reconnectAfter(LISTEN_RETRY_FIRST_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) await client.end().catch(() => undefined);
    else current = client;
  }

  function reconnectAfter(waitMs: number) {
    current = undefined;
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!stopped) onMissed?.();
        },
        () => {
          if (!stopped) reconnectAfter(Math.min(waitMs * 2, LISTEN_RETRY_MAX_MS));
        },
      );
    }, waitMs);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

/** The session-level advisory lock every instance's start (and `npm run db:migrate`) migrates under. */
const MIGRATION_LOCK = "hashtext('testerhub.migrations')";

/**
 * Runs the migrations holding an advisory lock, on a connection of its own (the lock lives as long
 * as that session): instances started at once on a new database take turns, the first migrates and
 * the others find nothing left to do. Without it they raced in drizzle's CREATE SCHEMA and CREATE TABLE.
 */
async function migrateUnderLock(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsFolder() });
  } finally {
    // Ending the session releases the lock even when the unlock could not be sent.
    await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** The V8 flag that keeps WebAssembly on Liftoff, V8's baseline compiler. */
export const WASM_BASELINE_ONLY_FLAG = '--liftoff-only';

/**
 * Keeps PGlite's WebAssembly (a 9 MB module: all of PostgreSQL) on V8's baseline compiler for the
 * rest of the process. By default V8 recompiles the functions it finds hot with TurboFan on
 * background threads, and that code and the compilers' memory stayed resident: 60 to 90 MB of the
 * server's RSS, more than the whole database's own WebAssembly memory holds in use (30 to 50 MB).
 * The app's statements are small and a request's time goes mostly to JavaScript, so the server's CPU
 * a request moves by a few percent (5 % more at a quiet moment, 11 % less under load); a large sort
 * inside the database takes about 1.6 times as long.
 * Process-wide, and effective only before the first PGlite module is compiled, so the app's
 * processes set it before opening PGlite (openDatabase) and the tests keep V8's default.
 * See docs/decisions/149-pglite-on-the-baseline-compiler.md.
 */
export function keepWebAssemblyOnBaselineCompiler(): void {
  v8.setFlagsFromString(WASM_BASELINE_ONLY_FLAG);
}

/** PostgreSQL when DATABASE_URL is set (a query waits for a connection as long as a request may take), otherwise embedded PGlite in DATA_DIR. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  databaseNamedStatements?: boolean;
  dataDir: string;
  requestTimeoutSeconds: number;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, {
      poolWaitMs: config.requestTimeoutSeconds * 1000,
      namedStatements: config.databaseNamedStatements,
    });
  keepWebAssemblyOnBaselineCompiler();
  return openPglite({ dataDir: pgliteDataDir(config.dataDir) });
}
