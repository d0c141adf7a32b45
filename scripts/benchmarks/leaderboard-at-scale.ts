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
import { sql } from 'drizzle-orm';
import { localDay, monthStart } from '../../apps/server/src/core/local-day.ts';
import {
  insertBenchTesters,
  percentiles,
  scaleApp,
  scaleConfig,
  sessionCookies,
  timeSequential,
  timed,
  withScaleDatabase,
} from './at-scale.ts';

const TESTERS = Number(process.env.BENCH_TESTERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP = 200;
/** Testers the timed requests cycle through (each with its own session). */
const CALLERS = 200;

await withScaleDatabase('bench_leaderboard', async (database) => {
  const { db } = database;
  const month = monthStart(localDay(new Date(), scaleConfig.loyaltyTimeZone));
  await insertBenchTesters(db, TESTERS);
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

  const cookies = await sessionCookies(
    db,
    Array.from({ length: CALLERS }, (_, index) => 1 + Math.floor((index * TESTERS) / CALLERS)),
  );
  const { app, call, first } = await scaleApp(database, '/api/leaderboard/GetRankerList', cookies);
  const answer = first as { coinRankers: { amount: number }[]; referralRankers: unknown[]; attendRankers: unknown[] };
  if (answer.coinRankers.length !== 10 || answer.referralRankers.length !== 10 || answer.attendRankers.length !== 10) {
    throw new Error('a list is not ten long: the fill is wrong');
  }
  const sequential = await timeSequential(call, REQUESTS, WARM_UP);
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
        const sent = performance.now();
        await call();
        concurrent.push(performance.now() - sent);
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
});
