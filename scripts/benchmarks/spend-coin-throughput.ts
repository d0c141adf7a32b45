// The write budget of GUIDE section 8 for issue 11: POST /api/reward/SpendCoin (the reward checked,
// the order row, the ledger debit with the balance's conditional update, and the confirmation
// e-mail in the outbox, in one transaction) on the built server, in requests per second as a share
// of a bare Fastify JSON route measured in the same run (compare-with-bare.mjs). Budget: 15% or more.
// It builds nothing: run `npm run build -w @testerhub/server` first.
//
//   node --import tsx scripts/benchmarks/spend-coin-throughput.ts [--database pglite|postgres]
//        [--testers 2000] [--connections 50] [--duration 5] [--warmup 2] [--rounds 5]
//
// The database is prepared before the server starts: --testers testers with coins for thousands of
// redemptions each (a ledger row, so balance and ledger agree) and a session each. Requests take
// the testers in turn and redeem the cheapest reward. Afterwards (PostgreSQL) every balance is
// checked against its ledger rows and the orders against the debits.
//
// Exit code: 0 budget met, 1 budget missed (or a request did not succeed), 2 could not measure.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, pgliteDataDir, type DatabaseHandle } from '../../apps/server/src/core/db/client.ts';
import { seedDemoData } from '../../apps/server/src/core/db/seed.ts';
import { compareWithBare, describeRounds, parseRoundOptions, startBareFastify } from './compare-with-bare.mjs';
import {
  SERVER_ENTRY,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  onCleanup,
  pinLoadGenerator,
  requireBuild,
  startServer,
  stopChild,
  waitForHealth,
} from './lib.mjs';
import { benchDatabase, benchSessions, countingTarget } from './write-benchmark.ts';

const WRITE_BUDGET = { minRatio: 0.15 };
const BALANCE = 100_000_000;

const { settings, options } = parseRoundOptions({
  database: { type: 'string', default: 'pglite' },
  testers: { type: 'string', default: '2000' },
});
const kind = options.database === 'postgres' ? 'postgres' : 'pglite';
const TESTERS = Number(options.testers);

const serverPrefix = pinLoadGenerator();
requireBuild([SERVER_ENTRY]);
console.log(`SpendCoin throughput on ${machineSummary()}, database ${kind}`);
console.log(`Date: ${new Date().toISOString()}\n${loadNote('at start')}`);
console.log(`${describeRounds(settings)}\n`);

const dataDir = makeTempDir('testerhub-bench-spend-coin-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { databaseUrl, drop: dropDatabase } = await benchDatabase(kind, 'bench_spend_coin');
const sessions = benchSessions();

async function prepare(database: DatabaseHandle): Promise<number> {
  const { db } = database;
  await database.migrate();
  await seedDemoData(db);
  const started = performance.now();
  await db.execute(sql`
    insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
      race_id, ad_id, birth_date, site_id, email_confirmed_at, coins)
    select 'spend' || n, 'spend' || n || '@bench.testerhub.example', 'x', 'Bench', 'Tester', '60614', '1 Bench St', 'Chicago',
      'IL', 'F', '3125550100', 'O', '1R', date '1980-01-01' + (n % 5000), '00001', now(), ${BALANCE}
    from generate_series(1, ${TESTERS}) as n`);
  await db.execute(sql`
    insert into coin_ledger (tester_id, amount, experience, reason, reference)
    select id, coins, 0, 'bench-balance', id::text from testers where username ~ '^spend[0-9]+$'`);
  await sessions.insertFor(database, '^spend[0-9]+$');
  await db.execute(sql`analyze`);
  console.log(`prepared ${TESTERS} testers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [cheapest] = (
    await db.execute<{ r_item_no: number }>(sql`select id as r_item_no from reward_items where active order by coins limit 1`)
  ).rows as { r_item_no: number }[];
  if (!cheapest) throw new Error('no active reward in the seed');
  return cheapest.r_item_no;
}

const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir: pgliteDataDir(dataDir) });
let reward: number;
try {
  reward = await prepare(handle);
} finally {
  await handle.close();
}

const barePort = await freePort();
const port = await freePort();
const { child: server } = startServer({
  port,
  dataDir,
  logFile: process.env.BENCH_SERVER_LOG,
  commandPrefix: serverPrefix,
  env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
});
const bare = await startBareFastify(barePort, serverPrefix);
const endpoint = `http://127.0.0.1:${port}/api/reward/SpendCoin`;

let exitCode = 2;
try {
  await waitForHealth({ port, child: server, timeoutMs: 300_000 });
  let sent = 0;
  const statuses = new Map<string, number>();
  const spends = await compareWithBare({
    bare: { name: 'bare Fastify JSON route', url: `http://127.0.0.1:${barePort}/` },
    real: countingTarget(
      'POST /api/reward/SpendCoin (a redemption)',
      endpoint,
      () => ({ cookie: sessions.cookieOf(`spend${(sent++ % TESTERS) + 1}`), body: JSON.stringify(reward) }),
      statuses,
    ),
    budget: WRITE_BUDGET,
    ...settings,
  });
  console.log(`\nanswers (warm-ups included): ${JSON.stringify(Object.fromEntries(statuses))}`);
  const allSucceeded = (statuses.get('succeed') ?? 0) === [...statuses.values()].reduce((sum, count) => sum + count, 0);
  let consistent = true;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ orders: number; debits: number; off: number }>(`
      select (select count(*)::int from redemption_orders) as orders,
        (select count(*)::int from coin_ledger where reason = 'redeem') as debits,
        (select count(*)::int from testers t where t.coins <> (select coalesce(sum(amount), 0) from coin_ledger l where l.tester_id = t.id)) as off`);
    console.log(`orders ${rows[0]!.orders}, ledger debits ${rows[0]!.debits}, balances off their ledger ${rows[0]!.off}`);
    consistent = rows[0]!.orders === rows[0]!.debits && rows[0]!.off === 0;
    await client.end();
  }
  exitCode = spends.met && allSucceeded && consistent ? 0 : 1;
} finally {
  await stopChild(bare);
  await stopChild(server);
  await dropDatabase();
}
console.log(`\n${loadNote('at end')}`);
process.exit(exitCode);
