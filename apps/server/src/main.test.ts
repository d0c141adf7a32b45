import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, databaseUrl, quoteIdent } from '../test/database-names.ts';
import { createTestDatabase, pgliteTemplate } from '../test/test-app.ts';
import { migrationsHead, openPglite, pgliteDataDir } from './core/db/client.ts';

/**
 * Graceful shutdown of the real entry point (main.ts), run from source with tsx as its own
 * process, so no build is needed. Both starts open a PGlite folder filled beforehand from the
 * server tests' migrated and seeded template (about a second), as a start after the first does:
 * creating and migrating a new one took 20 s on a busy machine and over 150 s under a load of 20.
 * A start on a new folder is what every browser test run does (e2e/playwright.config.ts). On a
 * PostgreSQL run both starts use a copy of its migrated and seeded template database instead
 * (decision 095): there is no PGlite template there, and a folder made from nothing took most of
 * the file's 60 s in CI; the PGlite run proves the same on PGlite.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 180_000;
const TEST_TIMEOUT_MS = 240_000;
/** READY_DRAIN_MS of the servers here: long enough to ask /api/ready and /api/health on a busy machine. */
const DRAIN_MS = 3000;
/** A production start needs its signing keys (core/config/secrets.ts). */
const PRODUCTION_KEY = 'a-production-key-of-the-start-tests-0123456789';

interface LogLine {
  level: number;
  msg: string;
  signal?: string;
  url?: string;
  statusCode?: number;
}

interface RunningServer {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

let tempDir: string;
let running: RunningServer[] = [];
/** Where the shutdown tests' starts keep their data: the PGlite folder in tempDir, or a PostgreSQL copy. */
let shutdownDatabase: { env: Record<string, string>; dispose: () => Promise<void> } = { env: {}, dispose: async () => undefined };

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-shutdown-'));
  // An empty web folder: the server serves the API only, whatever state apps/web/dist is in.
  fs.mkdirSync(path.join(tempDir, 'web'));
  const template = inject('testDatabase');
  if (template?.kind === 'pglite') {
    const copy = await openPglite({ dataDir: pgliteDataDir(tempDir), loadDataDir: pgliteTemplate() });
    await copy.close();
  } else {
    const copy = await createTestDatabase();
    // The servers open their own connections; the copy's is not needed.
    await copy.database.close();
    shutdownDatabase = { env: { DATABASE_URL: copy.url! }, dispose: copy.dispose };
  }
});

afterEach(async () => {
  // A failed test must not leave its servers running.
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  running = [];
});

