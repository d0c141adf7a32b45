#!/usr/bin/env node
// The built server's CPU a request on the embedded database (PGlite), for the mixed traffic of
// resting-memory.mjs (a tester's portal visit), and the server's RSS right after it. CPU time, read
// from /proc/<pid>/stat, says more than a throughput on a shared machine. A database made for the run
// (the first start's own step, --prepare-database-only), --logins sessions, --warmup requests, then
// --requests requests on --connections connections. BENCH_SERVER_FLAGS adds node flags to the server,
// so two settings can be alternated with the same build (decision 149: `--liftoff-only`).
// Builds nothing: run `npm run build` first.
//
//   node scripts/benchmarks/server-cpu-per-request.mjs [--requests 6000] [--warmup 2000] [--connections 4] [--logins 8]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  SERVER_ENTRY,
  freePort,
  loadNote,
  logInDemoTester,
  makeTempDir,
  mixedTraffic,
  onCleanup,
  processCpuSeconds,
  requireBuild,
  residentMemoryMb,
  startServer,
  stopChild,
  waitForHealth,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '6000' },
    warmup: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '4' },
    logins: { type: 'string', default: '8' },
  },
});
requireBuild([SERVER_ENTRY]);
console.log(loadNote('at start'));

const dataDir = makeTempDir('testerhub-cpu-per-request-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const prepared = spawnSync(process.execPath, [SERVER_ENTRY, '--prepare-database-only'], {
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: 'ignore',
});
if (prepared.status !== 0) throw new Error(`creating the database failed (exit code ${prepared.status})`);

const port = await freePort();
const { child } = startServer({ port, dataDir, env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000000' } });
await waitForHealth({ port, child });
const origin = `http://127.0.0.1:${port}`;
const cookies = await logInDemoTester(origin, Number(options.logins));
if (cookies.length === 0) throw new Error('no login succeeded');

/** `amount` requests of the mix on --connections connections. */
const mixedRequests = (amount) => mixedTraffic(origin, cookies, { connections: Number(options.connections), amount });

await mixedRequests(Number(options.warmup));
const cpuBefore = processCpuSeconds(child.pid);
const { result, statuses } = await mixedRequests(Number(options.requests));
const cpuMs = (processCpuSeconds(child.pid) - cpuBefore) * 1000;
console.log(
  `flags "${process.env.BENCH_SERVER_FLAGS ?? ''}": ${options.requests} requests (${JSON.stringify(statuses)} by HTTP status), ` +
    `server CPU ${(cpuMs / Number(options.requests)).toFixed(3)} ms a request, p99 ${result.latency.p99} ms, RSS ${residentMemoryMb(child.pid).toFixed(1)} MB`,
);
console.log(loadNote('at end'));
await stopChild(child);
