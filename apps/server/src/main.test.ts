import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, databaseUrl, quoteIdent } from '../test/database-names.ts';
import { collectResponse, delay, getJson, SERVER_HOST as HOST, serverProcesses, waitForStatus } from '../test/server-process.ts';
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

const servers = serverProcesses();
let tempDir: string;
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

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

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

/** Starts main.ts in production on this file's data folder and waits until /api/health answers 200. */
function startServer(extraEnv: Record<string, string> = {}) {
  return servers.startServer({
    NODE_ENV: 'production',
    DATA_DIR: tempDir,
    WEB_DIST_DIR: path.join(tempDir, 'web'),
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    READY_DRAIN_MS: String(DRAIN_MS),
    DEVICE_COOKIE_SECRET: PRODUCTION_KEY,
    STUDY_LINK_SECRET: PRODUCTION_KEY,
    STAFF_TOTP_KEY: PRODUCTION_KEY,
    ...extraEnv,
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

function parseLogLines(stdout: string): LogLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
