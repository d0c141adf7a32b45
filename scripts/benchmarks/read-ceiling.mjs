#!/usr/bin/env node
// What issue 27's read goal (GetPKTesterInfo at >= 0.70 of the bare route) leaves on this machine:
// lean-read.mjs, the same answer with nothing but the session's hash and an in-memory lookup, against
// the bare Fastify JSON route in the same alternating rounds as authenticated-read.mjs measures the
// real server. A real route does more than this one; if this one is under the goal, so is any.
//
//   node scripts/benchmarks/read-ceiling.mjs [--connections 50] [--duration 5] [--warmup 2] [--rounds 5]
//
// Exit code: 0 measured (whatever the ratio), 2 could not measure.

import { randomBytes } from 'node:crypto';
import { compareWithBare, describeRounds, parseRoundOptions, startBareFastify, startBenchApp } from './compare-with-bare.mjs';
import { freePort, loadNote, machineSummary, pinLoadGenerator, stopChild } from './lib.mjs';

const { settings } = parseRoundOptions();
const prefix = pinLoadGenerator();
console.log(`The read's ceiling on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}\n${loadNote('at start')}`);
console.log(`${describeRounds(settings)}\n`);

const sessionId = randomBytes(32).toString('base64url');
const [barePort, leanPort] = [await freePort(), await freePort()];
const bare = await startBareFastify(barePort, prefix);
const lean = await startBenchApp({
  script: 'lean-read.mjs',
  port: leanPort,
  commandPrefix: prefix,
  env: { LEAN_SESSION_ID: sessionId },
  readyPath: '/',
});
const url = `http://127.0.0.1:${leanPort}/api/account/GetPKTesterInfo`;
const headers = { cookie: `th_session=${sessionId}` };
const check = await fetch(url, { headers });
if (check.status !== 200) {
  console.error(`the lean route answered ${check.status} with the session`);
  process.exit(2);
}
try {
  await compareWithBare({
    bare: { name: 'bare Fastify JSON route', url: `http://127.0.0.1:${barePort}/` },
    real: { name: 'lean-read.mjs: the same answer after the session hash and lookup only', url, headers },
    budget: { minRatio: 0.7, maxP99Ms: 10 },
    ...settings,
  });
} finally {
  await stopChild(lean);
  await stopChild(bare);
}
console.log(`\n${loadNote('at end')}`);
