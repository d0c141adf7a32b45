#!/usr/bin/env node
// Makes sure the system Chromium builds the tests use are present: the headless shell that the
// browser tests drive (lighter than the full browser: no browser UI processes) and the full
// browser that scripts/check-budgets.mjs runs Lighthouse in. Installs what is missing with
// apt-get when running as root, otherwise says exactly what to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const PACKAGES = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' };

const missing = Object.entries(PACKAGES).filter(([, binary]) => !fs.existsSync(binary));
if (missing.length === 0) process.exit(0);

const names = missing.map(([name]) => name).join(' ');
const INSTALL = `apt-get update && apt-get install -y ${names}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Missing for the browser tests: ${names}. Install with:\n\n  sudo sh -c '${INSTALL}'\n`);
  process.exit(1);
}

console.log(`Missing for the browser tests: ${names}; installing: ${INSTALL}`);
const result = spawnSync('sh', ['-c', INSTALL], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (result.status !== 0 || missing.some(([, binary]) => !fs.existsSync(binary))) {
  console.error(`Installing ${names} failed (exit ${result.status ?? result.signal}). Run yourself: ${INSTALL}`);
  process.exit(1);
}
console.log(`Installed ${names}.`);
