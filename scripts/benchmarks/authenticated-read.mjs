#!/usr/bin/env node
// The accounts budgets (issue 3), in one run on one machine:
//   (a) a bare Fastify JSON route (bare-fastify.mjs, child process), the reference;
//   (b) GET /api/account/GetPKTesterInfo with a logged-in session cookie (session lookup,
//       tester row, level table) on the built server over embedded PGlite;
//   (c) POST /api/account/Login with the right password: argon2id (19 MiB, t=2, p=1) per request.
// Budget for (b): at least 40% of (a)'s requests per second, p99 under 25 ms at 50 connections.
// It builds nothing: run `npm run build` first.
//
//   node scripts/benchmarks/authenticated-read.mjs [--connections 50] [--duration 10] [--login-connections 4]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SERVER_ENTRY, freePort, loadNote, machineSummary, makeTempDir, onCleanup, printTable, requireBuild, startServer, stopChild, track, waitForHealth, waitForUrl } from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    'login-connections': { type: 'string', default: '4' },
  },
});
const connections = Number(options.connections);
const duration = Number(options.duration);
const loginConnections = Number(options['login-connections']);
const DEMO = { username: 'demotester1', password: 'Demo#Pass1' };

requireBuild([SERVER_ENTRY]);
console.log(`Authenticated read and login cost on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}\n${loadNote('at start')}\n`);

const barePort = await freePort();
const bare = track(
  spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-fastify.mjs')], {
    env: { ...process.env, PORT: String(barePort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
const dataDir = makeTempDir('testerhub-bench-auth-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
// Login limits raised for the measurement only: every request here is the owner's right password.
const { child: server } = startServer({ port, dataDir, env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000000' } });
await waitForUrl({ url: `http://127.0.0.1:${barePort}/`, child: bare, timeoutMs: 30_000 });
await waitForHealth({ port, child: server });

const loginResponse = await fetch(`http://127.0.0.1:${port}/api/account/Login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(DEMO),
});
const cookie = (loginResponse.headers.get('set-cookie') ?? '').split(';')[0];
const check = await fetch(`http://127.0.0.1:${port}/api/account/GetPKTesterInfo`, { headers: { cookie } });
if (check.status !== 200) {
  console.error(`GetPKTesterInfo with the session answered ${check.status}`);
  process.exit(2);
}

function cannon(request) {
  return new Promise((resolve, reject) => autocannon({ pipelining: 1, ...request }, (error, result) => (error ? reject(error) : resolve(result))));
}
async function measure(name, request) {
  await cannon({ ...request, duration: 3 });
  const result = await cannon(request);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors + result.timeouts };
}

const results = [];
try {
  results.push(await measure('bare Fastify JSON route', { url: `http://127.0.0.1:${barePort}/`, connections, duration }));
  results.push(await measure('GET /api/account/GetPKTesterInfo (session)', { url: `http://127.0.0.1:${port}/api/account/GetPKTesterInfo`, headers: { cookie }, connections, duration }));
  results.push(
    await measure(`POST /api/account/Login (${loginConnections} connections)`, {
      url: `http://127.0.0.1:${port}/api/account/Login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
      connections: loginConnections,
      duration,
    }),
  );
} finally {
  await stopChild(bare);
  await stopChild(server);
}

console.log(`${loadNote('at end')}\n`);
printTable(
  ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/errors'],
  results.map((r) => [r.name, r.rps.toFixed(0), r.p50, r.p99, r.non2xx]),
);
const [bareResult, readResult, loginResult] = results;
const ratio = readResult.rps / bareResult.rps;
console.log(`\nsession read / bare: ${(ratio * 100).toFixed(1)}% (budget >= 40%); p99 ${readResult.p99} ms (budget < 25 ms)`);
console.log(`login: ${loginResult.rps.toFixed(1)} logins/s on ${loginConnections} connections, about ${(1000 / loginResult.rps * loginConnections).toFixed(0)} ms of server time per login (argon2id verify + session insert)`);
process.exit(ratio >= 0.4 && readResult.p99 < 25 && readResult.non2xx === 0 ? 0 : 1);
