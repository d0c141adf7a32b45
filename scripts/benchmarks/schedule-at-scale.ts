// GetCurrentSchedule at scale (GUIDE section 8, issue 10): 1,000,000 testers and 10,000,000
// bookings in a PostgreSQL database, p50/p95/p99 of GET /api/schedule/GetCurrentSchedule for
// testers with an upcoming booking, through the real app (Fastify inject: routing, the session
// check, the service, its queries, the signed check-in tokens, serialisation).
//
//   node --import tsx scripts/benchmarks/schedule-at-scale.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). A fresh database is made, filled with generate_series and dropped
// at the end. BENCH_TESTERS, BENCH_BOOKINGS and BENCH_REQUESTS change the sizes; BENCH_EXPLAIN=1
// prints the plans of the call's queries.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashToken } from '../../apps/server/src/core/security/tokens.ts';
import { insertBenchTesters, percentiles, scaleApp, sessionCookies, timeSequential, timed, withScaleDatabase } from './at-scale.ts';

const TESTERS = Number(process.env.BENCH_TESTERS ?? 1_000_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARM_UP = 200;
/** Testers the timed requests cycle through (each with its own session). */
const CALLERS = 200;
/** Each study has this many groups: PAST_GROUPS already held, the rest to come. */
const GROUPS_PER_STUDY = 10;
const PAST_GROUPS = 8;
const PER_TESTER = Math.max(1, Math.round(BOOKINGS / TESTERS));
// Enough studies that a tester's bookings fall in distinct studies and no group holds more than
// a few thousand seats; at least PER_TESTER.
const STUDIES = Math.max(PER_TESTER, Math.min(5_000, Math.ceil(BOOKINGS / 2_000)));
const STUDY_BASE = 600_000;

console.log(
  `${TESTERS.toLocaleString('en-US')} testers x ${PER_TESTER} bookings = ${(TESTERS * PER_TESTER).toLocaleString('en-US')} bookings, ` +
    `${STUDIES} studies x ${GROUPS_PER_STUDY} groups`,
);

await withScaleDatabase('bench_schedule', async (database, databaseUrl) => {
  const { db } = database;
  await insertBenchTesters(db, TESTERS);
  await timed(`${STUDIES} studies`, () =>
    db.execute(sql`
      insert into studies (study_no, project_type, participant_type_id, minimum_age, color_name, tester_label,
        study_basic_info, coin_value, screening_exp, schedule_coins, schedule_exp, site_id, opens_at, closes_at)
      select ${STUDY_BASE} + n, 1 + n % 30, 1 + n % 5, 18, 'Blue', 'Adult', 'Benchmark study ' || n, 25, 10, 50, 20,
        case n % 5 when 0 then '00001' when 1 then '00002' when 2 then '00003' when 3 then '00004' else null end,
        now() - interval '400 days', now() + interval '60 days'
      from generate_series(1, ${STUDIES}) as n`),
  );
  // Group g of a study: g < PAST_GROUPS lie in the past (40 days apart), the others in the next
  // weeks; every fifth study's groups are virtual, and the last group of each study runs two days.
  // bench_group_times keeps each group's first start and last end for the bookings' copies.
  await timed(`${STUDIES * GROUPS_PER_STUDY} groups and their sessions`, async () => {
    await db.execute(sql`
      create unlogged table bench_group_times as
      select ${STUDY_BASE} + s as study_no, g,
        case when g < ${PAST_GROUPS} then now() - (${PAST_GROUPS} - g) * interval '40 days'
             else now() + (g - ${PAST_GROUPS} + 1) * interval '6 days' end + (s % 24) * interval '1 hour' as starts_at,
        case when g = ${GROUPS_PER_STUDY - 1} then 2 else 1 end as days
      from generate_series(1, ${STUDIES}) as s, generate_series(0, ${GROUPS_PER_STUDY - 1}) as g`);
    await db.execute(sql`
      insert into session_groups (study_no, site_id, kind, video_link, color, cell, co_op_cost_cents, seats)
      select t.study_no, case when t.study_no % 5 = 0 then null else '0000' || (1 + t.study_no % 4) end,
        case when t.study_no % 5 = 0 then 'virtual' else 'inPerson' end,
        case when t.study_no % 5 = 0 then 'https://video.testerhub.example/bench' else null end,
        'Blue', 'G' || t.g, 7500, 1
      from bench_group_times t order by t.study_no, t.g`);
    await db.execute(sql`alter table bench_group_times add column group_id int`);
    await db.execute(sql`
      update bench_group_times t set group_id = g.id
      from session_groups g where g.study_no = t.study_no and g.cell = 'G' || t.g`);
    await db.execute(sql`
      insert into group_sessions (group_id, tester_day, starts_at, ends_at)
      select t.group_id, d, t.starts_at + (d - 1) * interval '1 day', t.starts_at + (d - 1) * interval '1 day' + interval '2 hours'
      from bench_group_times t, generate_series(1, t.days) as d`);
  });
  // Booking k of tester n: study (7n + 101k) mod STUDIES, distinct for a tester's k. The last one
  // is upcoming, live for two testers in three (one per person and study: the unique index holds);
  // the others are past, mostly attended, some cancelled or no-shows. Loaded the way a bulk load is:
  // the table's secondary indexes and foreign keys are dropped, the rows inserted in one statement,
  // then the same indexes built and the same keys added back (which checks every row against them).
  await timed(`${(TESTERS * PER_TESTER).toLocaleString('en-US')} bookings`, async () => {
    const loader = new pg.Client({ connectionString: databaseUrl });
    await loader.connect();
    try {
      await loader.query(`set maintenance_work_mem = '512MB'`);
      const keys = (
        await loader.query<{ name: string; definition: string }>(
          `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
           where conrelid = 'bookings'::regclass and contype = 'f'`,
        )
      ).rows;
      const indexes = (
        await loader.query<{ name: string; definition: string }>(
          `select indexname as name, indexdef as definition from pg_indexes where tablename = 'bookings' and indexname <> 'bookings_pkey'`,
        )
      ).rows;
      for (const key of keys) await loader.query(`alter table bookings drop constraint "${key.name}"`);
      for (const index of indexes) await loader.query(`drop index "${index.name}"`);
      await loader.query(`
        insert into bookings (tester_id, study_no, group_id, starts_at, ends_at, status, created_at, cancelled_at)
        select b.tester_id, g.study_no, g.group_id, g.starts_at, g.starts_at + (g.days - 1) * interval '1 day' + interval '2 hours',
          b.status, g.starts_at - interval '20 days', case when b.status = 'cancelled' then g.starts_at - interval '3 days' end
        from (
          select t.id as tester_id, ${STUDY_BASE} + 1 + (n * 7 + k * 101) % ${STUDIES} as study_no,
            case when k = ${PER_TESTER - 1} then ${PAST_GROUPS} + n % ${GROUPS_PER_STUDY - PAST_GROUPS}
                 else (n + k) % ${PAST_GROUPS} end as g,
            case when k = ${PER_TESTER - 1} then (case when n % 3 = 0 then 'cancelled' else 'booked' end)
                 when k % 7 = 3 then 'cancelled' when k % 11 = 5 then 'noShow' else 'attended' end as status
          from (select id, substr(username, 6)::int as n from testers where username like 'bench%') as t,
            generate_series(0, ${PER_TESTER - 1}) as k
        ) as b
        join bench_group_times g on g.study_no = b.study_no and g.g = b.g`);
      for (const index of indexes) await loader.query(index.definition);
      for (const key of keys) await loader.query(`alter table bookings add constraint "${key.name}" ${key.definition}`);
      console.log(
        `  (rebuilt ${indexes.length} indexes and ${keys.length} foreign keys: ${indexes.map((index) => index.name).join(', ')})`,
      );
    } finally {
      await loader.end();
    }
  });
  // Seats: every group as full as its live bookings, with room to spare (taken <= seats holds).
  await timed('seats', () =>
    db.execute(sql`
      update session_groups g set taken = c.live, seats = c.live + 20
      from (select group_id, count(*)::int as live from bookings where status = 'booked' group by group_id) as c
      where c.group_id = g.id`),
  );
  await db.execute(sql`drop table bench_group_times`);
  await timed('analyze', () => db.execute(sql`analyze`));

  // Callers: testers spread over the whole range whose last booking is upcoming and live (n % 3 <> 0).
  const numbers = Array.from({ length: CALLERS }, (_, index) => {
    const n = 1 + Math.floor((index * TESTERS) / CALLERS);
    return n % 3 === 0 ? n + 1 : n;
  });
  const cookies = await sessionCookies(db, numbers);
  const { app, call, first } = await scaleApp(database, '/api/schedule/GetCurrentSchedule', cookies);
  const stamps = (first as { scheduleStamps: unknown[] }).scheduleStamps.length;
  if (stamps === 0) throw new Error('the caller has nothing scheduled: the fill is wrong');
  const times = await timeSequential(call, REQUESTS, WARM_UP);
  const counts = (
    await db.execute<{ bookings: number; live: number }>(
      sql`select count(*)::int as bookings, count(*) filter (where status = 'booked')::int as live from bookings`,
    )
  ).rows[0] as { bookings: number; live: number };
  console.log(`bookings in the database: ${counts.bookings.toLocaleString('en-US')}, live: ${counts.live.toLocaleString('en-US')}`);
  console.log(`callers: ${cookies.length} testers, each with one upcoming booking (${stamps} session stamps for the first)`);
  console.log(`GetCurrentSchedule over ${REQUESTS} sequential requests: ${percentiles(times)}`);

  if (process.env.BENCH_EXPLAIN) {
    // The call's queries, in the shape Drizzle writes them (auth/session-repository.ts,
    // scheduling-repository.ts currentBookings and sessionsOf, the studies' names), for one caller.
    const [caller] = (await db.execute<{ id: string }>(sql`select id from testers where username = ${`bench${numbers[0]}`}`)).rows as {
      id: string;
    }[];
    const testerId = caller!.id;
    const live = (
      await db.execute<{ group_id: number; study_no: number }>(
        sql`select group_id, study_no from bookings where tester_id = ${testerId} and status = 'booked' and ends_at > now()`,
      )
    ).rows as { group_id: number; study_no: number }[];
    const list = (values: number[]) =>
      sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      );
    const plans: [string, ReturnType<typeof sql>][] = [
      [
        'session and tester',
        sql`select t.* from sessions s join testers t on t.id = s.tester_id where s.id_hash = ${hashToken('x')} and s.expires_at > now() limit 1`,
      ],
      [
        'current bookings',
        sql`select b.*, g.* from bookings b join session_groups g on g.id = b.group_id
            where b.tester_id = ${testerId} and b.status = 'booked' and b.ends_at > now() order by b.starts_at, b.id`,
      ],
      [
        'their sessions',
        sql`select * from group_sessions where group_id in (${list(live.map((row) => row.group_id))}) order by group_id, tester_day`,
      ],
      ['study names', sql`select study_no, study_basic_info from studies where study_no in (${list(live.map((row) => row.study_no))})`],
      ['sites', sql`select * from test_sites`],
    ];
    for (const [label, query] of plans) {
      console.log(`\n-- ${label}`);
      const explained = await db.execute(sql`explain (analyze, buffers) ${query}`);
      for (const line of explained.rows as { 'QUERY PLAN': string }[]) console.log(line['QUERY PLAN']);
    }
  }
  await app.close();
});
