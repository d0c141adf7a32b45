#!/usr/bin/env node
// Checks the front-end budgets of docs GUIDE section 8 against the current build (`npm run budgets:front-end`;
// `npm run budgets` is the speed guards, scripts/benchmarks/speed-budgets.ts).
// It builds nothing: run `npm run build` first.
//
//   (a) home page first-load JavaScript, KB gzipped (level 9):    budget <= 80 KB (issue 27)
//       = every <script type="module" src> and <link rel="modulepreload" href> of
//         apps/web/dist-prerender/index.html (the HTML the server sends for /)
//   (a') the staff console's first-load JavaScript at /staff, KB gzipped:  budget <= 150 KB (issue 27),
//        and react-dom/server not in it (scripts/benchmarks/staff-first-load.mjs says what is counted)
//   (b) Lighthouse, default mobile emulation, on http://127.0.0.1:PORT/, median of 3 runs:
//       performance >= 95, accessibility = 100
//   (c) start-up time: spawn of `node apps/server/dist/main.js` to the first 200 of
//       GET /api/health (polled every 20 ms) on an existing, already seeded data folder
//   (d) resident memory (VmRSS) of the server after start-up and ~2 s idle
//
// (c) and (d) are recorded, not budgeted. Exit code: 0 all budgets met, 1 a budget
// missed, 2 could not measure (missing build, server or Chromium failing).
//
// Options: --runs N (Lighthouse runs, default 3), --startup-runs N (restarts on the
// existing folder, default 3; the median is reported), --json FILE (write all figures),
// --reports DIR (keep the Lighthouse JSON reports), --chrome PATH (default
// $CHROME_PATH or /usr/bin/chromium).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import {
  PRERENDER_DIR,
  ROOT,
  SERVER_ENTRY,
  WEB_DIST,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  median,
  onCleanup,
  printTable,
  requireBuild,
  residentMemoryMb,
  sleep,
  startServer,
  stopChild,
  track,
  waitForHealth,
} from './benchmarks/lib.mjs';
import { staffFirstLoad } from './benchmarks/staff-first-load.mjs';

// The home page's first load: GUIDE section 8 said 100 KB, issue 27 asks 80 (met since decision 110).
const BUDGET = { firstLoadJsKb: 80, staffFirstLoadJsKb: 150, performance: 95, accessibility: 100 };
const KB = 1000; // kB as Vite and Lighthouse print them (1 KB = 1000 bytes); the stricter reading of "100 KB"

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'startup-runs': { type: 'string', default: '3' },
    json: { type: 'string' },
    reports: { type: 'string' },
    chrome: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
  },
});
const lighthouseRuns = Math.max(1, Number(options.runs));
const startupRuns = Math.max(1, Number(options['startup-runs']));
const HOME_HTML = path.join(PRERENDER_DIR, 'index.html');

requireBuild([HOME_HTML, path.join(WEB_DIST, 'index.html'), SERVER_ENTRY]);
if (!fs.existsSync(options.chrome)) {
  console.error(`Chromium not found at ${options.chrome} (set --chrome or CHROME_PATH).`);
  process.exit(2);
}

console.log(`Budgets for the build in ${path.relative(process.cwd(), ROOT) || '.'} on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}`);
console.log(`${loadNote('at start')}\n`);

// ---------------------------------------------------------------- (a) first-load JS

