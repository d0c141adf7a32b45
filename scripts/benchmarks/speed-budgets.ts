// `npm run budgets`: the speed guards of GUIDE section 8 (issue 27), side by side in one short run
// on PostgreSQL, with floors generous enough for a loaded 2-core machine and tight enough that a
// tenfold fall fails. Called from .ci/run's PostgreSQL part; the goals themselves are recorded in
// docs/benchmarks.md by the longer scripts. It builds nothing: run `npm run build` first.
//
//   (a) GET /api/account/GetPKTesterInfo (warm session) / the bare Fastify route, alternating rounds
//   (b) POST /api/reward/SpendCoin through the server / the same transaction from pgbench
//       (spend-coin.pgbench) with as many clients as the server's pool, alternating rounds
//   (c) POST /api/schedule/SelfSchedule, a booking, through the server / its transaction from
//       pgbench (self-schedule.pgbench), alternating rounds
//   (d) the server's CPU time per spend and per booking: the server process's user + system time
//       (every thread, /proc/<pid>/stat) across the recorded requests of (b) and (c), divided by
//       the answers; the load generator runs in this process, pinned to another core
//
//   node --import tsx scripts/benchmarks/speed-budgets.ts [--connections 50] [--duration 2]
//        [--warmup 1] [--rounds 3]
//
// BENCH_DATABASE_URL: the PostgreSQL server to make the run's database on (default the machine's
// testerhub role). Exit code: 0 every floor held, 1 a figure under its floor (or a request that did
// not succeed), 2 could not measure.
import { compareWithBare, measureTarget, parseRoundOptions } from './compare-with-bare.mjs';
import { printTable, processCpuSeconds } from './lib.mjs';
import {
  benchBookersTable,
  benchSessions,
  BOOKING_STUDIES,
  countingTarget,
  prepareBookers,
  prepareSpenders,
  queryOnce,
  runPgbench,
  runWriteBenchmark,
} from './write-benchmark.ts';

/**
 * The floors (ratios: at least; p99 and CPU: at most), set from runs at load 18 to 29 (docs/benchmarks.md,
 * "Speed budgets in CI"; decision 099): two to four times away from what that busy machine gave, so
 * its noise does not fail CI, while a tenfold fall from it does (issue 27: GetPKTesterInfo once fell
 * to 0.05 of the bare route and nothing noticed). The goals are GUIDE section 8's.
 */
const FLOORS = {
  // p99 250 ms until session 26: CI's medians were 114 to 206 ms, then 383 ms at load 26 (its rounds 1,178,
  // 113 and 383 ms) and CI failed on noise. 1,000 ms is 2.6 times the worst median seen; a tenfold fall still fails.
  read: { minRatio: 0.25, maxP99Ms: 1000, goal: '>= 0.70, p99 <= 10 ms' },
  spend: { minRatio: 0.04, goal: '>= 0.80' },
  booking: { minRatio: 0.03, goal: '>= 0.80' },
  spendCpuMs: { max: 15, goal: '<= 1.5 ms' },
  // 30 until decision 125 took the booking e-mail's Intl and folding work out: 2.7 to 4.2 ms at load 28 to 39 since.
  bookingCpuMs: { max: 15, goal: '<= 3 ms' },
};

/**
 * pgbench's protocol: prepared, as the server's pool sends its statements named (decision 109), so
 * that both sides parse a statement once. BENCH_PGBENCH_PROTOCOL=extended measures as before.
 */
const PGBENCH_PROTOCOL = process.env.BENCH_PGBENCH_PROTOCOL === 'extended' ? 'extended' : 'prepared';

/** The server's PostgreSQL pool (core/db/client.ts): pgbench gets as many clients. */
const SERVER_POOL = 10;
const SPENDERS = 2_000;
const BALANCE = 100_000_000;
/** Bookers for the server and, apart, for pgbench: each books once, so enough for every round. */
const BOOKERS = 12_000;

// Shorter than the other scripts' rounds: the whole run stays well under two minutes on a busy machine.
const { settings } = parseRoundOptions({
  duration: { type: 'string', default: '2' },
  warmup: { type: 'string', default: '1' },
  rounds: { type: 'string', default: '3' },
});
const sessions = benchSessions();

interface WriteRound {
  round: number;
  serverRate: number;
  pgbenchRate: number;
  ratio: number;
  p99: number;
  cpuMsPerRequest: number;
}

/**
 * `rounds` alternating rounds of the server's `target` (warm-up, then `duration` recorded
 * seconds, the server's CPU read around them) and pgbench's `script` for `duration` seconds.
 */
