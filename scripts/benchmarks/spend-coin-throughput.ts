// The write budget of GUIDE section 8 for issue 11: POST /api/reward/SpendCoin (the reward checked,
// the order row, the ledger debit with the balance's conditional update, and the confirmation
// e-mail in the outbox, in one transaction) on the built server, in requests per second as a share
// of a bare Fastify JSON route measured in the same run (compare-with-bare.mjs). Budget: 15% or more.
// It builds nothing: run `npm run build -w @testerhub/server` first.
//
//   node --import tsx scripts/benchmarks/spend-coin-throughput.ts [--database pglite|postgres]
//        [--testers 2000] [--connections 50] [--duration 5] [--warmup 2] [--rounds 5]
//        [--database-ceiling]
//
// The database is prepared before the server starts: --testers testers with coins for thousands of
// redemptions each (a ledger row, so balance and ledger agree) and a session each. Requests take
// the testers in turn and redeem the cheapest reward. Afterwards (PostgreSQL) every balance is
// checked against its ledger rows and the orders against the debits.
//
// --database-ceiling (PostgreSQL on this machine): then the same statements without the server, from
// pgbench (spend-coin.pgbench) with as many clients as the server's pool, as a share of the bare
// route's median, with the CPU time PostgreSQL's backends spent per spend (read from the
// postmaster's reaped children); and the same for one data-modifying statement doing all the writes
// (spend-coin-one-statement.pgbench), the cheapest a spend could be. CPU per spend times the rate
// the budget asks is the number of cores PostgreSQL alone would need.
//
// Exit code: 0 budget met, 1 budget missed (or a request did not succeed), 2 could not measure.
import fs from 'node:fs';
import path from 'node:path';
import { compareWithBare, parseRoundOptions } from './compare-with-bare.mjs';
import { CLOCK_TICKS } from './lib.mjs';
import { benchSessions, countingTarget, prepareSpenders, queryOnce, runPgbench, runWriteBenchmark } from './write-benchmark.ts';

const WRITE_BUDGET = { minRatio: 0.15 };
const BALANCE = 100_000_000;
/** The server's PostgreSQL pool (core/db/client.ts). */
const SERVER_POOL = 10;

const { settings, options } = parseRoundOptions({
  database: { type: 'string', default: 'pglite' },
  testers: { type: 'string', default: '2000' },
  'database-ceiling': { type: 'boolean', default: false },
});
const TESTERS = Number(options.testers);
const sessions = benchSessions();

/** CPU seconds the postmaster's exited children (the backends pgbench used) have spent so far. */
function reapedBackendCpuSeconds(postmasterPid: number): number {
  const fields = fs.readFileSync(`/proc/${postmasterPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 3, so cutime and cstime (fields 16 and 17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** pgbench's spends per second for `script` with SERVER_POOL clients, and PostgreSQL's CPU milliseconds per spend. */
async function pgbenchRun(databaseUrl: string, script: string, item: number, cost: number) {
  // The first line of postmaster.pid in the data directory is the postmaster's process id.
  const [{ data_directory: dataDirectory }] = await queryOnce<{ data_directory: string }>(databaseUrl, 'show data_directory');
  const postmasterPid = Number(fs.readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cpuBefore = reapedBackendCpuSeconds(postmasterPid);
  const transactions = SERVER_POOL * 1000;
  const { rate } = runPgbench({
    databaseUrl,
    script,
    clients: SERVER_POOL,
    run: { transactions: transactions / SERVER_POOL },
    defines: { testers: TESTERS, item, cost },
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cpuMsPerSpend = ((reapedBackendCpuSeconds(postmasterPid) - cpuBefore) * 1000) / transactions;
  return { rate, cpuMsPerSpend };
}

await runWriteBenchmark({
  title: 'SpendCoin throughput',
  kind: options.database === 'postgres' ? 'postgres' : 'pglite',
  prefix: 'bench_spend_coin',
  settings,
  prepare: (database) => prepareSpenders(database, sessions, TESTERS, BALANCE),
  async measure({ prepared: reward, origin, bare, databaseUrl }) {
    let sent = 0;
    const statuses = new Map<string, number>();
    const spends = await compareWithBare({
      bare,
      real: countingTarget(
        'POST /api/reward/SpendCoin (a redemption)',
        `${origin}/api/reward/SpendCoin`,
        () => ({ cookie: sessions.cookieOf(`spend${(sent++ % TESTERS) + 1}`), body: JSON.stringify(reward.id) }),
        statuses,
      ),
      budget: WRITE_BUDGET,
      ...settings,
    });
    console.log(`\nanswers (warm-ups included): ${JSON.stringify(Object.fromEntries(statuses))}`);
    const allSucceeded = (statuses.get('succeed') ?? 0) === [...statuses.values()].reduce((sum, count) => sum + count, 0);
    if (!databaseUrl) return spends.met && allSucceeded;

    const [counts] = await queryOnce<{ orders: number; debits: number; off: number }>(
      databaseUrl,
      `select (select count(*)::int from redemption_orders) as orders,
        (select count(*)::int from coin_ledger where reason = 'redeem') as debits,
        (select count(*)::int from testers t where t.coins <> (select coalesce(sum(amount), 0) from coin_ledger l where l.tester_id = t.id)) as off`,
    );
    console.log(`orders ${counts!.orders}, ledger debits ${counts!.debits}, balances off their ledger ${counts!.off}`);
    const consistent = counts!.orders === counts!.debits && counts!.off === 0;

    if (options['database-ceiling']) {
      const bareRates = spends.rounds.map((round) => round.bare.requestsPerSecond).sort((a, b) => a - b);
      const bareMedian = bareRates[Math.floor(bareRates.length / 2)]!;
      const asked = bareMedian * WRITE_BUDGET.minRatio;
      console.log(
        `\nThe database alone (pgbench, ${SERVER_POOL} clients, ${SERVER_POOL * 1000} spends in all), against the bare route's median ` +
          `${bareMedian.toFixed(0)} req/s; the budget asks ${asked.toFixed(0)} spends/s:`,
      );
      for (const [label, script] of [
        ['the statements the server sends', 'spend-coin.pgbench'],
        ['one statement for all the writes', 'spend-coin-one-statement.pgbench'],
      ] as const) {
        const { rate, cpuMsPerSpend } = await pgbenchRun(databaseUrl, script, reward.id, reward.coins);
        console.log(
          `  ${label}: ${rate.toFixed(0)} spends/s = ${((rate / bareMedian) * 100).toFixed(1)}% of the bare route; ` +
            `PostgreSQL CPU ${cpuMsPerSpend.toFixed(2)} ms a spend, so ${asked.toFixed(0)} spends/s need ${((asked * cpuMsPerSpend) / 1000).toFixed(1)} cores for PostgreSQL alone`,
        );
      }
    }
    return spends.met && allSucceeded && consistent;
  },
});
