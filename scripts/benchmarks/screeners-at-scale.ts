// GetScreeners at scale (GUIDE section 8): 1,000 open studies and 1,000,000 testers in a
// PostgreSQL database, p95 of GET /api/schedule/GetScreeners for one tester through the real app
// (Fastify inject: routing, the session check, the service, the one query, serialisation).
//
//   node --import tsx scripts/benchmarks/screeners-at-scale.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). A fresh database is made, filled with generate_series and dropped
// at the end. BENCH_TESTERS, BENCH_STUDIES and BENCH_REQUESTS change the sizes.
import { sql } from 'drizzle-orm';
import { systemClock } from '../../apps/server/src/core/clock.ts';
import { createStudyService } from '../../apps/server/src/modules/studies/study-service.ts';
import type { TesterRow } from '../../apps/server/src/modules/testers/tester-service.ts';
import { percentiles, insertBenchTesters, scaleApp, sessionCookies, timeSequential, timed, withScaleDatabase } from './at-scale.ts';

const TESTERS = Number(process.env.BENCH_TESTERS ?? 1_000_000);
const STUDIES = Number(process.env.BENCH_STUDIES ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARM_UP = 200;

await withScaleDatabase('bench_screeners', async (database) => {
  const { db } = database;
  await insertBenchTesters(db, TESTERS);
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
  const [cookie] = await sessionCookies(db, [3]);
  const { app, call, first } = await scaleApp(database, '/api/schedule/GetScreeners', [cookie!]);
  const listed = (first as unknown[]).length;
  const times = await timeSequential(call, REQUESTS, WARM_UP);
  const plan = await db.execute(
    sql`select count(*)::int as open from studies where opens_at <= now() and (closes_at is null or closes_at > now())`,
  );
  console.log(`open studies: ${(plan.rows[0] as { open: number }).open}; studies listed for the tester: ${listed}`);
  console.log(`GetScreeners over ${REQUESTS} sequential requests: ${percentiles(times)}`);
  // The service alone (the query and its rows, no HTTP): what the database part of an answer costs.
  // A tester with no About-me answers: the targeted studies are left out by the query, as for a new tester.
  const service = createStudyService(db, { clock: systemClock, aboutMe: { heldAnswerIds: async () => [] } });
  const [testerRow] = (
    await db.execute<{ birth_date: string; site_id: string | null }>(
      sql`select birth_date::text, site_id from testers where id = ${testerId}`,
    )
  ).rows as { birth_date: string; site_id: string | null }[];
  const tester = { id: testerId, birthDate: testerRow!.birth_date, siteId: testerRow!.site_id, blackList: false } as TesterRow;
  const serviceTimes = await timeSequential(() => service.screenersFor(tester), REQUESTS, 0);
  console.log(`the service alone: ${percentiles(serviceTimes)}`);

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
});