async function writeRounds(
  name: string,
  target: ReturnType<typeof countingTarget>,
  pgbench: () => { rate: number },
  serverPid: number,
): Promise<WriteRound[]> {
  const rounds: WriteRound[] = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    // The server's CPU time across its recorded seconds only (not its warm-up, not pgbench's turn).
    const measureServer = async () => {
      let cpuBefore = 0;
      const measured = await measureTarget(target, settings, { beforeRecorded: () => (cpuBefore = processCpuSeconds(serverPid)) });
      return { measured, cpuMs: (processCpuSeconds(serverPid) - cpuBefore) * 1000 };
    };
    // Alternate which goes first, so neither always gets the machine's fresher seconds.
    const serverFirst = round % 2 === 1 ? await measureServer() : undefined;
    const { rate: pgbenchRate } = pgbench();
    const { measured, cpuMs } = serverFirst ?? (await measureServer());
    rounds.push({
      round,
      serverRate: measured.requestsPerSecond,
      pgbenchRate,
      ratio: measured.requestsPerSecond / pgbenchRate,
      p99: measured.latency.p99,
      cpuMsPerRequest: cpuMs / Math.max(1, measured.requests),
    });
  }
  console.log(`\n${name} through the server (${settings.connections} connections) / pgbench (${SERVER_POOL} clients):`);
  printTable(
    ['round', 'server req/s', 'pgbench tx/s', 'ratio', 'server p99 ms', 'server CPU ms a request'],
    rounds.map((r) => [
      r.round,
      r.serverRate.toFixed(0),
      r.pgbenchRate.toFixed(0),
      r.ratio.toFixed(2),
      r.p99,
      r.cpuMsPerRequest.toFixed(2),
    ]),
  );
  return rounds;
}

/** True when every answer counted in `statuses` was 'succeed'; prints them. */
function allSucceeded(name: string, statuses: Map<string, number>) {
  console.log(`${name} answers (warm-ups included): ${JSON.stringify(Object.fromEntries(statuses))}`);
  return (statuses.get('succeed') ?? 0) === [...statuses.values()].reduce((sum, count) => sum + count, 0);
}