function attributes(tag) {
  const result = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    result[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return result;
}

function firstLoadJavaScript() {
  const html = fs.readFileSync(HOME_HTML, 'utf8');
  const urls = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(7, -1));
    if (attrs.type === 'module' && attrs.src) urls.add(attrs.src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(5, -1));
    if ((attrs.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && attrs.href) urls.add(attrs.href);
  }
  const files = [];
  for (const url of urls) {
    if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) throw new Error(`external script on the home page: ${url}`);
    const relative = url.split(/[?#]/)[0].replace(/^\/+/, '');
    const file = path.join(WEB_DIST, relative);
    if (!fs.existsSync(file)) throw new Error(`home page references ${url} but ${path.relative(ROOT, file)} does not exist`);
    const raw = fs.readFileSync(file);
    files.push({ url, rawBytes: raw.length, gzipBytes: zlib.gzipSync(raw, { level: 9 }).length });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { files, gzipBytes, kb: gzipBytes / KB };
}

const js = firstLoadJavaScript();
console.log('(a) Home page first-load JavaScript (apps/web/dist-prerender/index.html):');
printTable(
  ['file', 'raw KB', 'gzip-9 KB'],
  js.files.map((file) => [file.url, (file.rawBytes / KB).toFixed(1), (file.gzipBytes / KB).toFixed(1)]),
);
console.log(`total ${js.kb.toFixed(1)} KB gzipped (${js.gzipBytes} bytes)\n`);

const staffJs = staffFirstLoad(WEB_DIST);
const staffJsMet = staffJs.kb <= BUDGET.staffFirstLoadJsKb && !staffJs.carriesReactDomServer;
console.log("(a') The staff console's first-load JavaScript at /staff (entry, console chunk, home section):");
printTable(
  ['file', 'raw KB', 'gzip-9 KB'],
  staffJs.files.map((file) => [file.file, (file.rawBytes / KB).toFixed(1), (file.gzipBytes / KB).toFixed(1)]),
);
console.log(
  `total ${staffJs.kb.toFixed(1)} KB gzipped (${staffJs.gzipBytes} bytes); react-dom/server ${staffJs.carriesReactDomServer ? 'IN it' : 'not in it'}\n`,
);

// ---------------------------------------------------------------- server, first start

const dataDir = makeTempDir('testerhub-budgets-');
const logFile = path.join(dataDir, '..', `${path.basename(dataDir)}.log`);
onCleanup(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(logFile, { force: true });
});
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

async function startAndWait() {
  const { child, spawnedAt } = startServer({ port, dataDir, logFile });
  try {
    const healthyAt = await waitForHealth({ port, child, intervalMs: 20 });
    return { child, ms: Number(healthyAt - spawnedAt) / 1e6 };
  } catch (error) {
    await stopChild(child);
    console.error(`Server failed: ${error.message}\n--- server log (${logFile}) ---`);
    console.error(fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '(none)');
    process.exit(2);
  }
}

console.log(`Starting the server on a fresh data folder ${dataDir} (port ${port})...`);
const first = await startAndWait();
console.log(`first start (create, migrate, seed) healthy after ${first.ms.toFixed(0)} ms\n`);

// ---------------------------------------------------------------- (b) Lighthouse

const requireFromLighthouse = createRequire(path.join(ROOT, 'node_modules/lighthouse/package.json'));
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import(pathToFileURL(requireFromLighthouse.resolve('chrome-launcher')).href);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Audits that cost points in a category, heaviest first. */
function lostPoints(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue ?? '',
      lost: ((1 - audit.score) * ref.weight * 100) / totalWeight,
      items: (audit.details?.items ?? []).slice(0, 5).map((item) => item.node?.selector ?? item.url ?? item.label ?? ''),
    }))
    .sort((a, b) => b.lost - a.lost);
}

/** Opportunities and diagnostics that flag something, for the reader (no weight in the score). */
function flaggedDiagnostics(lhr) {
  return lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight === 0 && ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

async function runLighthouse(index) {
  // Our own profile folder, so that it is removed even when this script is interrupted.
  const userDataDir = makeTempDir('testerhub-budgets-chrome-');
  const removeProfile = onCleanup(() => fs.rmSync(userDataDir, { recursive: true, force: true }));
  const chrome = await chromeLauncher.launch({
    chromePath: options.chrome,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  if (chrome.process) track(chrome.process, { group: true });
  try {
    const result = await lighthouse(`${origin}/`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (options.reports) {
      fs.mkdirSync(options.reports, { recursive: true });
      fs.writeFileSync(path.join(options.reports, `lighthouse-${index + 1}.json`), result.report);
    }
    const metric = (id) => lhr.audits[id]?.numericValue;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      metrics: {
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        siMs: metric('speed-index'),
      },
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      warnings: lhr.runWarnings ?? [],
      lostPerformance: lostPoints(lhr, 'performance'),
      lostAccessibility: lostPoints(lhr, 'accessibility'),
      diagnostics: flaggedDiagnostics(lhr),
    };
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    removeProfile();
  }
}

// Warm the server (JIT, file cache) before the measured loads.
for (const url of [`${origin}/`, `${origin}/api/reward/GetFaqs`]) await (await fetch(url)).arrayBuffer();

console.log(
  `(b) Lighthouse ${requireFromLighthouse('./package.json').version}, default mobile emulation, ${origin}/, ${lighthouseRuns} run(s):`,
);
// A run can fail on its own (e.g. NO_NAVSTART when the trace misses the navigation on a
// busy machine): such a run is retried with a fresh Chromium, up to 3 attempts.
const ATTEMPTS = 3;
const runs = [];
for (let index = 0; index < lighthouseRuns; index += 1) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      runs.push(await runLighthouse(index));
      break;
    } catch (error) {
      console.error(`Lighthouse run ${index + 1}, attempt ${attempt} failed: ${error.message}`);
      if (attempt === ATTEMPTS) process.exit(2);
    }
  }
}
printTable(
  ['run', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'CPU benchmark'],
  runs.map((run, index) => [
    index + 1,
    run.performance,
    run.accessibility,
    run.metrics.fcpMs?.toFixed(0),
    run.metrics.lcpMs?.toFixed(0),
    run.metrics.tbtMs?.toFixed(0),
    run.metrics.cls?.toFixed(3),
    run.metrics.siMs?.toFixed(0),
    run.benchmarkIndex?.toFixed(0),
  ]),
);
const performanceScore = median(runs.map((run) => run.performance));
const accessibilityScore = Math.min(...runs.map((run) => run.accessibility));
const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`warning: ${warning}`);
if (medianRun.lostPerformance.length) {
  console.log('performance points lost (median run):');
  for (const audit of medianRun.lostPerformance)
    console.log(`  -${audit.lost.toFixed(1)}  ${audit.id}  ${audit.displayValue}  (score ${audit.score})`);
}
if (medianRun.diagnostics.length) console.log(`flagged diagnostics (median run): ${medianRun.diagnostics.join(', ')}`);
const a11yFailures = runs.flatMap((run) => run.lostAccessibility);
if (a11yFailures.length) {
  console.log('accessibility audits failed:');
  for (const audit of a11yFailures)
    console.log(`  ${audit.id}: ${audit.title}${audit.items.length ? ` -> ${audit.items.join(' | ')}` : ''}`);
}
console.log('');

