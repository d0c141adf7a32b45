#!/usr/bin/env node
// API throughput against the budget of GUIDE section 8, in one run on one machine:
//   (a) a bare Fastify JSON route (scripts/benchmarks/bare-fastify.mjs, child process)
//   (b) GET /api/reward/GetFaqs of the real built server (child process, NODE_ENV=production,
//       embedded PGlite on a fresh temp DATA_DIR, created and seeded on start)
// autocannon runs in this process: 50 connections, 10 s per target, after an unrecorded
// 3 s warm-up of each. Budget: real >= 40% of bare requests/s, real p99 < 25 ms.
// It builds nothing: run `npm run build` first.
//
//   node scripts/benchmarks/api-throughput.mjs [--connections 50] [--duration 10]
//        [--warmup 3] [--path /api/reward/GetFaqs] [--status 200] [--json FILE]
//
// --path and --status are for diagnosis: e.g. `--path /api/nope --status 404` loads the
// real server's hook pipeline without a database query. The budget is read on the default.
//
// Exit code: 0 budget met, 1 budget missed, 2 could not measure.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  SERVER_ENTRY,
  WEB_DIST,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  onCleanup,
  printTable,
  requireBuild,
  startServer,
  stopChild,
  track,
  waitForHealth,
  waitForUrl,
} from './lib.mjs';

const BUDGET = { minRatio: 0.4, maxP99Ms: 25 };
const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    path: { type: 'string', default: '/api/reward/GetFaqs' },
    status: { type: 'string', default: '200' },
    json: { type: 'string' },
  },
});
const connections = Number(options.connections);
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const expectedStatus = Number(options.status);

requireBuild([SERVER_ENTRY, path.join(WEB_DIST, 'index.html')]);

console.log(`API throughput on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}`);
console.log(loadNote('at start'));
console.log(`autocannon ${connections} connections, ${duration} s per target (after ${warmup} s unrecorded warm-up)\n`);

// ---- the two servers

const barePort = await freePort();
const bare = track(
  spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-fastify.mjs')], {
    env: { ...process.env, PORT: String(barePort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
const bareUrl = `http://127.0.0.1:${barePort}/`;

const dataDir = makeTempDir('testerhub-bench-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const realPort = await freePort();
// The server logs one structured line per request at the default level, as in production;
// its output goes to /dev/null so a disk or a full pipe does not take part in the figure.
const { child: real } = startServer({ port: realPort, dataDir });
const realUrl = `http://127.0.0.1:${realPort}${options.path}`;

try {
  await waitForUrl({ url: bareUrl, child: bare, timeoutMs: 30_000 });
  await waitForHealth({ port: realPort, child: real });
} catch (error) {
  console.error(`Could not start the servers: ${error.message}`);
  process.exit(2);
}

// Sanity: the real route answers the expected status with JSON before we load it.
{
  const response = await fetch(realUrl);
  const body = await response.text();
  if (response.status !== expectedStatus) {
    console.error(`${realUrl} answered ${response.status} (expected ${expectedStatus}): ${body.slice(0, 200)}`);
    process.exit(2);
  }
  const json = JSON.parse(body);
  console.log(`${options.path}: ${response.status}, ${body.length} bytes of JSON (${Array.isArray(json) ? `${json.length} items` : 'object'})\n`);
}

// ---- load

function cannon(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(name, url, status) {
  if (warmup > 0) await cannon(url, warmup);
  const result = await cannon(url, duration);
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== status)
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    name,
    url,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, average: result.latency.average },
    throughputBytesPerSecond: result.throughput.average,
    unexpectedStatus: unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const results = [];
try {
  results.push(await measure('bare Fastify JSON route', bareUrl, 200));
  results.push(await measure(`real server ${options.path}`, realUrl, expectedStatus));
} finally {
  await stopChild(bare);
  await stopChild(real);
}

console.log(`${loadNote('at end')}\n`);
const [bareResult, realResult] = results;
printTable(
  ['target', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'other status', 'errors'],
  results.map((r) => [r.name, r.requestsPerSecond.toFixed(0), r.latency.p50, r.latency.p90, r.latency.p99, r.latency.max, r.unexpectedStatus, r.errors + r.timeouts]),
);
const ratio = realResult.requestsPerSecond / bareResult.requestsPerSecond;
const checks = [
  ['real / bare requests per second', `${(ratio * 100).toFixed(1)}%`, `>= ${BUDGET.minRatio * 100}%`, ratio >= BUDGET.minRatio],
  ['real p99 latency', `${realResult.latency.p99} ms`, `< ${BUDGET.maxP99Ms} ms`, realResult.latency.p99 < BUDGET.maxP99Ms],
  [`real other status than ${expectedStatus} + errors`, realResult.unexpectedStatus + realResult.errors + realResult.timeouts, '= 0', realResult.unexpectedStatus + realResult.errors + realResult.timeouts === 0],
];
console.log('');
printTable(
  ['measure', 'value', 'budget', 'result'],
  checks.map(([name, value, budget, ok]) => [name, value, budget, ok ? 'ok' : 'MISSED']),
);

if (options.json) {
  fs.writeFileSync(options.json, `${JSON.stringify({ date: new Date().toISOString(), machine: machineSummary(), load: os.loadavg(), connections, duration, warmup, results, ratio }, null, 2)}\n`);
}
const missed = checks.filter((check) => !check[3]);
if (missed.length) {
  console.log(`\nBudget missed: ${missed.map((check) => check[0]).join('; ')}`);
  process.exit(1);
}
console.log('\nBudget met.');
process.exit(0);
