#!/usr/bin/env node
// Runs the given shell commands side by side and prints each one's output, whole, as it finishes,
// so that the checks of `npm test` (lint, formatting, four type checks) cost the longest of them
// rather than their sum. Exits non-zero when any command fails, after all have finished.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs "<command>" ["<command>" ...]');
  process.exit(2);
}

const started = performance.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          const failed = code !== 0;
          process.stdout.write(`\n${failed ? '✖' : '✓'} ${command} (${failed ? `exit ${code ?? signal}, ` : ''}${seconds} s)\n`);
          process.stdout.write(Buffer.concat(output));
          resolve(!failed);
        });
      }),
  ),
);

const failures = results.filter((ok) => !ok).length;
if (failures > 0) {
  console.error(`\n${failures} of ${commands.length} checks failed.`);
  process.exit(1);
}
