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
import { compareWithBare, parseRoundOptions } from './compare-with-bare.mjs';
import {
  BOOKING_STUDIES as STUDIES,
  BOOKING_STUDY_BASE,
  benchSessions,
  countingTarget,
  prepareBookers,
  queryOnce,
  runWriteBenchmark,
} from './write-benchmark.ts';

const WRITE_BUDGET = { minRatio: 0.15 };
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
  prepare: (database) =>
    prepareBookers(database, sessions, [
      { prefix: 'book', total: TESTERS },
      { prefix: 'check', total: CHECKERS },
    ]),
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
        `select count(*)::int as bookings from bookings where study_no >= ${BOOKING_STUDY_BASE}`,
      );
      console.log(`bookings in the database: ${counted!.bookings}`);
    }
    return bookings.met && allBooked;
  },
});
