// Capacity through nginx (issue 26 section 7, docs/benchmarks.md, decision 093): one PostgreSQL,
// three instances of the production build, and three nginx processes side by side in front of 1,
// 2 and 3 of them (deploy/nginx.conf, started as `npm run cluster` starts it). Each workload is
// measured through each nginx in turn, with where the machine's CPU went meanwhile (the instances,
// PostgreSQL, nginx, the load generator), read from /proc.
//
//   node scripts/benchmarks/cluster-throughput.mjs [--connections 32] [--duration 8]
//
// Workloads: an authenticated read (GET /api/reward/GetCurrentCoin: the session and a balance
// read) and a spend (POST /api/reward/SpendCoin: the order, the ledger debit and the e-mail in the
// outbox in one transaction). Needs the build (npm run build), nginx and PostgreSQL 15's binaries;
// PostgreSQL is its own (initdb in a temporary folder, port 4390), nginx on 4391-4393, the instances on 4394-4396.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { clusterSecrets, ensureDatabase, makeRunDir, startInstance, startNginx, startPrivatePostgres } from '../cluster-lib.mjs';
import { SPENDERS, prepareLoadData, sessionCookieOf } from '../cluster-data.mjs';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '32' }, duration: { type: 'string', default: '8' } } });
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const PG_PORT = 4390;
const NGINX_PORTS = [4391, 4392, 4393];
const INSTANCE_PORTS = [4394, 4395, 4396];
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system) the process `pid` and its children have used, itself included. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const childrenOf = (pid) =>
  spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
/** A group's CPU seconds: the processes and their live children (PostgreSQL's backends, nginx's workers). */
const groupCpu = (pids) => pids.flatMap((pid) => [pid, ...childrenOf(pid)]).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);

const runDir = makeRunDir('testerhub-capacity-');
const pgDir = makeRunDir('testerhub-capacity-pg-');
const postgres = await startPrivatePostgres({ dir: pgDir, port: PG_PORT });
const instances = [];
const proxies = [];
try {
  await ensureDatabase(postgres.url, 'testerhub');
  const databaseUrl = `${postgres.url}/testerhub`;
  const env = { ...clusterSecrets(runDir), DATABASE_URL: databaseUrl, PUBLIC_URL: `http://127.0.0.1:${NGINX_PORTS[2]}`, LOG_LEVEL: 'warn' };
  const start = (index) =>
    startInstance({
      port: INSTANCE_PORTS[index],
      env,
      logFile: path.join(runDir, `instance-${index + 1}.log`),
      dataDir: path.join(runDir, `i${index}`),
    });
  instances.push(start(0));
  await instances[0].ready(120_000);
  instances.push(start(1), start(2));
  await Promise.all(instances.slice(1).map((instance) => instance.ready(120_000)));
  for (const [index, port] of NGINX_PORTS.entries()) {
    proxies.push(
      await startNginx({
        runDir: path.join(runDir, `nginx-${index + 1}`),
        listen: `127.0.0.1:${port}`,
        ports: INSTANCE_PORTS.slice(0, index + 1),
        workers: 1,
      }),
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sessionSecret = randomBytes(12).toString('hex');
  const { rewardId } = await prepareLoadData(async (text, params) => (await client.query(text, params)).rows, sessionSecret);
  const postmasterPid = Number(fs.readFileSync(path.join(pgDir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);

  const workloads = [
    { name: 'GET /api/reward/GetCurrentCoin (authenticated read)', method: 'GET', route: '/api/reward/GetCurrentCoin' },
    { name: 'POST /api/reward/SpendCoin (a spend)', method: 'POST', route: '/api/reward/SpendCoin', body: JSON.stringify(rewardId) },
  ];
  console.log(
    `Throughput through nginx, ${CONNECTIONS} connections, ${DURATION} s a run, on ${spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()} cores (load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}):`,
  );
  for (const workload of workloads) {
    console.log(`\n${workload.name}`);
    for (const [index, proxy] of proxies.entries()) {
      let sent = 0;
      const statuses = {};
      const before = {
        instances: groupCpu(instances.map((instance) => instance.child.pid)),
        postgres: groupCpu([postmasterPid]),
        nginx: groupCpu(proxies.map((each) => each.pid)),
        self: process.cpuUsage(),
      };
      const result = await autocannon({
        url: proxy.url,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: workload.method,
            path: workload.route,
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                'content-type': 'application/json',
                cookie: sessionCookieOf(sessionSecret, `spend${(sent++ % SPENDERS) + 1}`),
              },
              ...(workload.body && { body: workload.body }),
            }),
            onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
          },
        ],
      });
      const self = process.cpuUsage(before.self);
      const used = {
        instances: groupCpu(instances.map((instance) => instance.child.pid)) - before.instances,
        postgres: groupCpu([postmasterPid]) - before.postgres,
        nginx: groupCpu(proxies.map((each) => each.pid)) - before.nginx,
        'load generator': (self.user + self.system) / 1e6,
      };
      const total = Object.values(used).reduce((sum, value) => sum + value, 0);
      const split = Object.entries(used)
        .map(([name, value]) => `${name} ${((value / total) * 100).toFixed(0)}%`)
        .join(', ');
      console.log(
        `  ${index + 1} instance${index ? 's' : ' '}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `answers ${JSON.stringify(statuses)}; CPU ${(total / DURATION).toFixed(2)} cores busy: ${split}`,
      );
    }
  }
  await client.end();
} finally {
  for (const proxy of proxies) await proxy.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  postgres.remove();
  fs.rmSync(runDir, { recursive: true, force: true });
}
