// What the write-throughput benchmarks share (GUIDE section 8's write budget): a fresh database of
// their own, tester sessions written straight into it, an autocannon target that counts the
// answers' status values, so a refusal shows, and the run itself (runWriteBenchmark).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Testers 'spend1'..'spendN' with `balance` coins (a ledger row each, so balance and ledger agree)
 * and a session each, and bench_ids (n, id, id_hash) for pgbench to pick them by number
 * (spend-coin.pgbench). Resolves with the seed's cheapest active reward.
 */
export async function prepareSpenders(
  database: DatabaseHandle,
  sessions: ReturnType<typeof benchSessions>,
  testers: number,
  balance: number,
) {
  const { db } = database;
  await db.execute(sql`
    insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
      race_id, ad_id, birth_date, site_id, email_confirmed_at, coins)
    select 'spend' || n, 'spend' || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
      'IL', 'F', '3125550100', 'O', '1R', date '1980-01-01' + (n % 5000), '00001', now(), ${balance}
    from generate_series(1, ${testers}) as n`);
  await db.execute(sql`
    insert into coin_ledger (tester_id, amount, experience, reason, reference)
    select id, coins, 0, 'bench-balance', id::text from testers where username ~ '^spend[0-9]+$'`);
  await sessions.insertFor(database, '^spend[0-9]+$');
  await db.execute(sql`
    create table bench_ids as select substring(t.username from 6)::int as n, t.id, s.id_hash
    from testers t join sessions s on s.tester_id = t.id where t.username ~ '^spend[0-9]+$'`);
  await db.execute(sql`create unique index on bench_ids (n)`);
  const [cheapest] = (
    await db.execute<{ id: number; coins: number }>(sql`select id, coins from reward_items where active order by coins limit 1`)
  ).rows as { id: number; coins: number }[];
  if (!cheapest) throw new Error('no active reward in the seed');
  return cheapest;
}

/** The studies every booker is qualified for one of (study BOOKING_STUDY_BASE + n mod BOOKING_STUDIES). */
export const BOOKING_STUDIES = 50;
export const BOOKING_STUDY_BASE = 700_000;

/**
 * Bookers for SelfSchedule: for each { prefix, total }, testers prefix1..prefixN, each qualified
 * for study n mod BOOKING_STUDIES, whose one in-person group (ten days ahead, outside the notice
 * window) has seats for all, and a session each. Resolves with the groups' public ids by study.
 */
export async function prepareBookers(
  database: DatabaseHandle,
  sessions: ReturnType<typeof benchSessions>,
  bookers: { prefix: string; total: number }[],
): Promise<string[]> {
  const { db } = database;
  const pattern = `^(${bookers.map((b) => b.prefix).join('|')})[0-9]+$`;
  const seats = bookers.reduce((sum, b) => sum + b.total, 0);
  await db.execute(sql`
    insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
      race_id, ad_id, birth_date, site_id, email_confirmed_at)
    select p.prefix || n, p.prefix || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
      'IL', 'F', '3125550100', 'O', '1R', date '1980-01-01' + (n % 5000), '0000' || (1 + n % 4), now()
    from jsonb_to_recordset(${JSON.stringify(bookers)}::jsonb) as p(prefix text, total int), generate_series(1, p.total) as n`);
  await db.execute(sql`
    insert into studies (study_no, project_type, participant_type_id, minimum_age, color_name, tester_label,
      study_basic_info, coin_value, screening_exp, schedule_coins, schedule_exp, site_id, opens_at, closes_at)
    select ${BOOKING_STUDY_BASE} + n, 1 + n % 30, 1, 18, 'Blue', 'Adult', 'Benchmark study ' || n, 25, 10, 50, 20,
      '0000' || (1 + n % 4), now() - interval '1 day', now() + interval '60 days'
    from generate_series(0, ${BOOKING_STUDIES - 1}) as n`);
  await db.execute(sql`
    insert into session_groups (study_no, site_id, kind, color, cell, co_op_cost_cents, seats)
    select study_no, site_id, 'inPerson', 'Blue', 'B', 7500, ${seats} from studies where study_no >= ${BOOKING_STUDY_BASE}`);
  await db.execute(sql`
    insert into group_sessions (group_id, tester_day, starts_at, ends_at)
    select g.id, 1, now() + interval '10 days' + (g.study_no % 24) * interval '1 hour',
      now() + interval '10 days' + (g.study_no % 24) * interval '1 hour' + interval '2 hours'
    from session_groups g where g.study_no >= ${BOOKING_STUDY_BASE}`);
  await db.execute(sql`
    insert into screenings (tester_id, study_no, status, started_at, completed_at)
    select id, ${BOOKING_STUDY_BASE} + substring(username from '[0-9]+')::int % ${BOOKING_STUDIES}, 'qualified', now() - interval '1 hour', now() - interval '1 hour'
    from testers where username ~ ${pattern}`);
  await sessions.insertFor(database, pattern);
  const groups = (
    await db.execute<{ public_id: string }>(
      sql`select public_id from session_groups where study_no >= ${BOOKING_STUDY_BASE} order by study_no`,
    )
  ).rows as { public_id: string }[];
  return groups.map((group) => group.public_id);
}

