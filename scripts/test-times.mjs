#!/usr/bin/env node
// Reads a Vitest JSON report (VITEST_JSON_REPORT, vitest.config.ts) and prints the run's wall time
// and its slowest server test files against the goal of 5 s a file (issue 25): .ci/run's summary.
// Usage: node scripts/test-times.mjs <report.json>
import fs from 'node:fs';
import path from 'node:path';

const FILE_GOAL_SECONDS = 5;
const SHOWN = 5;

const reportFile = process.argv[2];
if (!reportFile || !fs.existsSync(reportFile)) {
  console.log(`  (no Vitest report at ${reportFile ?? '(none given)'}: the run stopped before its tests)`);
  process.exit(0);
}

const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
const files = report.testResults.map((file) => ({
  name: path.relative(process.cwd(), file.name),
  seconds: (file.endTime - file.startTime) / 1000,
}));
const lastEnd = Math.max(report.startTime, ...report.testResults.map((file) => file.endTime));
const seconds = (value) => `${value.toFixed(1)} s`;

console.log(`  vitest run: ${seconds((lastEnd - report.startTime) / 1000)} wall, ${files.length} files, ${report.numTotalTests} tests`);
const server = files.filter((file) => file.name.startsWith('apps/server/')).sort((a, b) => b.seconds - a.seconds);
if (server.length === 0) process.exit(0);
const over = server.filter((file) => file.seconds > FILE_GOAL_SECONDS);
console.log(`  slowest server test file: ${seconds(server[0].seconds)} ${server[0].name}`);
console.log(`  server test files over ${FILE_GOAL_SECONDS} s: ${over.length} of ${server.length}`);
for (const file of over.slice(0, SHOWN)) console.log(`    ${seconds(file.seconds).padStart(8)}  ${file.name}`);
if (over.length > SHOWN) console.log(`    ... and ${over.length - SHOWN} more`);
