// The API budget of GUIDE section 8, measured the same way by every script: a route of the
// built server against a bare Fastify JSON route (bare-fastify.mjs) in the same run.
//
// The two are measured in alternating rounds (bare, real, real, bare, bare, real, ...), each
// after an unrecorded warm-up, and the ratio is taken per round. This machine's CPU speed
// drifts under sustained load (the same bare server gives ~55k req/s in its first seconds
// and ~28k a few seconds later), so measuring one target after the other would hand the
// fast seconds to whichever goes first.

import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median, nodeCommand, printTable, track, waitForUrl } from './lib.mjs';

export const API_BUDGET = { minRatio: 0.4, maxP99Ms: 25 };

/**
 * The command-line options both API scripts take (--connections, --duration, --warmup,
 * --rounds) plus `extra` parseArgs options; resolves to { settings, options }.
 */
export function parseRoundOptions(extra = {}) {
  const { values: options } = parseArgs({
    options: {
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '5' },
      ...extra,
    },
  });
  const settings = {
    connections: Number(options.connections),
    duration: Number(options.duration),
    warmup: Number(options.warmup),
    rounds: Number(options.rounds),
  };
  return { settings, options };
}

export function describeRounds({ connections, rounds, duration, warmup }) {
  return `autocannon ${connections} connections, ${rounds} alternating rounds of ${duration} s per target (each after ${warmup} s unrecorded warm-up)`;
}

/** Starts bare-fastify.mjs on `port`; resolves with its child process once it answers. */
export function startBareFastify(port, commandPrefix = []) {
  return startBenchApp({ script: 'bare-fastify.mjs', port, commandPrefix, readyPath: '/' });
}

/** Starts one of this folder's small benchmark apps on `port` (environment `env` beside PORT and HOST); resolves once `readyPath` answers 200. */
export async function startBenchApp({ script, port, commandPrefix = [], env = {}, readyPath }) {
  const child = track(
    spawn(...nodeCommand(commandPrefix, [path.join(path.dirname(fileURLToPath(import.meta.url)), script)]), {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await waitForUrl({ url: `http://127.0.0.1:${port}${readyPath}`, child, timeoutMs: 30_000 });
  return child;
}

function cannon(request) {
  return new Promise((resolve, reject) =>
    autocannon({ pipelining: 1, ...request }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/**
 * One target's figures over `duration` seconds after `warmup` unrecorded ones. `beforeRecorded`
 * runs between the two (e.g. to read a process's CPU time just for the recorded requests).
 */
export async function measureTarget(target, { connections, duration, warmup }, { beforeRecorded } = {}) {
  // `options`: further autocannon settings of the target (a method, a body, per-request set-up).
  const request = { url: target.url, headers: target.headers ?? {}, connections, ...target.options };
  if (warmup > 0) await cannon({ ...request, duration: warmup });
  beforeRecorded?.();
  const result = await cannon({ ...request, duration });
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== (target.status ?? 200))
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    unexpectedStatus: unexpected + result.errors + result.timeouts,
  };
}

/**
 * Measures `bare` and `real` ({ name, url, headers?, status?, options? }) in `rounds` alternating
 * rounds and prints a table per round and the verdict against `budget` ({ minRatio, maxP99Ms? },
 * the read budget by default). Resolves with the rounds and { ratio, p99, unexpectedStatus, met }
 * where ratio and p99 are medians over the rounds.
 */
export async function compareWithBare({ bare, real, rounds = 5, connections = 50, duration = 5, warmup = 2, budget = API_BUDGET }) {
  const results = [];
  for (let round = 1; round <= rounds; round += 1) {
    // Alternate which goes first, so neither always gets the machine's fresher seconds.
    const order = round % 2 === 1 ? ['bare', 'real'] : ['real', 'bare'];
    const measured = {};
    for (const which of order) measured[which] = await measureTarget(which === 'bare' ? bare : real, { connections, duration, warmup });
    results.push({ round, ...measured, ratio: measured.real.requestsPerSecond / measured.bare.requestsPerSecond });
  }

  printTable(
    [
      'round',
      'bare req/s',
      'real req/s',
      'ratio',
      'real p50 ms',
      'real p99 ms',
      'real max ms',
      'bytes/answer (bare, real)',
      'other status + errors',
    ],
    results.map((r) => [
      r.round,
      r.bare.requestsPerSecond.toFixed(0),
      r.real.requestsPerSecond.toFixed(0),
      `${(r.ratio * 100).toFixed(1)}%`,
      r.real.latency.p50,
      r.real.latency.p99,
      r.real.latency.max,
      `${r.bare.bytesPerRequest}, ${r.real.bytesPerRequest}`,
      r.real.unexpectedStatus,
    ]),
  );
  const ratio = median(results.map((r) => r.ratio));
  const p99 = median(results.map((r) => r.real.latency.p99));
  const unexpectedStatus = results.reduce((sum, r) => sum + r.real.unexpectedStatus, 0);
  const latencyMet = budget.maxP99Ms === undefined || p99 < budget.maxP99Ms;
  const met = ratio >= budget.minRatio && latencyMet && unexpectedStatus === 0;
  const latencyBudget = budget.maxP99Ms === undefined ? '' : ` (budget < ${budget.maxP99Ms} ms)`;
  console.log(
    `\n${real.name} / ${bare.name}: median ratio ${(ratio * 100).toFixed(1)}% (budget >= ${budget.minRatio * 100}%), ` +
      `median p99 ${p99} ms${latencyBudget}, other status + errors ${unexpectedStatus} -> ${met ? 'budget met' : 'BUDGET MISSED'}`,
  );
  return { rounds: results, ratio, p99, unexpectedStatus, met };
}
