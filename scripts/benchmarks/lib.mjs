// Shared helpers for scripts/check-budgets.mjs and scripts/benchmarks/*.mjs:
// locating the build, picking a free port, starting the built server as a child
// process, waiting for /api/health, and killing every process we started, always.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const PRERENDER_DIR = path.join(ROOT, 'apps/web/dist-prerender');

/** Stops with a clear message when the build this script measures is missing. */
export function requireBuild(files) {
  const missing = files.filter((file) => !fs.existsSync(file));
  if (missing.length === 0) return;
  console.error(`Build output missing:\n  ${missing.map((file) => path.relative(ROOT, file)).join('\n  ')}`);
  console.error('These scripts measure an existing build and build nothing themselves. Run `npm run build` first.');
  process.exit(2);
}

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function makeTempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- child processes: every one we start is tracked and killed on any exit path ----

/** The signing keys a production start requires (issue 29), made once per benchmark run. */
const PRODUCTION_KEYS = Object.fromEntries(
  ['DEVICE_COOKIE_SECRET', 'STUDY_LINK_SECRET', 'STAFF_TOTP_KEY'].map((name) => [name, randomBytes(32).toString('base64url')]),
);

const children = new Set();
const cleanups = new Set();

/**
 * Remembers a child process so it is killed on every exit path. `group: true` for a
 * child spawned detached (its own process group, e.g. Chromium from chrome-launcher):
 * the whole group is killed, renderers included.
 */
export function track(child, { group = false } = {}) {
  const entry = { child, group };
  children.add(entry);
  child.once('exit', () => children.delete(entry));
  return child;
}

/** Registers a synchronous clean-up (e.g. removing a temp folder) run on exit. */
export function onCleanup(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function killAllSync() {
  for (const { child, group } of children) {
    try {
      if (group && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  children.clear();
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      /* best effort */
    }
  }
  cleanups.clear();
}

process.on('exit', killAllSync);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    killAllSync();
    process.exit(130);
  });
}
process.on('uncaughtException', (error) => {
  console.error(error);
  killAllSync();
  process.exit(2);
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  killAllSync();
  process.exit(2);
});

/** Sends SIGTERM, waits for the exit (graceful shutdown), then SIGKILL if it lingers. */
export async function stopChild(child, graceMs = 12_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the built server: `node apps/server/dist/main.js` with PORT, HOST=127.0.0.1,
 * NODE_ENV=production and DATA_DIR. Its output goes to `logFile` (or is discarded) so a
 * full pipe never slows it down. Returns the child and the high-resolution spawn time.
 */
/**
 * For the throughput scripts: the load generator (this process, autocannon runs in it) on the
 * first core, the server under test on the last, so that the two never take turns on one core
 * (the scheduler otherwise moves them about and the figures swing by a third between runs).
 * Applied the same way to the bare reference and the real server. Needs taskset and 2 cores;
 * returns the command prefix for a server, [] when pinning is not possible.
 */
export function pinLoadGenerator() {
  const cores = os.cpus().length;
  if (cores < 2) return [];
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  if (pinned.status !== 0) return [];
  return ['taskset', '-c', String(cores - 1)];
}

/** [command, args] that run node with `args`, behind `commandPrefix` (e.g. taskset) if any. */
export function nodeCommand(commandPrefix, args) {
  return commandPrefix.length ? [commandPrefix[0], [...commandPrefix.slice(1), process.execPath, ...args]] : [process.execPath, args];
}

/** BENCH_SERVER_FLAGS: more node flags for the measured server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes. */
function extraServerFlags() {
  return (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
}

export function startServer({ port, dataDir, logFile, env = {}, commandPrefix = [] }) {
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const spawnedAt = process.hrtime.bigint();
  const child = track(
    spawn(...nodeCommand(commandPrefix, [...SERVER_NODE_FLAGS, ...extraServerFlags(), SERVER_ENTRY]), {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: dataDir, ...PRODUCTION_KEYS, ...env },
      stdio: ['ignore', out, out],
    }),
  );
  if (typeof out === 'number') fs.closeSync(out);
  return { child, spawnedAt };
}

/**
 * Polls `url` every `intervalMs` until it answers 200. Resolves with the high-resolution
 * time of that first 200; rejects if `child` exits first or time runs out.
 */
export async function waitForUrl({ url, child, intervalMs = 20, timeoutMs = 120_000 }) {
  const deadline = Date.now() + timeoutMs;
  let exitInfo;
  const onExit = (code, signal) => {
    exitInfo = { code, signal };
  };
  child?.once('exit', onExit);
  try {
    while (Date.now() < deadline) {
      if (exitInfo) throw new Error(`process exited before ${url} answered 200 (code ${exitInfo.code}, signal ${exitInfo.signal})`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) return process.hrtime.bigint();
      } catch {
        /* not listening yet */
      }
      await sleep(intervalMs);
    }
    throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
  } finally {
    child?.off('exit', onExit);
  }
}

