import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import type { Clock, FakeClock } from '../src/core/clock.ts';
import { loadConfig, type AppConfig } from '../src/core/config/env.ts';
import { openPostgres, pgliteHandle, type DatabaseHandle, type StatementWatcher } from '../src/core/db/client.ts';
import { returnPgliteCopy, takePgliteCopy } from './pglite-pool.ts';
import { adminUrl, databaseUrl, quoteIdent } from './database-names.ts';

export interface TestAppOptions {
  /** Extra routes under /api (see buildApp); they get this app's database copy as well. */
  extraApiRoutes?: (api: Parameters<NonNullable<BuildAppOptions['extraApiRoutes']>>[0], database: DatabaseHandle) => void;
  /** Environment values on top of NODE_ENV=test and LOG_LEVEL=silent. */
  env?: Record<string, string>;
  /** The clock every service reads (a createFakeClock() to set time instead of sleeping); the system clock by default. */
  clock?: Clock;
  /** The fake-clock listener's clock (decision 042): the test-support routes set it; needs TEST_SUPPORT_SECRET. */
  settableClock?: FakeClock;
  /** Starts the outbox's sender when SMTP_URL is set (a test that records its nudges). */
  startMailSender?: BuildAppOptions['startMailSender'];
  /** Told every statement the app's database runs (a test counting a call's statements). */
  onStatement?: StatementWatcher;
  /** What GET /api/ready answers from, made over the app's database copy (a test that turns it draining). */
  readiness?: (database: DatabaseHandle) => BuildAppOptions['readiness'];
  /**
   * The app over this database (the file's, `testApp.database`) instead of a copy of its own: a second
   * app with another configuration, for a test whose rows are its own. A new copy costs about 0.4 s of
   * CPU on PGlite (one put back by an earlier file less), an app over an open database about 0.15 s;
   * closing this app leaves the database open.
   */
  database?: DatabaseHandle;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** Closes the app and its database (not one it was given); on PostgreSQL also drops this file's copy. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestDatabase {
  database: DatabaseHandle;
  /** On PostgreSQL, the copy's address, for a test that needs a second connection pool (a second server instance). */
  url?: string;
  /** On PGlite puts the copy back for the worker's next file (pglite-pool.ts); on PostgreSQL closes the handle and drops the copy. */
  dispose(): Promise<void>;
}

/**
 * The PGlite template as PGlite's `loadDataDir` reads it: whole, by `arrayBuffer()`, once a copy.
 * Node's Blob hands over a 30 MB `arrayBuffer()` by streaming it in 64 KB chunks and joining them,
 * some 50 ms of CPU and 30 MB of garbage a copy; this one returns the bytes it holds. They are the
 * same bytes every time: PGlite only reads the tar, copying its files into the new instance.
 */
class TemplateTar extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Uint8Array) {
    super([bytes]);
    this.#bytes = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(this.#bytes).set(bytes);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let templateTar: Blob | undefined;

/** The migrated, seeded PGlite template of the global setup, read once per worker (a PGlite run only). */
export function pgliteTemplate(): Blob {
  templateTar ??= new TemplateTar(fs.readFileSync(pgliteTemplateFile('pgliteTemplate')));
  return templateTar;
}

/** The global setup's template file; `caller` names who asked when the run has none. */
function pgliteTemplateFile(caller: string): string {
  const provided = inject('testDatabase');
  if (provided?.kind !== 'pglite') throw new Error(`${caller}: this run has no PGlite template (TEST_DATABASE_URL is set).`);
  return provided.templateFile;
}

/**
 * The template's files unpacked into `pgliteDir`, for a process of its own to open as it opens its
 * folder (a PGlite run only): what loading the template into PGlite there and closing it gave, without
 * starting PostgreSQL (about 0.7 s of CPU a folder). Its first open replays the template's short log,
 * as every in-memory copy's does. GNU tar drops the entries' leading '/' and writes under `-C`.
 */
export function unpackPgliteTemplate(pgliteDir: string): void {
  const file = pgliteTemplateFile('unpackPgliteTemplate');
  fs.mkdirSync(pgliteDir, { recursive: true });
  execFileSync('tar', ['-xf', file, '-C', pgliteDir], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * How long a test's query waits for a pool connection on PostgreSQL: time-outs in tests catch hangs,
 * not slowness (vitest.config.ts). The former 5 s failed the 64-simultaneous-call tests under a
 * load of 30 on 2 cores ("timeout exceeded when trying to connect"), with nothing wrong in the code.
 */
export const TEST_POOL = { poolWaitMs: 60_000 };

/** A private copy of the migrated, seeded template made by the global setup. */
export async function createTestDatabase(options: { onStatement?: StatementWatcher } = {}): Promise<TestDatabase> {
  const provided = inject('testDatabase');
  if (!provided) throw new Error('No test database was provided: run server tests through the "server" vitest project.');

  if (provided.kind === 'pglite') {
    const client = await takePgliteCopy(pgliteTemplate);
    const database = pgliteHandle(client, options.onStatement);
    let disposed = false;
    return {
      database,
      dispose: async () => {
        if (disposed) return;
        disposed = true;
        await returnPgliteCopy(client);
      },
    };
  }

  const name = `${provided.copyPrefix}${randomBytes(6).toString('hex')}`;
  await withAdmin(provided.serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(provided.template)}`),
  );
  const url = databaseUrl(provided.serverUrl, name);
  const database = await openPostgres(url, { ...TEST_POOL, onStatement: options.onStatement });
  let disposed = false;
  return {
    database,
    url,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      await database.close().catch(() => undefined);
      await withAdmin(provided.serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
  };
}

/** A Fastify app (API only, no web build) over a private copy of the test database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (options.database && options.onStatement)
    throw new Error('createTestApp: onStatement watches a copy of its own, not a shared database.');
  const { database, dispose } = options.database
    ? { database: options.database, dispose: async () => undefined }
    : await createTestDatabase({ onStatement: options.onStatement });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const { extraApiRoutes } = options;
  const app = await buildApp({
    config: { ...config, webDistDir: undefined },
    database,
    clock: options.clock,
    settableClock: options.settableClock,
    startMailSender: options.startMailSender,
    readiness: options.readiness?.(database),
    extraApiRoutes: extraApiRoutes ? (api) => extraApiRoutes(api, database) : undefined,
  });
  await app.ready();
  let closed = false;
  return {
    app,
    database,
    config,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await dispose();
    },
  };
}

/**
 * The test app of a test file (or of the describe block it is called in): built by createTestApp
 * in a beforeAll, closed in an afterAll. Its properties read the app built for the tests, so use
 * them inside tests and hooks (a hook of the caller's registered after this call runs after the build).
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = () => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; read it inside a test or a hook.');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
