// What the at-scale read benchmarks share (GUIDE section 8, "a million testers"): a fresh
// PostgreSQL database of their own, migrated, seeded and dropped at the end; the bench testers
// made with generate_series; sessions for the callers; the app itself through Fastify inject;
// and the percentiles of a run of timed calls.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/core/config/env.ts';
import { openPostgres, type Database, type DatabaseHandle } from '../../apps/server/src/core/db/client.ts';
import { seedDemoData } from '../../apps/server/src/core/db/seed.ts';
import { hashToken, randomToken } from '../../apps/server/src/core/security/tokens.ts';
import { benchDatabase } from './bench-database.ts';

/** The configuration the scale benchmarks run the app with. */
export const scaleConfig = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_CACHE_SECONDS: '5' });

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export async function timed(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Runs `work` on a fresh PostgreSQL database (bench-database.ts), migrated and seeded, and drops
 * it afterwards.
 */
export async function withScaleDatabase(prefix: string, work: (database: DatabaseHandle, databaseUrl: string) => Promise<void>) {
  console.log(`${new Date().toISOString()}: load average at start ${loadAverage()} (1, 5, 15 min) on ${os.cpus().length} cores`);
  const { databaseUrl, drop } = await benchDatabase('postgres', prefix);
  const database = await openPostgres(databaseUrl!);
  try {
    await timed('migrate and seed', async () => {
      await database.migrate();
      await seedDemoData(database.db);
    });
    await work(database, databaseUrl!);
  } finally {
    await database.close().catch(() => undefined);
    await drop();
    console.log(`${new Date().toISOString()}: load average at end ${loadAverage()}`);
  }
}

/** Testers 'bench1'..'benchN': both sexes, ages spread over 55 years, four sites and none, the nine avatars. */
export function insertBenchTesters(db: Database, count: number) {
  return timed(`${count.toLocaleString('en-US')} testers`, () =>
    db.execute(sql`
      insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
        race_id, ad_id, birth_date, site_id, email_confirmed_at, avatar_file)
      select 'bench' || n, 'bench' || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
        'IL', case when n % 2 = 0 then 'F' else 'M' end, '3125550100', 'O', '1R',
        date '1950-01-01' + (n % 20000), case n % 5 when 0 then '00001' when 1 then '00002' when 2 then '00003' when 3 then '00004' else null end,
        now(), 'avatar-0' || (1 + n % 9) || '.svg'
      from generate_series(1, ${count}) as n`),
  );
}

/** A live session for each of the bench testers numbered `numbers`; their cookies, in that order of the rows found. */
export async function sessionCookies(db: Database, numbers: readonly number[]): Promise<string[]> {
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
  return cookies;
}

/**
 * The app on `database`, ready, and a caller of GET `url` that takes the cookies in turn; the
 * first answer must be a 200 (its body is returned) before the timed calls begin.
 */
export async function scaleApp(database: DatabaseHandle, url: string, cookies: readonly string[]) {
  const app = await buildApp({ config: { ...scaleConfig, webDistDir: undefined }, database });
  await app.ready();
  let turn = 0;
  const call = async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: cookies[turn++ % cookies.length]! } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response;
  };
  const first = (await call()).json() as unknown;
  return { app, call, first };
}

/** Times `requests` calls one after another, after `warmUp` untimed ones. */
export async function timeSequential(call: () => Promise<unknown>, requests: number, warmUp: number): Promise<number[]> {
  for (let index = 0; index < warmUp; index += 1) await call();
  const times: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

/** "p50 x ms, p95 y ms, p99 z ms" of `times` (sorted in place). */
export function percentiles(times: number[]): string {
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`;
}
