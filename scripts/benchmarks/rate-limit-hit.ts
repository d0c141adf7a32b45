// The rate limiter's own cost (decision 062): one RateLimiter.hit is one upsert on
// rate_limit_windows. Times BENCH_HITS sequential hits on fresh keys (inserts) and on one key
// (updates), on an embedded PGlite database and, when BENCH_DATABASE_URL is reachable, on
// PostgreSQL; prints p50/p95/p99. A login makes two hits (address, account) and, with the right
// password, one reset: its added cost is about twice the figure here plus one delete.
//
//   node --import tsx scripts/benchmarks/rate-limit-hit.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). A fresh database is made, migrated and dropped at the end.
import { systemClock } from '../../apps/server/src/core/clock.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../apps/server/src/core/db/client.ts';
import { createRateLimitStore, RateLimiter } from '../../apps/server/src/modules/rate-limits/rate-limit-service.ts';
import pg from 'pg';
import { percentiles } from './at-scale.ts';

const HITS = Number(process.env.BENCH_HITS ?? 2_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://testerhub:testerhub@127.0.0.1:5432/postgres';

async function measure(name: string, database: DatabaseHandle) {
  await database.migrate();
  const limiter = new RateLimiter(createRateLimitStore(database.db, systemClock.nowMs), `bench-${process.pid}`, 1_000_000, 900_000);
  for (let index = 0; index < 200; index += 1) await limiter.hit(`warm:${index}`);
  const timesOf = async (key: (index: number) => string) => {
    const times: number[] = [];
    for (let index = 0; index < HITS; index += 1) {
      const started = performance.now();
      await limiter.hit(key(index));
      times.push(performance.now() - started);
    }
    return percentiles(times);
  };
  const fresh = await timesOf((index) => `fresh:${index}`);
  const same = await timesOf(() => 'same');
  console.log(`${name}: ${HITS} sequential hits each; new keys (insert) ${fresh}; one key (update) ${same}`);
  await database.close();
}

await measure('PGlite (embedded)', await openPglite({}));
const admin = new pg.Client({ connectionString: SERVER_URL });
const name = `bench_rate_limits_${process.pid}`;
try {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  await measure('PostgreSQL', await openPostgres(url.toString()));
} catch (error) {
  console.log(`PostgreSQL not measured: ${(error as Error).message}`);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}