/**
 * bench_bookers (n, id, id_hash, group_id, public_id, study_no, starts_at, ends_at) and the
 * sequence bench_book_seq, for pgbench to take the bookers `prefix`1.. in turn (self-schedule.pgbench).
 */
export async function benchBookersTable(database: DatabaseHandle, prefix: string) {
  await database.db.execute(sql`
    create table bench_bookers as
    select substring(t.username from '[0-9]+')::int as n, t.id, s.id_hash, g.id as group_id, g.public_id, g.study_no,
      gs.starts_at, gs.ends_at
    from testers t join sessions s on s.tester_id = t.id
      join screenings sc on sc.tester_id = t.id
      join session_groups g on g.study_no = sc.study_no
      join group_sessions gs on gs.group_id = g.id
    where t.username ~ ${`^${prefix}[0-9]+$`}`);
  await database.db.execute(sql`create unique index on bench_bookers (n)`);
  await database.db.execute(sql`create sequence bench_book_seq`);
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
  /** The built server's process id (its CPU time is read from /proc). */
  serverPid: number;
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
      serverPid: server.pid!,
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

/**
 * pgbench with `clients` clients on `script` (a file beside this one), for `transactions` per client
 * or `seconds`; `defines` become -D variables. `protocol`: extended (unnamed statements, as
 * node-postgres sends them by default) unless told; prepared is what the server's pool does since
 * decision 109. Resolves with its transactions per second; throws when a client failed.
 */
export function runPgbench(options: {
  databaseUrl: string;
  script: string;
  clients: number;
  run: { transactions: number } | { seconds: number };
  defines?: Record<string, string | number>;
  protocol?: 'extended' | 'prepared';
}): { rate: number; transactions: number } {
  const { databaseUrl, script, clients, run, defines = {}, protocol = 'extended' } = options;
  const result = spawnSync(
    'pgbench',
    [
      ...['-n', '-M', protocol, '-c', String(clients), '-j', String(Math.min(clients, 2))],
      ...('transactions' in run ? ['-t', String(run.transactions)] : ['-T', String(run.seconds)]),
      ...Object.entries(defines).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
      ...['-f', path.join(path.dirname(fileURLToPath(import.meta.url)), script), databaseUrl],
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout);
  const processed = /number of transactions actually processed: (\d+)/.exec(result.stdout);
  const failed = /number of failed transactions: (\d+)/.exec(result.stdout);
  if (result.status !== 0 || !tps || !processed || Number(failed?.[1] ?? 0) > 0)
    throw new Error(`pgbench ${script} failed: ${result.stderr || result.stdout}`);
  return { rate: Number(tps[1]), transactions: Number(processed[1]) };
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