await runWriteBenchmark({
  title: 'Speed budgets (npm run budgets)',
  kind: 'postgres',
  prefix: 'bench_budgets',
  settings,
  async prepare(database) {
    const reward = await prepareSpenders(database, sessions, SPENDERS, BALANCE);
    const groupIds = await prepareBookers(database, sessions, [
      { prefix: 'book', total: BOOKERS },
      { prefix: 'pgbook', total: BOOKERS },
    ]);
    await benchBookersTable(database, 'pgbook');
    return { reward, groupIds };
  },
  async measure({ prepared: { reward, groupIds }, origin, bare, databaseUrl, serverPid }) {
    if (!databaseUrl) throw new Error('the speed budgets run on PostgreSQL');

    // (a) The portal's hottest read, with a session the cache already holds.
    const readCookie = sessions.cookieOf('book1');
    const warm = await fetch(`${origin}/api/account/GetPKTesterInfo`, { headers: { cookie: readCookie } });
    if (warm.status !== 200) throw new Error(`GetPKTesterInfo with a session answered ${warm.status}`);
    const read = await compareWithBare({
      bare,
      real: {
        name: 'GET /api/account/GetPKTesterInfo (warm session)',
        url: `${origin}/api/account/GetPKTesterInfo`,
        headers: { cookie: readCookie },
      },
      budget: FLOORS.read,
      ...settings,
    });

    // (b) A spend: the testers in turn, the cheapest reward.
    let spent = 0;
    const spendStatuses = new Map<string, number>();
    const spends = await writeRounds(
      'POST /api/reward/SpendCoin (a redemption)',
      countingTarget(
        'SpendCoin',
        `${origin}/api/reward/SpendCoin`,
        () => ({ cookie: sessions.cookieOf(`spend${(spent++ % SPENDERS) + 1}`), body: JSON.stringify(reward.id) }),
        spendStatuses,
      ),
      () =>
        runPgbench({
          databaseUrl,
          script: 'spend-coin.pgbench',
          clients: SERVER_POOL,
          run: { seconds: settings.duration },
          defines: { testers: SPENDERS, item: reward.id, cost: reward.coins },
          protocol: PGBENCH_PROTOCOL,
        }),
      serverPid,
    );
    const spendsSucceeded = allSucceeded('SpendCoin', spendStatuses);

    // (c) A booking: every request a booker of their own (book1.. for the server, pgbook1.. for pgbench).
    let booked = 0;
    const bookStatuses = new Map<string, number>();
    const bookings = await writeRounds(
      'POST /api/schedule/SelfSchedule (IsRequest true: a booking)',
      countingTarget(
        'SelfSchedule',
        `${origin}/api/schedule/SelfSchedule`,
        () => {
          const n = (booked++ % BOOKERS) + 1;
          return {
            cookie: sessions.cookieOf(`book${n}`),
            body: JSON.stringify({ IsRequest: true, groupIDs: [groupIds[n % BOOKING_STUDIES]], pickUpgroupIDs: [] }),
          };
        },
        bookStatuses,
      ),
      () =>
        runPgbench({
          databaseUrl,
          script: 'self-schedule.pgbench',
          clients: SERVER_POOL,
          run: { seconds: settings.duration },
          protocol: PGBENCH_PROTOCOL,
        }),
      serverPid,
    );
    const bookingsSucceeded = allSucceeded('SelfSchedule', bookStatuses);
    if (booked > BOOKERS) console.log(`WARNING: ${booked} booking requests for ${BOOKERS} bookers: raise BOOKERS`);

    // Nothing lost or doubled, whoever wrote it.
    const [counts] = await queryOnce<{ orders: number; debits: number; off: number; overbooked: number }>(
      databaseUrl,
      `select (select count(*)::int from redemption_orders) as orders,
        (select count(*)::int from coin_ledger where reason = 'redeem') as debits,
        (select count(*)::int from testers t where t.coins <> (select coalesce(sum(amount), 0) from coin_ledger l where l.tester_id = t.id)) as off,
        (select count(*)::int from session_groups g where g.taken <> (select count(*) from bookings b where b.group_id = g.id and b.status = 'booked')) as overbooked`,
    );
    console.log(
      `orders ${counts!.orders}, ledger debits ${counts!.debits}, balances off their ledger ${counts!.off}, groups whose seats taken differ from their bookings ${counts!.overbooked}`,
    );
    const consistent = counts!.orders === counts!.debits && counts!.off === 0 && counts!.overbooked === 0;

    // Each figure against its floor is the best of its rounds: beside CI's other lanes one round can
    // stall (a read's rounds gave 17, 14 and 49 % of the bare route, a p99 of 1,178, 113 and 383 ms)
    // while a change that makes the code slower lowers every round, so a tenfold fall still fails.
    const readRatio = Math.max(...read.rounds.map((r) => r.ratio));
    const readP99 = Math.min(...read.rounds.map((r) => r.real.latency.p99));
    const figures = [
      {
        figure: 'GetPKTesterInfo / bare route',
        value: readRatio,
        shown: readRatio.toFixed(3),
        floor: `>= ${FLOORS.read.minRatio}`,
        goal: FLOORS.read.goal,
        held: readRatio >= FLOORS.read.minRatio,
      },
      {
        figure: 'GetPKTesterInfo p99 ms',
        value: readP99,
        shown: String(readP99),
        floor: `< ${FLOORS.read.maxP99Ms}`,
        goal: FLOORS.read.goal,
        held: readP99 < FLOORS.read.maxP99Ms,
      },
      ...[
        { figure: 'SpendCoin / pgbench', rounds: spends, ratio: FLOORS.spend, cpu: FLOORS.spendCpuMs, what: 'spend' },
        { figure: 'SelfSchedule booking / pgbench', rounds: bookings, ratio: FLOORS.booking, cpu: FLOORS.bookingCpuMs, what: 'booking' },
      ].flatMap(({ figure, rounds, ratio, cpu, what }) => {
        const bestRatio = Math.max(...rounds.map((r) => r.ratio));
        const cpuMs = Math.min(...rounds.map((r) => r.cpuMsPerRequest));
        return [
          {
            figure,
            value: bestRatio,
            shown: bestRatio.toFixed(3),
            floor: `>= ${ratio.minRatio}`,
            goal: ratio.goal,
            held: bestRatio >= ratio.minRatio,
          },
          {
            figure: `server CPU ms a ${what}`,
            value: cpuMs,
            shown: cpuMs.toFixed(2),
            floor: `<= ${cpu.max}`,
            goal: cpu.goal,
            held: cpuMs <= cpu.max,
          },
        ];
      }),
    ];
    console.log('\nFigures (the best of the rounds) against their floors:');
    printTable(
      ['figure', 'measured', 'floor', 'goal', 'result'],
      figures.map((f) => [f.figure, f.shown, f.floor, f.goal, f.held ? 'held' : 'UNDER THE FLOOR']),
    );
    const held = figures.every((f) => f.held) && read.unexpectedStatus === 0 && spendsSucceeded && bookingsSucceeded && consistent;
    console.log(
      `\nspeed budgets: ${held ? 'every floor held' : 'FAILED (a figure under its floor, a request that did not succeed, or a count off)'}`,
    );
    return held;
  },
});
