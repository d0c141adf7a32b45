#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the source, then runs the
// production server (embedded PGlite in ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const OUTPUTS = [at('apps/web/dist/index.html'), at('apps/web/dist-prerender/manifest.json'), at('apps/server/dist/main.js')];
const SOURCES = [at('apps/web/src'), at('apps/server/src'), at('packages/shared/src'), at('apps/web/index.html'), at('apps/web/public')];

/** Newest modification time under a file or folder (0 when it does not exist). */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildReason() {
  const missing = OUTPUTS.find((file) => !fs.existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const oldestOutput = Math.min(...OUTPUTS.map((file) => fs.statSync(file).mtimeMs));
  const changed = SOURCES.find((source) => newestMtime(source) > oldestOutput);
  return changed ? `${path.relative(root, changed)} changed since the last build` : null;
}

const reason = buildReason();
if (reason) {
  console.log(`Building TesterHub (${reason})...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(build.status ?? 1);
  }
}

// NODE_ENV is left as given: unset means development, where /dev/mailbox shows the e-mails a
// first run without SMTP_URL would send. A deployment sets NODE_ENV=production.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  // The server exits 0 after a graceful shutdown; killed by a signal, report it the shell's way (128 + number).
  process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1));
});
