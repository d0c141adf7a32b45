// GetScreeners at scale (GUIDE section 8): 1,000 open studies and 1,000,000 testers in a
// PostgreSQL database, p95 of GET /api/schedule/GetScreeners for one tester through the real app
// (Fastify inject: routing, the session check, the service, the one query, serialisation).
//
//   node --import tsx scripts/benchmarks/screeners-at-scale.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). A fresh database is made, filled with generate_series and dropped
// at the end. BENCH_TESTERS, BENCH_STUDIES and BENCH_REQUESTS change the sizes.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/core/config/env.ts';
import { openPostgres } from '../../apps/server/src/core/db/client.ts';
import { seedDemoData } from '../../apps/server/src/core/db/seed.ts';
import { hashToken, randomToken } from '../../apps/server/src/core/security/tokens.ts';
import { systemClock } from '../../apps/server/src/core/clock.ts';
import { createStudyService, noAboutMeAnswers } from '../../apps/server/src/modules/studies/study-service.ts';
import type { TesterRow } from '../../apps/server/src/modules/testers/tester-service.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://testerhub:testerhub@127.0.0.1:5432/postgres';
const TESTERS = Number(process.env.BENCH_TESTERS ?? 1_000_000);
const STUDIES = Number(process.env.BENCH_STUDIES ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARM_UP = 200;

const name = `bench_screeners_${randomBytes(4).toString('hex')}`;
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
  await timed('migrate and seed', async () => {
    await database.migrate();
    await seedDemoData(database.db);
  });
  const { db } = database;
  await timed(`${TESTERS.toLocaleString('en-US')} testers`, () =>
    db.execute(sql`
      insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
        race_id, ad_id, birth_date, site_id, email_confirmed_at)
      select 'bench' || n, 'bench' || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
        'IL', case when n % 2 = 0 then 'F' else 'M' end, '3125550100', 'O', '1R',
        date '1950-01-01' + (n % 20000), case n % 5 when 0 then '00001' when 1 then '00002' when 2 then '00003' when 3 then '00004' else null end,
        now()
      from generate_series(1, ${TESTERS}) as n`),
  );
  // Open studies spread over the sites and online-only, a tenth with an age ceiling, a twentieth targeted, a few full.
  await timed(`${STUDIES.toLocaleString('en-US')} open studies`, () =>
    db.execute(sql`
      insert into studies (study_no, project_type, participant_type_id, minimum_age, maximum_age, color_name, tester_label,
        study_basic_info, coin_value, screening_exp, site_id, opens_at, closes_at, recruit_target, qualified_count)
      select 500000 + n, 1 + n % 30, 1 + n % 5, 18, case when n % 10 = 0 then 40 else null end, 'Blue', 'Adult',
        'Benchmark study ' || n, 25, 10, case n % 5 when 0 then '00001' when 1 then '00002' when 2 then '00003' when 3 then '00004' else null end,
        now() - interval '1 day', case when n % 3 = 0 then null else now() + interval '30 days' end,
        case when n % 50 = 0 then 10 else null end, case when n % 50 = 0 then 10 else 0 end
      from generate_series(1, ${STUDIES}) as n`),
  );
  await timed('targets', () =>
    db.execute(
      sql`insert into study_dossier_targets (study_no, answer_id) select 500000 + n, 1 + n % 7 from generate_series(20, ${STUDIES}, 20) as n`,
    ),
  );
  // Two million screenings: every tester screened for two studies, so "not screened yet" has real rows to skip.
  await timed('2,000,000 screenings', () =>
    db.execute(sql`
      insert into screenings (tester_id, study_no, status, started_at, completed_at)
      select t.id, 500001 + ((t.rn * k) % ${STUDIES}), 'disqualified', now(), now()
      from (select id, row_number() over () as rn from testers) as t, (values (1), (7)) as s(k)
      on conflict do nothing`),
  );
  await timed('analyze', () => db.execute(sql`analyze`));

  const [row] = (await db.execute<{ id: string }>(sql`select id from testers where username = 'bench3' limit 1`)).rows as { id: string }[];
  const testerId = row!.id;
  const sessionId = randomToken();
  await db.execute(
    sql`insert into sessions (id_hash, tester_id, expires_at) values (${hashToken(sessionId)}, ${testerId}, now() + interval '1 day')`,
  );

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_CACHE_SECONDS: '5' });
  const app = await buildApp({ config: { ...config, webDistDir: undefined }, database });
  await app.ready();
  const call = () => app.inject({ method: 'GET', url: '/api/schedule/GetScreeners', headers: { cookie: `th_session=${sessionId}` } });
  const first = await call();
  if (first.statusCode !== 200) throw new Error(`GetScreeners answered ${first.statusCode}: ${first.body}`);
  const listed = (first.json() as unknown[]).length;
  for (let index = 0; index < WARM_UP; index += 1) await call();
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
  const plan = await db.execute(
    sql`select count(*)::int as open from studies where opens_at <= now() and (closes_at is null or closes_at > now())`,
  );
  console.log(`open studies: ${(plan.rows[0] as { open: number }).open}; studies listed for the tester: ${listed}`);
  console.log(`GetScreeners over ${REQUESTS} sequential requests: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`);
  // The service alone (the query and its rows, no HTTP): what the database part of an answer costs.
  const service = createStudyService(db, { clock: systemClock, aboutMe: noAboutMeAnswers });
  const [testerRow] = (
    await db.execute<{ birth_date: string; site_id: string | null }>(
      sql`select birth_date::text, site_id from testers where id = ${testerId}`,
    )
  ).rows as { birth_date: string; site_id: string | null }[];
  const tester = { id: testerId, birthDate: testerRow!.birth_date, siteId: testerRow!.site_id, blackList: false } as TesterRow;
  const serviceTimes: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    await service.screenersFor(tester);
    serviceTimes.push(performance.now() - started);
  }
  serviceTimes.sort((a, b) => a - b);
  const serviceAt = (share: number) => serviceTimes[Math.min(serviceTimes.length - 1, Math.floor(share * serviceTimes.length))]!.toFixed(2);
  console.log(`the service alone: p50 ${serviceAt(0.5)} ms, p95 ${serviceAt(0.95)} ms`);

  // The plan of the list's query for this tester (the same shape as study-repository.ts writes).
  const explained = await db.execute(sql`
    explain (analyze, buffers)
    select study_no from studies s
    where s.opens_at <= now() and (s.closes_at is null or s.closes_at > now()) and s.minimum_age <= 40
      and (s.maximum_age is null or s.maximum_age >= 40) and (s.site_id is null or s.site_id = '00004')
      and not exists (select 1 from screenings x where x.tester_id = ${testerId} and x.study_no = s.study_no and x.status <> 'inProgress')
      and not exists (select 1 from study_dossier_targets d where d.study_no = s.study_no and d.answer_id <> all('{}'::int[]))
    order by s.study_no`);
  if (process.env.BENCH_EXPLAIN) for (const line of explained.rows as { 'QUERY PLAN': string }[]) console.log(line['QUERY PLAN']);
  await app.close();
} finally {
  await database.close().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