afterAll(async () => {
  await shutdownDatabase.dispose();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

describe('graceful shutdown (main.ts)', () => {
  it(
    'on SIGTERM refuses new connections, finishes the request in flight with 200, logs "shut down cleanly" and exits 0',
    async () => {
      const server = await startServer(shutdownDatabase.env);

      // The request goes out with its headers and half its body. Expect: 100-continue makes the
      // server answer "100 Continue" when it hands the request to Fastify, which is past Fastify's
      // check for "closing" (a 503): from then on the request is in flight, waiting for its body.
      const body = JSON.stringify({ username: 'DemoTester1', email: '' });
      const half = Math.floor(body.length / 2);
      const request = http.request({
        host: HOST,
        port: server.port,
        method: 'POST',
        path: '/api/account/IsInfoExist',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      });
      const response = collectResponse(request);
      // Should an assertion below fail first, the reset of this request is not reported as well.
      response.catch(() => undefined);
      await new Promise<void>((resolve, reject) => {
        request.once('continue', resolve);
        request.once('error', reject);
        request.flushHeaders();
      });
      request.write(body.slice(0, half));

      expect(server.child.kill('SIGTERM')).toBe(true);

      // During the drain the port still answers: readiness says 503 at once (a proxy takes the
      // instance out), liveness still 200, and only then does the listener close.
      const readyDuringDrain = await waitForStatus(server.port, '/api/ready', 503, 10_000);
      expect(readyDuringDrain).toEqual({
        statusCode: 503,
        body: { status: 'unavailable', database: 'up', migrations: 'current', draining: true },
      });
      expect(await getJson(server.port, '/api/health')).toEqual({ statusCode: 200, body: { status: 'ok' } });

      // The listening socket closes: a new connection is refused while the old one stays open.
      expect(await waitForRefusedConnection(server.port, 10_000)).toBe('ECONNREFUSED');
      await delay(300);
      expect(server.child.exitCode).toBeNull();

      request.end(body.slice(half));
      const answer = await response;
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ isExists1: true, isExists2: false });

      const exit = await server.exited;
      expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
      expect(exit.stderr).not.toContain('shutdown took too long');

      const lines = parseLogLines(exit.stdout);
      const drainStarted = lines.findIndex((line) => line.msg === 'not ready: draining before the listener closes');
      const shuttingDown = lines.findIndex((line) => line.msg === 'shutting down: no new connections, finishing requests in flight');
      const finished = lines.findIndex((line) => line.msg === 'request' && line.url === '/api/account/IsInfoExist');
      const clean = lines.findIndex((line) => line.msg === 'shut down cleanly');
      expect(lines[shuttingDown]).toMatchObject({ level: 30, signal: 'SIGTERM' });
      expect(lines[finished]).toMatchObject({ statusCode: 200 });
      expect(lines[clean]).toMatchObject({ level: 30, signal: 'SIGTERM' });
      expect(lines[drainStarted]).toMatchObject({ level: 30, signal: 'SIGTERM', drainMs: DRAIN_MS });
      // The drain came first; the request was answered after the shutdown began and before it ended.
      expect(drainStarted).toBeLessThan(shuttingDown);
      expect(shuttingDown).toBeLessThan(finished);
      expect(finished).toBeLessThan(clean);
      // At info the log keeps changes and failures, not each successful read (decision 011):
      // the health polls that waited for the start are not there, nor the readiness answers (503 included).
      expect(lines.filter((line) => line.msg === 'request' && line.url === '/api/health')).toEqual([]);
      expect(lines.filter((line) => line.msg === 'request' && line.url === '/api/ready')).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'on SIGINT logs "shut down cleanly" and exits 0 (second start over the same data folder)',
    async () => {
      const server = await startServer(shutdownDatabase.env);
      const before = await getJson(server.port, '/api/health');
      expect(before).toEqual({ statusCode: 200, body: { status: 'ok' } });
      expect(await getJson(server.port, '/api/ready')).toEqual({
        statusCode: 200,
        body: { status: 'ready', database: 'up', migrations: 'current', draining: false },
      });
      // A failed read is logged at info (decision 011).
      expect((await getJson(server.port, '/api/account/GetPKTesterInfo')).statusCode).toBe(401);

      expect(server.child.kill('SIGINT')).toBe(true);
      const exit = await server.exited;
      expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
      expect(exit.stderr).not.toContain('shutdown took too long');

      const lines = parseLogLines(exit.stdout);
      expect(lines.find((line) => line.msg === 'shutting down: no new connections, finishing requests in flight')).toMatchObject({
        signal: 'SIGINT',
      });
      expect(lines.find((line) => line.msg === 'shut down cleanly')).toMatchObject({ level: 30, signal: 'SIGINT' });
      // Ctrl-C in a terminal: no proxy to drain for.
      expect(lines.find((line) => line.msg === 'not ready: draining before the listener closes')).toBeUndefined();
      expect(lines.find((line) => line.msg === 'request' && line.url === '/api/account/GetPKTesterInfo')).toMatchObject({
        level: 30,
        statusCode: 401,
      });
    },
    TEST_TIMEOUT_MS,
  );
});

describe.skipIf(inject('testDatabase')?.kind !== 'postgres')('several instances on one PostgreSQL (main.ts)', () => {
  it(
    'three instances started at once on a new database migrate it once, all turn ready, and all exit 0 on SIGTERM',
    async () => {
      const provided = inject('testDatabase') as { serverUrl: string; copyPrefix: string };
      const name = `${provided.copyPrefix}start_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl(provided.serverUrl) });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
        const url = databaseUrl(provided.serverUrl, name);
        // Each instance its own DATA_DIR, as on its own machine; the one database.
        const servers = await Promise.all(
          [0, 1, 2].map((index) => startServer({ DATABASE_URL: url, DATA_DIR: path.join(tempDir, `instance-${index}`) })),
        );
        for (const server of servers) {
          expect(await waitForStatus(server.port, '/api/ready', 200, 60_000)).toEqual({
            statusCode: 200,
            body: { status: 'ready', database: 'up', migrations: 'current', draining: false },
          });
        }

        const database = new pg.Client({ connectionString: url });
        await database.connect();
        try {
          const { rows } = await database.query<{ applied: string; distinct: string; latest: string }>(
            'SELECT count(*) AS applied, count(DISTINCT created_at) AS distinct, max(created_at) AS latest FROM drizzle.__drizzle_migrations',
          );
          expect(Number(rows[0]!.applied)).toBe(Number(rows[0]!.distinct));
          expect(Number(rows[0]!.latest)).toBe(migrationsHead());
        } finally {
          await database.end();
        }

        for (const server of servers) expect(server.child.kill('SIGTERM')).toBe(true);
        for (const server of servers) {
          const exit = await server.exited;
          expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        await admin.end();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

/** Starts `node --import tsx src/main.ts` on a free port and waits until /api/health answers 200. */
async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // A complete environment of its own: nothing from the test run (DATABASE_URL, SMTP_URL, NODE_OPTIONS, ...) leaks in.
  const env = {
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: tempDir,
    WEB_DIST_DIR: path.join(tempDir, 'web'),
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    READY_DRAIN_MS: String(DRAIN_MS),
    DEVICE_COOKIE_SECRET: PRODUCTION_KEY,
    STUDY_LINK_SECRET: PRODUCTION_KEY,
    STAFF_TOTP_KEY: PRODUCTION_KEY,
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close' comes after the process has exited and its output has been read to the end.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  const server = { child, port, exited };
  running.push(server);

  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) {
      const exit = await exited;
      throw new Error(`server exited during start-up with code ${exit.code}\n${exit.stderr}\n${exit.stdout}`);
    }
    const health = await getJson(port, '/api/health').catch(() => undefined);
    if (health?.statusCode === 200) return server;
    await delay(200);
  }
  throw new Error(`server did not answer /api/health within ${START_TIMEOUT_MS} ms\n${stderr}\n${stdout}`);
}

/** Asks `urlPath` until it answers `status`; that answer, or the last one at the deadline. */
async function waitForStatus(port: number, urlPath: string, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await getJson(port, urlPath);
    if (answer.statusCode === status || Date.now() > deadline) return answer;
    await delay(20);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Tries new connections until one is refused; the error code, or 'still accepting' at the deadline. */
async function waitForRefusedConnection(port: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: HOST, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    // ECONNRESET: the probe reached the backlog just as the listener closed; try again until refused.
    if (outcome !== 'connected' && outcome !== 'ECONNRESET') return outcome;
    if (Date.now() > deadline) return 'still accepting';
    await delay(50);
  }
}

function collectResponse(
  request: http.ClientRequest,
): Promise<{ statusCode: number | undefined; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ statusCode: response.statusCode, headers: response.headers, body }));
      response.once('error', reject);
    });
  });
}

async function getJson(port: number, urlPath: string): Promise<{ statusCode: number | undefined; body: unknown }> {
  const request = http.request({ host: HOST, port, method: 'GET', path: urlPath, agent: false, timeout: 5000 });
  request.once('timeout', () => request.destroy(new Error('timed out')));
  const response = collectResponse(request);
  request.end();
  const { statusCode, body } = await response;
  return { statusCode, body: JSON.parse(body) as unknown };
}

function parseLogLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
