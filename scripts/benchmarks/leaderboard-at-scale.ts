// GetRankerList at scale (GUIDE section 8, issue 11 section 3, decision 039): 1,000,000 testers,
// each with leaderboard counters this company month, in a PostgreSQL database; p50/p95/p99 of
// GET /api/leaderboard/GetRankerList through the real app (Fastify inject: routing, the session
// check, the service, its four index reads and the profiles, serialisation), first one request at
// a time, then 50 at once.
//
//   node --import tsx scripts/benchmarks/leaderboard-at-scale.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). A fresh database is made, filled with generate_series and dropped
// at the end. BENCH_TESTERS, BENCH_REQUESTS and BENCH_CONNECTIONS change the sizes; BENCH_EXPLAIN=1
// prints the plan of a top-ten query.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/core/config/env.ts';
import { openPostgres } from '../../apps/server/src/core/db/client.ts';
import { localDay, monthStart } from '../../apps/server/src/core/local-day.ts';
import { seedDemoData } from '../../apps/server/src/core/db/seed.ts';
import { hashToken, randomToken } from '../../apps/server/src/core/security/tokens.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://testerhub:testerhub@127.0.0.1:5432/postgres';
const TESTERS = Number(process.env.BENCH_TESTERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP = 200;
/** Testers the timed requests cycle through (each with its own session). */
const CALLERS = 200;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`${new Date().toISOString()}: load average at start ${load()} (1, 5, 15 min) on ${os.cpus().length} cores`);

const name = `bench_leaderboard_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString());

const timed = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

try {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_CACHE_SECONDS: '5' });
  const month = monthStart(localDay(new Date(), config.loyaltyTimeZone));
  await timed('migrate and seed', async () => {
    await database.migrate();
    await seedDemoData(database.db);
  });
  const { db } = database;
  await timed(`${TESTERS.toLocaleString('en-US')} testers`, () =>
    db.execute(sql`
      insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
        race_id, ad_id, birth_date, site_id, email_confirmed_at, avatar_file)
      select 'bench' || n, 'bench' || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
        'IL', case when n % 2 = 0 then 'F' else 'M' end, '3125550100', 'O', '1R', date '1950-01-01' + (n % 20000), null, now(),
        'avatar-0' || (1 + n % 9) || '.svg'
      from generate_series(1, ${TESTERS}) as n`),
  );
  // Every bench tester has a row this month: coins spent spread to 5,000 (a third spent nothing),
  // referrals 0 to 10 (the monthly cap), screeners 0 to 30, each with many ties, as a real month has.
  await timed(`${TESTERS.toLocaleString('en-US')} counter rows for ${month}`, () =>
    db.execute(sql`
      insert into leaderboard_months (tester_id, month, spent_coins, referrals, screeners)
      select id, ${month}::date,
        case when n % 3 = 0 then 0 else ((n * 7919) % 5000)::int end,
        ((n * 31) % 11)::int,
        ((n * 17) % 31)::int
      from (select id, substr(username, 6)::bigint as n from testers where username like 'bench%') as t
      on conflict do nothing`),
  );
  await timed('analyze', () => db.execute(sql`analyze`));

  const numbers = Array.from({ length: CALLERS }, (_, index) => 1 + Math.floor((index * TESTERS) / CALLERS));
  const callers = (
    await db.execute<{ id: string }>(
      sql`select id from testers where username in (${sql.join(
        numbers.map((n) => sql`${`bench${n}`}`),
        sql`, `,
      )})`,
    )
  ).rows as { id: string }[];
  const cookies: string[] = [];
  for (const { id } of callers) {
    const sessionId = randomToken();
    await db.execute(
      sql`insert into sessions (id_hash, tester_id, expires_at) values (${hashToken(sessionId)}, ${id}, now() + interval '1 day')`,
    );
    cookies.push(`th_session=${sessionId}`);
  }

  const app = await buildApp({ config: { ...config, webDistDir: undefined }, database });
  await app.ready();
  let turn = 0;
  const call = () =>
    app.inject({ method: 'GET', url: '/api/leaderboard/GetRankerList', headers: { cookie: cookies[turn++ % cookies.length]! } });
  const first = await call();
  if (first.statusCode !== 200) throw new Error(`GetRankerList answered ${first.statusCode}: ${first.body}`);
  const answer = first.json() as { coinRankers: { amount: number }[]; referralRankers: unknown[]; attendRankers: unknown[] };
  if (answer.coinRankers.length !== 10 || answer.referralRankers.length !== 10 || answer.attendRankers.length !== 10) {
    throw new Error('a list is not ten long: the fill is wrong');
  }
  for (let index = 0; index < WARM_UP; index += 1) await call();

  const percentiles = (times: number[]) => {
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`;
  };
  const timedCall = async (times: number[]) => {
    const started = performance.now();
    const response = await call();
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`GetRankerList answered ${response.statusCode}`);
  };

  const sequential: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) await timedCall(sequential);
  console.log(
    `rows in leaderboard_months: ${TESTERS.toLocaleString('en-US')} this month; top spender ${answer.coinRankers[0]!.amount} coins`,
  );
  console.log(`GetRankerList over ${REQUESTS} sequential requests: ${percentiles(sequential)}`);

  // CONNECTIONS requests in flight at all times (each worker sends its next when its last answers).
  const concurrent: number[] = [];
  let left = REQUESTS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left > 0) {
        left -= 1;
        await timedCall(concurrent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `GetRankerList over ${REQUESTS} requests, ${CONNECTIONS} in flight: ${percentiles(concurrent)}; ${(REQUESTS / seconds).toFixed(0)} requests/s`,
  );

  if (process.env.BENCH_EXPLAIN) {
    const explained = await db.execute(
      sql`explain (analyze, buffers) select tester_id, spent_coins from leaderboard_months
          where month = ${month} and spent_coins > 0 order by spent_coins desc nulls last, tester_id asc limit 10`,
    );
    for (const line of explained.rows as { 'QUERY PLAN': string }[]) console.log(line['QUERY PLAN']);
  }
  await app.close();
} finally {
  await database.close().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  console.log(`${new Date().toISOString()}: load average at end ${load()}`);
}
