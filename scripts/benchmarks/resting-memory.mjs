#!/usr/bin/env node
// Resident memory of `npm start` at rest (GUIDE section 8: 250 MB or less). Runs what
// `npm start` runs, `node scripts/start.mjs` (npm's own process left out), with PGlite in a
// fresh temporary DATA_DIR: first the first start (creates, migrates and seeds the database),
// then --runs starts on that same, existing folder. For each start: the time to the first 200
// of /api/health, then the server process's VmRSS (from /proc/<pid>/status) right then and
// after --idle seconds without a request, and the RSS of the start.mjs wrapper beside it.
// The server process is the child of start.mjs. MB = VmRSS kB / 1024.
// Then "after use" (GUIDE section 8: also after an hour of use), one more start on that folder:
// --logins logins (each a session of its own, as many testers coming and going), then --use
// seconds of mixed traffic over those sessions (the portal's reads, the daily reward and the
// spin, which write; the home page and a public read), a compressed hour: about as many
// requests as a busy hour's portal traffic, then --idle seconds without a request before RSS.
// Builds nothing: run `npm run build` first (start.mjs would build, and that is not measured).
// Exits 1 when a server's RSS at rest is over the budget.
//
//   node scripts/benchmarks/resting-memory.mjs [--idle 30] [--runs 2] [--budget 250] [--use 60] [--logins 300]
//        [--connections 10] [--rate N] [--heap-snapshot DIR]
//
// --connections and --rate (requests a second over all connections; unset: as fast as the server
// answers) make --use a real spell of use rather than a saturation test: an hour at `--connections 2
// --rate 20` is an hour of steady portal traffic that leaves the shared machine most of a core.
//
// --heap-snapshot DIR: after use and idle, the server writes a V8 heap snapshot into DIR (SIGUSR2;
// V8 collects all garbage first), and RSS and the heap are read again: what a collection gives
// back, and in the snapshot (Chromium's developer tools, Memory tab) what holds the rest.

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
  logInDemoTester,
  machineSummary,
  makeTempDir,
  median,
  mixedTraffic,
  onCleanup,
  printTable,
  processCpuSeconds,
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
    use: { type: 'string', default: '60' },
    logins: { type: 'string', default: '300' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string' },
    'heap-snapshot': { type: 'string' },
  },
});
const useSeconds = Number(options.use);
const logins = Number(options.logins);
const connections = Math.max(1, Number(options.connections));
const requestsPerSecond = options.rate === undefined ? undefined : Number(options.rate);
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

/**
 * Where the resident memory is, from the server's Prometheus listener: V8's heap (used, and
 * reserved), and memory outside it (PGlite's WebAssembly memory, buffers).
 */
async function heapFigures(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const figure = (name) => Number(new RegExp(`^testerhub_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1024 ** 2;
  return {
    heapUsedMb: figure('nodejs_heap_size_used_bytes'),
    heapTotalMb: figure('nodejs_heap_size_total_bytes'),
    externalMb: figure('nodejs_external_memory_bytes'),
  };
}

const snapshotDir = options['heap-snapshot'] && path.resolve(options['heap-snapshot']);
if (snapshotDir) fs.mkdirSync(snapshotDir, { recursive: true });

/** Has the server write a heap snapshot (a full collection first), waits for it; then RSS and heap again. */
async function snapshotHeap(pid, metricsPort) {
  const before = new Set(fs.readdirSync(snapshotDir));
  process.kill(pid, 'SIGUSR2');
  let file;
  let size = -1;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    await sleep(500);
    file ??= fs.readdirSync(snapshotDir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    if (!file) continue;
    const now = fs.statSync(path.join(snapshotDir, file)).size;
    if (now === size && now > 0) break;
    size = now;
  }
  if (!file) throw new Error('the server wrote no heap snapshot');
  await sleep(2_000);
  return { file: path.join(snapshotDir, file), restMb: residentMemoryMb(pid), heap: await heapFigures(metricsPort) };
}

async function measure(label, { use = false } = {}) {
  const port = await freePort();
  const metricsPort = await freePort();
  const startedAt = process.hrtime.bigint();
  const wrapper = track(
    spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      // Login limits raised for the measurement only: every login here is the owner's right password.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOGIN_ATTEMPTS_PER_WINDOW: '100000000',
        METRICS_PORT: String(metricsPort),
        // A heap snapshot on SIGUSR2 (after use only): V8 collects all garbage first.
        ...(use && snapshotDir ? { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}` } : {}),
      },
      stdio: 'ignore',
    }),
  );
  const healthyAt = await waitForHealth({ port, child: wrapper });
  const pid = await serverPid(wrapper.pid);
  const healthyMb = residentMemoryMb(pid);
  let traffic;
  if (use) {
    const origin = `http://127.0.0.1:${port}`;
    const cookies = await logInDemoTester(origin, logins);
    if (cookies.length === 0) throw new Error('no login succeeded');
    // The highest RSS while in use (read every 5 s), and the server's CPU over the spell: a long run at
    // a modest --rate should keep it well under one core.
    let peakMb = residentMemoryMb(pid);
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMemoryMb(pid))), 5_000);
    const cpuBefore = processCpuSeconds(pid);
    const usedAt = process.hrtime.bigint();
    const { result, statuses } = await mixedTraffic(origin, cookies, {
      connections,
      duration: useSeconds,
      ...(requestsPerSecond === undefined ? {} : { overallRate: requestsPerSecond }),
    });
    clearInterval(sampler);
    const busyMb = residentMemoryMb(pid);
    const coreShare = (processCpuSeconds(pid) - cpuBefore) / (Number(process.hrtime.bigint() - usedAt) / 1e9);
    traffic = { sessions: cookies.length, requests: result.requests.total, statuses, busyMb, peakMb: Math.max(peakMb, busyMb), coreShare };
  }
  await sleep(idleSeconds * 1000);
  const restMb = residentMemoryMb(pid);
  const restParts = residentParts(pid);
  const heap = await heapFigures(metricsPort);
  const collected = use && snapshotDir ? await snapshotHeap(pid, metricsPort) : undefined;
  const wrapperMb = residentMemoryMb(wrapper.pid);
  await stopChild(wrapper);
  return { label, ms: Number(healthyAt - startedAt) / 1e6, healthyMb, restMb, restParts, wrapperMb, traffic, heap, collected };
}