/** Polls GET /api/health of the server on `port` (every 20 ms by default) until the first 200. */
export function waitForHealth({ port, ...rest }) {
  return waitForUrl({ url: `http://127.0.0.1:${port}/api/health`, ...rest });
}

/** Clock ticks per second, the unit of the CPU times in /proc/<pid>/stat. */
export const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system, every thread) a running Linux process has used so far, from /proc/<pid>/stat. */
export function processCpuSeconds(pid) {
  // After "pid (comm) " the state is field 3, so utime and stime (fields 14 and 15) are at 11 and 12.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Resident set size of a Linux process in MB (VmRSS from /proc/<pid>/status). */
export function residentMemoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** Logs the demo tester in `count` times, four at a time; resolves with the session cookies. */
export async function logInDemoTester(origin, count) {
  const cookies = [];
  const one = async () => {
    const response = await fetch(`${origin}/api/account/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demotester1', password: 'Demo#Pass1' }),
    });
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    if (response.status === 200 && cookie) cookies.push(cookie);
  };
  for (let done = 0; done < count; done += 4) await Promise.all(Array.from({ length: Math.min(4, count - done) }, one));
  return cookies;
}

/** A tester's portal visit in calls: the portal's reads, the daily reward and the spin (which write), a public read and the home page. */
export const MIXED_TRAFFIC_PATHS = [
  '/api/account/GetPKTesterInfo',
  '/api/schedule/GetScreeners',
  '/api/schedule/GetCurrentSchedule',
  '/api/leaderboard/GetRankerList',
  '/api/reward/GetDailyReward',
  '/api/event/ApplyEvent',
  '/api/reward/GetFaqs',
  '/',
];

/**
 * The mixed traffic against `origin`: every request one of MIXED_TRAFFIC_PATHS in turn, with one of
 * `cookies` in turn. `load` is autocannon's: `connections` and `duration` (seconds) or `amount`
 * (requests), and `overallRate` when given. Resolves with autocannon's result and the answers' count
 * by HTTP status.
 */
export function mixedTraffic(origin, cookies, load) {
  let sent = 0;
  const statuses = {};
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        ...load,
        requests: [
          {
            setupRequest: (request) => {
              sent += 1;
              const headers = { cookie: cookies[sent % cookies.length], 'x-requested-with': 'TesterHub' };
              return { ...request, path: MIXED_TRAFFIC_PATHS[sent % MIXED_TRAFFIC_PATHS.length], headers };
            },
            onResponse: (status) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, statuses })),
    ),
  );
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Prints rows (arrays of cells) as an aligned plain-text table. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  console.log(line(all[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of all.slice(1)) console.log(line(row));
}

export function machineSummary() {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/**
 * The machine's load average, with a warning when other work competes for the CPU: on a
 * 2-core machine a concurrent test run or build skews every figure these scripts take.
 */
export function loadNote(when) {
  const [one, five] = os.loadavg();
  const cores = os.cpus().length; // the machine's, not this process's (the throughput scripts pin themselves to one)
  const busy = one > cores * 0.5;
  return `load average ${when}: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${cores} cores${busy ? '  WARNING: other work is using the CPU; figures are pessimistic' : ''}`;
}
