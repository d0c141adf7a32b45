// The write budget of GUIDE section 8 for issue 10: POST /api/schedule/SelfSchedule with IsRequest
// true (a booking: the tester locked, the standing read, the seat taken, the booking, the ledger
// credit and the booking e-mail in one transaction) on the built server, in requests per second
// as a share of a bare Fastify JSON route measured in the same run (compare-with-bare.mjs).
// Budget: 15% or more. Then IsRequest false (the same checks, no booking) the same way.
// It builds nothing: run `npm run build -w @testerhub/server` first.
//
//   node --import tsx scripts/benchmarks/self-schedule-throughput.ts [--database pglite|postgres]
//        [--testers 60000] [--connections 50] [--duration 5] [--warmup 2] [--rounds 5] [--no-check]
//
// Every booking needs its own qualified tester with a session and a free seat, so the database is
// prepared before the server starts: --testers testers each qualified for one of 50 studies whose
// one group has seats for all, a session row each (written straight into the database, as the
// scale scripts do). postgres: a fresh database on BENCH_DATABASE_URL (default the machine's
// testerhub role), dropped at the end; pglite: a fresh DATA_DIR, removed at the end.
// BENCH_SERVER_LOG=FILE keeps the server's output there.
//
// Exit code: 0 budget met, 1 budget missed (or a request did not book), 2 could not measure.
import { sql } from 'drizzle-orm';
import { compareWithBare, parseRoundOptions } from './compare-with-bare.mjs';
import { benchSessions, countingTarget, queryOnce, runWriteBenchmark } from './write-benchmark.ts';

const WRITE_BUDGET = { minRatio: 0.15 };
const STUDIES = 50;
const STUDY_BASE = 700_000;
/** Testers the IsRequest false rounds cycle through (they never book, so they can be asked again). */
const CHECKERS = 2_000;

const { settings, options } = parseRoundOptions({
  database: { type: 'string', default: 'pglite' },
  testers: { type: 'string', default: '60000' },
  'no-check': { type: 'boolean', default: false },
});
const TESTERS = Number(options.testers);

const sessions = benchSessions();