/**
 * RSS in its two kinds: anonymous (the heaps: V8's, PGlite's WebAssembly memory, malloc's) and
 * file-backed (Node's binary and libraries as paged in, which the kernel may drop and read again).
 */
function residentParts(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
  return { anonymousMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024, webAssemblyMb: webAssemblyResidentMb(pid) };
}

/**
 * The resident part of PGlite's WebAssembly memory (`external` counts all 128 MB the module declares,
 * touched or not): V8 places a WebAssembly memory inside a reservation of several GB, so it is the
 * readable and writable anonymous mapping followed by an inaccessible one of 1 GB or more. 0 on PostgreSQL.
 */
function webAssemblyResidentMb(pid) {
  const mappings = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head)
      mappings.push({ bytes: parseInt(head[2], 16) - parseInt(head[1], 16), permissions: head[3], anonymous: head[4] === '', rssKb: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length > 0) mappings.at(-1).rssKb = Number(rss[1]);
  }
  let kb = 0;
  for (const [index, mapping] of mappings.entries()) {
    const next = mappings[index + 1];
    if (mapping.anonymous && mapping.permissions === 'rw-p' && next?.anonymous && next.permissions === '---p' && next.bytes >= 1024 ** 3)
      kb += mapping.rssKb;
  }
  return kb / 1024;
}

const results = [await measure('first start (new folder)')];
for (let run = 1; run <= runs; run += 1) results.push(await measure(`existing folder, start ${run}`));
if (useSeconds > 0) results.push(await measure(`existing folder, after ${useSeconds} s of use`, { use: true }));

printTable(
  [
    'start',
    'to first 200 ms',
    'server RSS at first 200 MB',
    `server RSS after ${idleSeconds} s idle MB`,
    'of which V8 heap used / reserved MB',
    'outside the heap (external) MB',
    'RSS anonymous / file-backed MB',
    'of which WebAssembly memory MB',
    'start.mjs RSS MB',
  ],
  results.map((result) => [
    result.label,
    result.ms.toFixed(0),
    result.healthyMb.toFixed(1),
    result.restMb.toFixed(1),
    `${result.heap.heapUsedMb.toFixed(1)} / ${result.heap.heapTotalMb.toFixed(1)}`,
    result.heap.externalMb.toFixed(1),
    `${result.restParts.anonymousMb.toFixed(1)} / ${result.restParts.fileMb.toFixed(1)}`,
    result.restParts.webAssemblyMb.toFixed(1),
    result.wrapperMb.toFixed(1),
  ]),
);
const existing = results.slice(1, runs + 1).map((result) => result.restMb);
console.log(`\nserver at rest: first start ${results[0].restMb.toFixed(1)} MB, existing folder median ${median(existing).toFixed(1)} MB`);
for (const { traffic, restMb, collected } of results.filter((result) => result.traffic)) {
  console.log(
    `after use: ${traffic.sessions} sessions, ${traffic.requests} requests (${JSON.stringify(traffic.statuses)} by HTTP status), ` +
      `server CPU ${(traffic.coreShare * 100).toFixed(0)} % of one core; RSS at most ${traffic.peakMb.toFixed(1)} MB in use, ` +
      `${traffic.busyMb.toFixed(1)} MB at the end of the traffic, ${restMb.toFixed(1)} MB after ${idleSeconds} s idle`,
  );
  if (collected)
    console.log(
      `after a full collection (heap snapshot ${collected.file}): RSS ${collected.restMb.toFixed(1)} MB, ` +
        `V8 heap used ${collected.heap.heapUsedMb.toFixed(1)} / reserved ${collected.heap.heapTotalMb.toFixed(1)} MB, external ${collected.heap.externalMb.toFixed(1)} MB`,
    );
}
console.log(loadNote('at end'));
const over = results.filter((result) => result.restMb > budgetMb);
if (over.length > 0) {
  console.error(`Over the budget of ${budgetMb} MB at rest: ${over.map((result) => result.label).join(', ')}`);
  process.exit(1);
}
console.log(`Within the budget of ${budgetMb} MB at rest.`);
