#!/usr/bin/env node
// Where the server's start-up time goes, piece by piece, to read beside the start-up
// figure of scripts/check-budgets.mjs. Each piece is timed in a fresh child process,
// the same work the server does before it answers /api/health:
//   1. node itself: spawn to exit of `node -e 0`
//   2. opening PGlite (WASM PostgreSQL) on an existing data folder, plus one query
//   3. gzip -9 + brotli (default quality 11) of every prerendered page and the app shell,
//      which apps/server/src/plugins/web-app.ts does at start-up
// and, to read beside the server's RSS at rest, the resident memory of a bare Node process
// before and after opening PGlite (~2 s idle), in MB of 1 048 576 bytes like VmRSS / 1024.
// It builds nothing: run `npm run build` first. Takes the median of --runs (default 3).
//
//   node scripts/benchmarks/startup-breakdown.mjs [--runs 3]

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  PRERENDER_DIR,
  ROOT,
  WEB_DIST,
  loadNote,
  machineSummary,
  makeTempDir,
  median,
  onCleanup,
  printTable,
  requireBuild,
} from './lib.mjs';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(options.runs));
requireBuild([path.join(PRERENDER_DIR, 'manifest.json'), path.join(WEB_DIST, 'index.html')]);

console.log(`Start-up breakdown on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}`);
console.log(`${loadNote('at start')}\n`);

const dataDir = makeTempDir('testerhub-startup-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs an ES module snippet in a fresh node (cwd = repo root) and returns its stdout as JSON. */
function child(source) {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8' }));
}

function timeNode() {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, ['-e', '0']);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const pgliteSource = `
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const { PGlite } = await import('@electric-sql/pglite');
const t1 = performance.now();
const db = new PGlite(${JSON.stringify(dataDir)});
await db.waitReady;
const t2 = performance.now();
await db.query('select 1');
const t3 = performance.now();
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = process.memoryUsage().rss;
await db.close();
console.log(JSON.stringify({ importMs: t1 - t0, openMs: t2 - t1, queryMs: t3 - t2, nodeRssMb: rssBefore / 1048576, pgliteRssMb: rssAfter / 1048576 }));
`;

const compressSource = `
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
const files = [path.join(${JSON.stringify(WEB_DIST)}, 'index.html'), ...Object.values(JSON.parse(fs.readFileSync(path.join(${JSON.stringify(PRERENDER_DIR)}, 'manifest.json'), 'utf8'))).map((file) => path.join(${JSON.stringify(PRERENDER_DIR)}, file))];
const pages = files.map((file) => fs.readFileSync(file));
const t0 = performance.now();
for (const page of pages) zlib.gzipSync(page, { level: 9 });
const t1 = performance.now();
for (const page of pages) zlib.brotliCompressSync(page);
const t2 = performance.now();
console.log(JSON.stringify({ pages: pages.length, bytes: pages.reduce((sum, page) => sum + page.length, 0), gzipMs: t1 - t0, brotliMs: t2 - t1 }));
`;

// Create the folder once (initdb), so the timed runs open an existing one as the server does.
const created = child(pgliteSource);
console.log(`PGlite first open (creates the folder): ${created.openMs.toFixed(0)} ms (not counted)\n`);

const samples = [];
for (let index = 0; index < runs; index += 1) {
  const pglite = child(pgliteSource);
  const compress = child(compressSource);
  samples.push({ nodeMs: timeNode(), ...pglite, ...compress });
}
const pick = (key) => median(samples.map((sample) => sample[key]));
printTable(
  ['piece', `median of ${runs} (ms)`],
  [
    ['node spawn to exit (`node -e 0`)', pick('nodeMs').toFixed(0)],
    ['import @electric-sql/pglite', pick('importMs').toFixed(0)],
    ['PGlite open, existing folder', pick('openMs').toFixed(0)],
    ['PGlite first query (select 1)', pick('queryMs').toFixed(0)],
    [`gzip -9 of ${samples[0].pages} pages (${(samples[0].bytes / 1000).toFixed(0)} KB)`, pick('gzipMs').toFixed(0)],
    [`brotli q11 of ${samples[0].pages} pages`, pick('brotliMs').toFixed(0)],
  ],
);
console.log('');
printTable(
  ['memory', `median of ${runs} (MB RSS)`],
  [
    ['bare node process', pick('nodeRssMb').toFixed(0)],
    ['same, PGlite open on the existing folder, ~2 s idle', pick('pgliteRssMb').toFixed(0)],
  ],
);
console.log(`\n${loadNote('at end')}`);
