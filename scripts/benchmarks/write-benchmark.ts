// What the write-throughput benchmarks share (GUIDE section 8's write budget): a fresh database of
// their own, tester sessions written straight into it, an autocannon target that counts the
// answers' status values, so a refusal shows, and the run itself (runWriteBenchmark).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, pgliteDataDir, type DatabaseHandle } from '../../apps/server/src/core/db/client.ts';
import { seedDemoData } from '../../apps/server/src/core/db/seed.ts';
import { benchDatabase } from './bench-database.ts';
import { describeRounds, startBareFastify } from './compare-with-bare.mjs';
import {
  SERVER_ENTRY,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  onCleanup,
  pinLoadGenerator,
  requireBuild,
  startServer,
  stopChild,
  waitForHealth,
} from './lib.mjs';

/** A tester's session token is `${secret}-${username}`; the database keeps its SHA-256 in base64url, as hashToken writes it. */
export function benchSessions() {
  const secret = randomBytes(12).toString('hex');
  return {
    cookieOf: (username: string) => `th_session=${secret}-${username}`,
    /** A live session for every tester whose username matches `pattern` (a regular expression). */
    insertFor: (database: DatabaseHandle, pattern: string) =>
      database.db.execute(sql`
        insert into sessions (id_hash, tester_id, expires_at)
        select translate(rtrim(encode(sha256(convert_to(${secret} || '-' || username, 'UTF8')), 'base64'), '='), '+/', '-_'),
          id, now() + interval '1 day'
        from testers where username ~ ${pattern}`),
  };
}

/** An autocannon target whose every request is `next()`'s: its cookie and body; answers are counted by status. */
export function countingTarget(name: string, url: string, next: () => { cookie: string; body: string }, statuses: Map<string, number>) {
  const path = new URL(url).pathname;
  return {
    name,
    url,
    options: {
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request: { headers?: Record<string, string> }) => {
            const { cookie, body } = next();
            return { ...request, method: 'POST', headers: { ...request.headers, 'content-type': 'application/json', cookie }, body };
          },
          onResponse: (status: number, body: string) => {
            let answer = `HTTP ${status}`;
            try {
              if (status === 200) answer = (JSON.parse(body) as { status: string }).status;
            } catch {
              /* counted as the HTTP status */
            }
            statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
          },
        },
      ],
    },
  };
}

export interface WriteBenchmarkRun<Prepared> {
  prepared: Prepared;
  /** The built server's origin, e.g. http://127.0.0.1:4321. */
  origin: string;
  /** The bare Fastify route to compare with. */
  bare: { name: string; url: string };
  /** The PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl?: string;
}

/**
 * One write benchmark from start to exit: the header, a fresh database (migrated, seeded, then
 * `prepare`d before the server starts), the built server and the bare route pinned to the last
 * core, `measure`, and the clean-up. Exits 0 when `measure` says the budget was met, 1 when not,
 * 2 when it could not measure.
 */
export async function runWriteBenchmark<Prepared>(options: {
  title: string;
  kind: 'pglite' | 'postgres';
  /** Names the temporary folder and the PostgreSQL database. */
  prefix: string;
  settings: { connections: number; duration: number; warmup: number; rounds: number };
  prepare: (database: DatabaseHandle) => Promise<Prepared>;
  measure: (run: WriteBenchmarkRun<Prepared>) => Promise<boolean>;
}): Promise<never> {
  const { title, kind, prefix, settings } = options;
  const serverPrefix = pinLoadGenerator();
  requireBuild([SERVER_ENTRY]);
  console.log(`${title} on ${machineSummary()}, database ${kind}`);
  console.log(`Date: ${new Date().toISOString()}\n${loadNote('at start')}`);
  console.log(`${describeRounds(settings)}\n`);

  const dataDir = makeTempDir(`testerhub-${prefix}-`);
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { databaseUrl, drop: dropDatabase } = await benchDatabase(kind, prefix);

  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir: pgliteDataDir(dataDir) });
  let prepared: Prepared;
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    const started = performance.now();
    prepared = await options.prepare(handle);
    await handle.db.execute(sql`analyze`);
    console.log(`prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }

  const barePort = await freePort();
  const port = await freePort();
  const { child: server } = startServer({
    port,
    dataDir,
    logFile: process.env.BENCH_SERVER_LOG,
    commandPrefix: serverPrefix,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
  });
  const bare = await startBareFastify(barePort, serverPrefix);
  let exitCode = 2;
  try {
    await waitForHealth({ port, child: server, timeoutMs: 300_000 });
    const met = await options.measure({
      prepared,
      origin: `http://127.0.0.1:${port}`,
      bare: { name: 'bare Fastify JSON route', url: `http://127.0.0.1:${barePort}/` },
      databaseUrl,
    });
    exitCode = met ? 0 : 1;
  } finally {
    await stopChild(bare);
    await stopChild(server);
    await dropDatabase();
  }
  console.log(`\n${loadNote('at end')}`);
  process.exit(exitCode);
}

/** Runs `query` on a fresh connection to `databaseUrl` and returns its rows. */
export async function queryOnce<Row extends pg.QueryResultRow>(databaseUrl: string, query: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(query)).rows;
  } finally {
    await client.end();
  }
}
