#!/usr/bin/env node
// API throughput against the budget of GUIDE section 8, in one run on one machine:
// GET /api/reward/GetFaqs of the built server (child process, NODE_ENV=production, embedded
// PGlite on a fresh temp DATA_DIR, created and seeded on start) against a bare Fastify JSON
// route, in alternating rounds (compare-with-bare.mjs). Budget: real >= 40% of bare
// requests/s, real p99 < 25 ms at 50 connections (medians over the rounds).
// It builds nothing: run `npm run build` first.
//
//   node scripts/benchmarks/api-throughput.mjs [--connections 50] [--duration 5] [--warmup 2]
//        [--rounds 5] [--path /api/reward/GetFaqs] [--status 200] [--json FILE]
//
// --path and --status are for diagnosis: e.g. `--path /api/nope --status 404` loads the
// real server's hook pipeline without a route. The budget is read on the default.
//
// Exit code: 0 budget met, 1 budget missed, 2 could not measure.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareWithBare, describeRounds, parseRoundOptions, startBareFastify } from './compare-with-bare.mjs';
import {
  SERVER_ENTRY,
  WEB_DIST,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  pinLoadGenerator,
  onCleanup,
  requireBuild,
  startServer,
  stopChild,
  waitForHealth,
} from './lib.mjs';

const { settings, options } = parseRoundOptions({
  path: { type: 'string', default: '/api/reward/GetFaqs' },
  status: { type: 'string', default: '200' },
  json: { type: 'string' },
});
const expectedStatus = Number(options.status);

const serverPrefix = pinLoadGenerator();
requireBuild([SERVER_ENTRY, path.join(WEB_DIST, 'index.html')]);

console.log(`API throughput on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}`);
console.log(loadNote('at start'));
console.log(`${describeRounds(settings)}\n`);

const dataDir = makeTempDir('testerhub-bench-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const barePort = await freePort();
const realPort = await freePort();
// The server logs one structured line per request at the default level, as in production;
// its output goes to /dev/null so a disk or a full pipe does not take part in the figure.
const { child: real } = startServer({ port: realPort, dataDir, commandPrefix: serverPrefix });
let bare;
try {
  bare = await startBareFastify(barePort, serverPrefix);
  await waitForHealth({ port: realPort, child: real });
} catch (error) {
  console.error(`Could not start the servers: ${error.message}`);
  process.exit(2);
}
const realUrl = `http://127.0.0.1:${realPort}${options.path}`;

// Sanity: the real route answers the expected status with JSON before we load it.
{
  const response = await fetch(realUrl);
  const body = await response.text();
  if (response.status !== expectedStatus) {
    console.error(`${realUrl} answered ${response.status} (expected ${expectedStatus}): ${body.slice(0, 200)}`);
    process.exit(2);
  }
  const json = JSON.parse(body);
  console.log(
    `${options.path}: ${response.status}, ${body.length} bytes of JSON (${Array.isArray(json) ? `${json.length} items` : 'object'})\n`,
  );
}

let verdict;
try {
  verdict = await compareWithBare({
    bare: { name: 'bare Fastify JSON route', url: `http://127.0.0.1:${barePort}/` },
    real: { name: `GET ${options.path}`, url: realUrl, status: expectedStatus },
    ...settings,
  });
} finally {
  await stopChild(bare);
  await stopChild(real);
}
console.log(loadNote('at end'));

if (options.json) {
  fs.writeFileSync(
    options.json,
    `${JSON.stringify({ date: new Date().toISOString(), machine: machineSummary(), load: os.loadavg(), ...settings, ...verdict }, null, 2)}\n`,
  );
}
process.exit(verdict.met ? 0 : 1);