await runWriteBenchmark({
  title: 'SelfSchedule throughput',
  kind: options.database === 'postgres' ? 'postgres' : 'pglite',
  prefix: 'bench_self_schedule',
  settings,
  async prepare(database): Promise<string[]> {
    const { db } = database;
    // Bookers 'book1'..'bookN' and checkers 'check1'..: each qualified for study n mod STUDIES.
    await db.execute(sql`
      insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
        race_id, ad_id, birth_date, site_id, email_confirmed_at)
      select p.prefix || n, p.prefix || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
        'IL', 'F', '3125550100', 'O', '1R', date '1980-01-01' + (n % 5000), '0000' || (1 + n % 4), now()
      from (values ('book', ${TESTERS}::int), ('check', ${CHECKERS}::int)) as p(prefix, total), generate_series(1, p.total) as n`);
    await db.execute(sql`
      insert into studies (study_no, project_type, participant_type_id, minimum_age, color_name, tester_label,
        study_basic_info, coin_value, screening_exp, schedule_coins, schedule_exp, site_id, opens_at, closes_at)
      select ${STUDY_BASE} + n, 1 + n % 30, 1, 18, 'Blue', 'Adult', 'Benchmark study ' || n, 25, 10, 50, 20,
        '0000' || (1 + n % 4), now() - interval '1 day', now() + interval '60 days'
      from generate_series(0, ${STUDIES - 1}) as n`);
    // One in-person group per study, ten days ahead (outside the notice window), seats for everyone.
    await db.execute(sql`
      insert into session_groups (study_no, site_id, kind, color, cell, co_op_cost_cents, seats)
      select study_no, site_id, 'inPerson', 'Blue', 'B', 7500, ${TESTERS + CHECKERS} from studies where study_no >= ${STUDY_BASE}`);
    await db.execute(sql`
      insert into group_sessions (group_id, tester_day, starts_at, ends_at)
      select g.id, 1, now() + interval '10 days' + (g.study_no % 24) * interval '1 hour',
        now() + interval '10 days' + (g.study_no % 24) * interval '1 hour' + interval '2 hours'
      from session_groups g where g.study_no >= ${STUDY_BASE}`);
    await db.execute(sql`
      insert into screenings (tester_id, study_no, status, started_at, completed_at)
      select id, ${STUDY_BASE} + substring(username from '[0-9]+')::int % ${STUDIES}, 'qualified', now() - interval '1 hour', now() - interval '1 hour'
      from testers where username ~ '^(book|check)[0-9]+$'`);
    await sessions.insertFor(database, '^(book|check)[0-9]+$');
    const groups = (
      await db.execute<{ study_no: number; public_id: string }>(
        sql`select study_no, public_id from session_groups where study_no >= ${STUDY_BASE} order by study_no`,
      )
    ).rows as { study_no: number; public_id: string }[];
    return groups.map((group) => group.public_id);
  },
  async measure({ prepared: groupIds, origin, bare, databaseUrl }) {
    const endpoint = `${origin}/api/schedule/SelfSchedule`;
    const bodyOf = (n: number, isRequest: boolean) =>
      JSON.stringify({ IsRequest: isRequest, groupIDs: [groupIds[n % STUDIES]], pickUpgroupIDs: [] });

    /** An autocannon target whose every request is `next()`'s tester; answers are counted by status. */
    const target = (name: string, next: () => { username: string; n: number }, isRequest: boolean, statuses: Map<string, number>) =>
      countingTarget(
        name,
        endpoint,
        () => {
          const { username, n } = next();
          return { cookie: sessions.cookieOf(username), body: bodyOf(n, isRequest) };
        },
        statuses,
      );

    const probe = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sessions.cookieOf('check1') },
      body: bodyOf(1, false),
    });
    const probed = (await probe.json()) as { status?: string };
    if (probe.status !== 200 || probed.status !== 'checked')
      throw new Error(`SelfSchedule (IsRequest false) answered ${probe.status} ${JSON.stringify(probed)}`);

    let booked = 0;
    const bookStatuses = new Map<string, number>();
    const bookings = await compareWithBare({
      bare,
      real: target(
        'POST /api/schedule/SelfSchedule (IsRequest true: a booking)',
        () => {
          booked += 1;
          // Past the pool, testers come round again and are refused (hasSchedule): counted below.
          const n = ((booked - 1) % TESTERS) + 1;
          return { username: `book${n}`, n };
        },
        true,
        bookStatuses,
      ),
      budget: WRITE_BUDGET,
      ...settings,
    });
    console.log(`\nIsRequest true answers (warm-ups included): ${JSON.stringify(Object.fromEntries(bookStatuses))}`);
    const allBooked = (bookStatuses.get('succeed') ?? 0) === [...bookStatuses.values()].reduce((sum, count) => sum + count, 0);
    if (booked > TESTERS) console.log(`WARNING: ${booked} requests for ${TESTERS} testers: raise --testers`);

    if (!options['no-check']) {
      let asked = 0;
      const checkStatuses = new Map<string, number>();
      await compareWithBare({
        bare,
        real: target(
          'POST /api/schedule/SelfSchedule (IsRequest false: the checks only)',
          () => {
            const n = (asked++ % CHECKERS) + 1;
            return { username: `check${n}`, n };
          },
          false,
          checkStatuses,
        ),
        budget: WRITE_BUDGET,
        ...settings,
      });
      console.log(`\nIsRequest false answers (warm-ups included): ${JSON.stringify(Object.fromEntries(checkStatuses))}`);
    }
    if (databaseUrl) {
      const [counted] = await queryOnce<{ bookings: number }>(
        databaseUrl,
        `select count(*)::int as bookings from bookings where study_no >= ${STUDY_BASE}`,
      );
      console.log(`bookings in the database: ${counted!.bookings}`);
    }
    return bookings.met && allBooked;
  },
});
