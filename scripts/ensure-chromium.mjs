#!/usr/bin/env node
// Makes sure the system Chromium the browser tests use (/usr/bin/chromium) is present:
// installs it with apt-get when running as root, otherwise says exactly what to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium is missing (${CHROMIUM}); the browser tests need it. Install it with:\n\n  sudo sh -c '${INSTALL}'\n`);
  process.exit(1);
}

console.log(`Chromium is missing (${CHROMIUM}); installing it: ${INSTALL}`);
const result = spawnSync('sh', ['-c', INSTALL], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (result.status !== 0 || !fs.existsSync(CHROMIUM)) {
  console.error(`Installing Chromium failed (exit ${result.status ?? result.signal}). Run yourself: ${INSTALL}`);
  process.exit(1);
}
console.log(`Chromium installed at ${CHROMIUM}.`);
