#!/usr/bin/env node
// The CPU time (user + system) of every process under a root process, by kind, for a browser run:
// `time` leaves out most of Chromium's CPU (decision 107). Reads /proc/<pid>/stat of the root's
// descendants once a second, keeps each process's last figure, and when the root has exited writes
// the totals by kind (Chromium by its --type, the server, the Playwright runner and workers) as JSON.
// A process that lives less than a second between two looks is missed.
//
//   E2E_PORT=4411 npx playwright test -c e2e/playwright.config.ts & node scripts/benchmarks/process-tree-cpu.mjs $! cpu.json

import fs from 'node:fs';

const [rootArgument, out] = process.argv.slice(2);
const root = Number(rootArgument);
if (!root || !out) {
  console.error('usage: node scripts/benchmarks/process-tree-cpu.mjs <root pid> <out.json>');
  process.exit(2);
}
// Linux's clock ticks a second (getconf CLK_TCK).
const TICKS = 100;

/** The parent and the CPU seconds of a process, or undefined once it is gone (or a zombie no one has reaped yet). */
function stat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state, ppid, ... utime (14th), stime (15th).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined;
    return { parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return undefined;
  }
}

function kind(pid) {
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    if (command.includes('dist/main.js')) return 'server';
    if (command.includes('chromium') || command.includes('--type='))
      return `chromium-${/--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser'}`;
    if (command.includes('node')) return 'node (runner, workers)';
    return 'other';
  } catch {
    return 'other';
  }
}

const seen = new Map();

/** One look at the tree; false once the root has exited. */
function look() {
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = stat(Number(entry));
    if (found) stats.set(Number(entry), found);
  }
  const underRoot = (pid) => {
    for (let at = pid, depth = 0; at && depth < 64; at = stats.get(at)?.parent, depth++) if (at === root) return true;
    return false;
  };
  for (const [pid, { seconds }] of stats) {
    if (!underRoot(pid)) continue;
    const entry = seen.get(pid) ?? { kind: kind(pid), seconds: 0 };
    entry.seconds = seconds;
    seen.set(pid, entry);
  }
  return stats.has(root);
}

const timer = setInterval(() => {
  if (look()) return;
  clearInterval(timer);
  const totals = {};
  for (const { kind: name, seconds } of seen.values()) totals[name] = Math.round(((totals[name] ?? 0) + seconds) * 100) / 100;
  totals.total = Math.round(Object.values(totals).reduce((sum, seconds) => sum + seconds, 0) * 100) / 100;
  fs.writeFileSync(out, `${JSON.stringify(totals, null, 1)}\n`);
}, 1000);
