import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { startSmtpCapture } from './support/smtp-capture';

/**
 * End-to-end tests against the production build (GUIDE section 6). The npm script
 * `test:e2e` builds first; this file only starts the built server on a fresh database.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Where the traces and the HTML report go: the repository root unless E2E_RESULTS_DIR names a folder,
// as .ci/run does for the PostgreSQL smoke set that runs beside the PGlite suite (each run empties
// its own test-results folder when it starts).
const resultsRoot = process.env.E2E_RESULTS_DIR ? path.resolve(repoRoot, process.env.E2E_RESULTS_DIR) : repoRoot;

// The config is loaded by the runner and again by every worker: the data folder is made
// once, in the runner, and handed down through the environment.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

// The page states axe found clean in this run, shared by the workers (fixtures.ts expectNoAxeViolations).
if (!process.env.E2E_AXE_DIR) {
  const axeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-e2e-axe-'));
  process.env.E2E_AXE_DIR = axeDir;
  process.on('exit', () => fs.rmSync(axeDir, { recursive: true, force: true }));
}

const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: process.env.E2E_DATA_DIR,
};
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;

// E-mail goes over real SMTP to a capture server run here, in the runner, once (like the data
// folder): each message lands as an .eml file in E2E_MAIL_DIR, which the tests read
// (support/mailbox.ts). E2E_SMTP_PORT picks the port; otherwise a free one is taken.
if (!process.env.E2E_MAIL_DIR) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-e2e-mail-'));
  const capture = await startSmtpCapture(mailDir, Number(process.env.E2E_SMTP_PORT ?? 0));
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_PORT = String(capture.port);
  process.on('exit', () => fs.rmSync(mailDir, { recursive: true, force: true }));
}
if (process.env.E2E_SMTP_PORT) serverEnv.SMTP_URL = `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`;
// E-mailed links are built from PUBLIC_URL: the address the browser uses.
serverEnv.PUBLIC_URL = baseURL;
// Every test comes from 127.0.0.1: room for the whole suite, while the limits stay on. The staff
// set-up's limit is three times this per address a window: every staff test's sign-in spends two of it
// (decision 146), and at 50 the suite's last staff tests met its 429 in CI.
serverEnv.LOGIN_ATTEMPTS_PER_WINDOW = '100';
// The server's test-support routes (decision 014), behind a secret made once per run in the
// runner and handed down like the folders above: the fixtures make testers and sessions with them.
process.env.E2E_TEST_SUPPORT_SECRET ??= randomBytes(32).toString('base64url');
serverEnv.TEST_SUPPORT_SECRET = process.env.E2E_TEST_SUPPORT_SECRET;
// A production start refuses to run without its signing keys (issue 29): made once per run like the secret above.
for (const variable of ['DEVICE_COOKIE_SECRET', 'STUDY_LINK_SECRET', 'STAFF_TOTP_KEY']) {
  process.env[`E2E_${variable}`] ??= randomBytes(32).toString('base64url');
  serverEnv[variable] = process.env[`E2E_${variable}`] as string;
}

// The server's second listener on a clock the tests set (decision 042; support/server-clock.ts):
// the same process and database, so it starts with the first. E2E_CLOCK_PORT picks its port;
// otherwise the runner takes a free one once and hands it down like the folders above.
if (!process.env.E2E_CLOCK_PORT) process.env.E2E_CLOCK_PORT = String(await freePort());
serverEnv.TEST_CLOCK_PORT = process.env.E2E_CLOCK_PORT;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/** Whether the command names spec files (then a project dependency would still run its whole project). */
const namedSpecFiles = process.argv.some((argument) => /\.spec\.ts(:\d+)*$/.test(argument));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // staff-settings.spec.ts changes figures every tester sees (the spin's cost, a calendar day): in
  // a whole-suite run it runs alone, after the rest (decision 056). A dependency runs whole even
  // when files are named, so a run of named files leaves it out (do not name it beside winners.spec.ts).
  // The tests whose title ends in @postgres are the smoke set CI runs again on PostgreSQL
  // (`npm run test:e2e:postgres-smoke`, decision 081): tag a test there when what it checks depends
  // on the database (concurrency, LISTEN/NOTIFY, locks, jobs, the session cache). Tag none in
  // staff-settings.spec.ts: its project's dependency runs whole, so the set would become the suite.
  projects: [
    { name: 'chromium', testIgnore: 'staff-settings.spec.ts' },
    { name: 'site-wide-settings', testMatch: 'staff-settings.spec.ts', dependencies: namedSpecFiles ? [] : ['chromium'] },
  ],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Three workers on 2 cores. The suite is CPU-bound, not waiting: Chromium's processes take about
  // three quarters of its CPU (decision 107); five workers were no faster under load than three.
  // The whole suite on a quiet machine: 5.9 minutes with three, about 7 with two (docs/benchmarks.md).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // Generous: the 2-core machine is often busy with other builds and tests.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: path.join(resultsRoot, 'playwright-report') }]] : 'list',
  outputDir: path.join(resultsRoot, 'test-results'),
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      // Debian's chromium-headless-shell: the same engine as /usr/bin/chromium without the browser's
      // own UI processes; the suite ran about a third faster with it (docs/benchmarks.md).
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    viewport: { width: 1280, height: 800 },
    // Decorative endless animations (the theme drift, the hero shapes) cost headless Chromium more
    // than a core in software compositing even on an idle page. The suite browses as a user who
    // asked for reduced motion, which the site honours; the tests about motion ask for it back.
    reducedMotion: 'reduce',
    // Kept for a failed test: its actions with their timings, call logs and errors, and the sources;
    // beside it Playwright's error-context.md holds the failed page's accessibility snapshot. Without
    // the screencast: a trace's screenshots stream JPEG frames of every page of every test (passing
    // ones too, whose traces are thrown away), about a quarter of the suite's CPU (decision 107).
    // Without DOM snapshots (and so without the network log, which Playwright records only with
    // them): the page copied before and after every action of every test, 5 to 13 % of the CPU of
    // the specs measured (decision 146). `--trace retain-on-failure` on the command line brings both
    // back for a run, with the screencast. E2E_TRACE=off records none: .ci/run's choice (decision 157),
    // whose only record is its printed log, which names a failure's assertion and line in any case.
    trace: { mode: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    env: serverEnv,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A first start creates, migrates and seeds the database: about 10 s on a quiet machine, but
    // up to 100 s was seen on PGlite with the 2 cores loaded by other work.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