await stopChild(first.child);

// ---------------------------------------------------------------- (c) start-up, (d) RSS

console.log(`(c, d) ${startupRuns} start(s) on the existing data folder (already created and seeded):`);
const starts = [];
for (let index = 0; index < startupRuns; index += 1) {
  const { child, ms } = await startAndWait();
  await sleep(2_000);
  const rssMb = residentMemoryMb(child.pid);
  starts.push({ ms, rssMb });
  await stopChild(child);
}
printTable(
  ['start', 'spawn -> first 200 ms', 'RSS at rest MB'],
  starts.map((start, index) => [index + 2, start.ms.toFixed(0), start.rssMb.toFixed(1)]),
);
const startupMs = median(starts.map((start) => start.ms));
const rssMb = median(starts.map((start) => start.rssMb));
console.log('');

// ---------------------------------------------------------------- summary

const rows = [
  ['home first-load JS (gzip -9)', `${js.kb.toFixed(1)} KB`, `<= ${BUDGET.firstLoadJsKb} KB`, js.kb <= BUDGET.firstLoadJsKb],
  [
    '/staff first-load JS (gzip -9), without react-dom/server',
    `${staffJs.kb.toFixed(1)} KB${staffJs.carriesReactDomServer ? ' with react-dom/server' : ''}`,
    `<= ${BUDGET.staffFirstLoadJsKb} KB`,
    staffJsMet,
  ],
  [
    `Lighthouse mobile performance (median of ${runs.length})`,
    performanceScore,
    `>= ${BUDGET.performance}`,
    performanceScore >= BUDGET.performance,
  ],
  [
    `Lighthouse mobile accessibility (lowest of ${runs.length})`,
    accessibilityScore,
    `= ${BUDGET.accessibility}`,
    accessibilityScore >= BUDGET.accessibility,
  ],
  [`start-up to first 200, existing folder (median of ${starts.length})`, `${startupMs.toFixed(0)} ms`, 'recorded', null],
  [`RSS at rest after ~2 s idle (median of ${starts.length})`, `${rssMb.toFixed(1)} MB`, 'recorded', null],
  ['first start, fresh folder (create + seed)', `${first.ms.toFixed(0)} ms`, 'recorded', null],
];
printTable(
  ['measure', 'value', 'budget', 'result'],
  rows.map(([name, value, budget, ok]) => [name, value, budget, ok === null ? '-' : ok ? 'ok' : 'MISSED']),
);

console.log(`\n${loadNote('at end')}`);
const missed = rows.filter((row) => row[3] === false).map((row) => row[0]);
if (options.json) {
  fs.writeFileSync(
    options.json,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: machineSummary(),
        load: os.loadavg(),
        budgets: BUDGET,
        firstLoadJs: js,
        staffFirstLoadJs: staffJs,
        lighthouse: { performance: performanceScore, accessibility: accessibilityScore, runs },
        firstStartMs: first.ms,
        startupMs,
        rssMb,
        starts,
        missed,
      },
      null,
      2,
    )}\n`,
  );
}
if (missed.length) {
  console.log(`\nBudget missed: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
process.exit(0);
