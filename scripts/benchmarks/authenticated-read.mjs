#!/usr/bin/env node
// The accounts budgets (issue 3), in one run on one machine:
//   (a) GET /api/account/GetPKTesterInfo with a logged-in session cookie (session check,
//       tester row, level table) on the built server over embedded PGlite, against a bare
//       Fastify JSON route in alternating rounds (compare-with-bare.mjs). Budget: at least
//       40% of the bare route's requests per second, p99 under 25 ms at 50 connections.
//   (b) POST /api/account/Login with the right password: argon2id (19 MiB, t=2, p=1) per request.
// It builds nothing: run `npm run build` first.
//
//   node scripts/benchmarks/authenticated-read.mjs [--connections 50] [--duration 5] [--warmup 2]
//        [--rounds 5] [--login-connections 4] [--login-duration 8]
//
// Exit code: 0 budget met, 1 budget missed, 2 could not measure.

import fs from 'node:fs';
import autocannon from 'autocannon';
import { compareWithBare, describeRounds, parseRoundOptions, startBareFastify } from './compare-with-bare.mjs';
import {
  SERVER_ENTRY,
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
  'login-connections': { type: 'string', default: '4' },
  'login-duration': { type: 'string', default: '8' },
});
const loginConnections = Number(options['login-connections']);
const DEMO = { username: 'demotester1', password: 'Demo#Pass1' };

const serverPrefix = pinLoadGenerator();
requireBuild([SERVER_ENTRY]);
console.log(`Authenticated read and login cost on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}\n${loadNote('at start')}`);
console.log(`${describeRounds(settings)}\n`);

const dataDir = makeTempDir('testerhub-bench-auth-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const barePort = await freePort();
const port = await freePort();
// Login limits raised for the measurement only: every request here is the owner's right password.
const { child: server } = startServer({ port, dataDir, commandPrefix: serverPrefix, env: { LOGIN_ATTEMPTS_PER_WINDOW: '100000000' } });
const bare = await startBareFastify(barePort, serverPrefix);
await waitForHealth({ port, child: server });

const loginRequest = {
  url: `http://127.0.0.1:${port}/api/account/Login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(DEMO),
};
const loginResponse = await fetch(loginRequest.url, loginRequest);
const cookie = (loginResponse.headers.get('set-cookie') ?? '').split(';')[0];
const check = await fetch(`http://127.0.0.1:${port}/api/account/GetPKTesterInfo`, { headers: { cookie } });
if (check.status !== 200) {
  console.error(`GetPKTesterInfo with the session answered ${check.status}`);
  process.exit(2);
}

let verdict;
let login;
try {
  verdict = await compareWithBare({
    bare: { name: 'bare Fastify JSON route', url: `http://127.0.0.1:${barePort}/` },
    real: {
      name: 'GET /api/account/GetPKTesterInfo (session)',
      url: `http://127.0.0.1:${port}/api/account/GetPKTesterInfo`,
      headers: { cookie },
    },
    ...settings,
  });
  login = await new Promise((resolve, reject) =>
    autocannon({ ...loginRequest, connections: loginConnections, duration: Number(options['login-duration']) }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
} finally {
  await stopChild(bare);
  await stopChild(server);
}

console.log(`\n${loadNote('at end')}`);
const logins = login.requests.average;
const loginErrors = login.non2xx + login.errors + login.timeouts;
console.log(
  `login: ${logins.toFixed(1)} logins/s on ${loginConnections} connections, p50 ${login.latency.p50} ms, p99 ${login.latency.p99} ms, ` +
    `about ${((1000 / logins) * loginConnections).toFixed(0)} ms of server time per login (argon2id verify + session insert); non-2xx/errors ${loginErrors}`,
);
process.exit(verdict.met && loginErrors === 0 ? 0 : 1);
