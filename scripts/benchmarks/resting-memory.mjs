#!/usr/bin/env node
// Resident memory of `npm start` at rest (GUIDE section 8: 250 MB or less). Runs what
// `npm start` runs, `node scripts/start.mjs` (npm's own process left out), with PGlite in a
// fresh temporary DATA_DIR: first the first start (creates, migrates and seeds the database),
// then --runs starts on that same, existing folder. For each start: the time to the first 200
// of /api/health, then the server process's VmRSS (from /proc/<pid>/status) right then and
// after --idle seconds without a request, and the RSS of the start.mjs wrapper beside it.
// The server process is the child of start.mjs. MB = VmRSS kB / 1024.
// Builds nothing: run `npm run build` first (start.mjs would build, and that is not measured).
// Exits 1 when a server's RSS at rest is over the budget.
//
//   node scripts/benchmarks/resting-memory.mjs [--idle 30] [--runs 2] [--budget 250]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  PRERENDER_DIR,
  ROOT,
  SERVER_ENTRY,
  WEB_DIST,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  median,
  onCleanup,
  printTable,
  requireBuild,
  residentMemoryMb,
  sleep,
  stopChild,
  track,
  waitForHealth,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    idle: { type: 'string', default: '30' },
    runs: { type: 'string', default: '2' },
    budget: { type: 'string', default: '250' },
  },
});
const idleSeconds = Number(options.idle);
const runs = Math.max(1, Number(options.runs));
const budgetMb = Number(options.budget);
requireBuild([SERVER_ENTRY, path.join(WEB_DIST, 'index.html'), path.join(PRERENDER_DIR, 'manifest.json')]);

console.log(`Resting memory of node scripts/start.mjs on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}`);
console.log(`${loadNote('at start')}\n`);

const dataDir = makeTempDir('testerhub-memory-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The server process: the one child of the start.mjs wrapper. */
async function serverPid(wrapperPid) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const children = fs.readFileSync(`/proc/${wrapperPid}/task/${wrapperPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    if (children.length === 1) return Number(children[0]);
    await sleep(20);
  }
  throw new Error('start.mjs has no single child process');
}

async function measure(label) {
  const port = await freePort();
  const startedAt = process.hrtime.bigint();
  const wrapper = track(
    spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: 'ignore',
    }),
  );
  const healthyAt = await waitForHealth({ port, child: wrapper });
  const pid = await serverPid(wrapper.pid);
  const healthyMb = residentMemoryMb(pid);
  await sleep(idleSeconds * 1000);
  const restMb = residentMemoryMb(pid);
  const wrapperMb = residentMemoryMb(wrapper.pid);
  await stopChild(wrapper);
  return { label, ms: Number(healthyAt - startedAt) / 1e6, healthyMb, restMb, wrapperMb };
}

const results = [await measure('first start (new folder)')];
for (let run = 1; run <= runs; run += 1) results.push(await measure(`existing folder, start ${run}`));

printTable(
  ['start', 'to first 200 ms', 'server RSS at first 200 MB', `server RSS after ${idleSeconds} s idle MB`, 'start.mjs RSS MB'],
  results.map((result) => [
    result.label,
    result.ms.toFixed(0),
    result.healthyMb.toFixed(1),
    result.restMb.toFixed(1),
    result.wrapperMb.toFixed(1),
  ]),
);
const existing = results.slice(1).map((result) => result.restMb);
console.log(`\nserver at rest: first start ${results[0].restMb.toFixed(1)} MB, existing folder median ${median(existing).toFixed(1)} MB`);
console.log(loadNote('at end'));
const over = results.filter((result) => result.restMb > budgetMb);
if (over.length > 0) {
  console.error(`Over the budget of ${budgetMb} MB at rest: ${over.map((result) => result.label).join(', ')}`);
  process.exit(1);
}
console.log(`Within the budget of ${budgetMb} MB at rest.`);
