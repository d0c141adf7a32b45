import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { pgliteDataDir } from '../src/core/db/client.ts';
import { createTestDatabase, unpackPgliteTemplate } from './test-app.ts';

/**
 * The real entry points as their own processes: src/main.ts for the tests of what only a whole start
 * shows (shutdown, main-*.test.ts; keys kept across a restart, restart-*.test.ts), src/migrate.ts for
 * the migrations as a step of their own (core/db/migrate*.test.ts). They run from the bundle the
 * global setup made of this run's source, as `npm run build` makes it: a start over a PGlite folder
 * answered /api/health after 1.2 s, run from source through tsx after 1.9 to 2.3 s (decision 153).
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_HOST = '127.0.0.1';
const START_TIMEOUT_MS = 180_000;
/** Between two asks of a starting server's /api/health: a refused connection costs next to nothing, and a start is seen within this of its listening. */
const START_POLL_MS = 20;
/** A test that starts servers: time-outs catch hangs, and a start under a load of 20 took minutes (vitest.config.ts). */
export const PROCESS_TEST_TIMEOUT_MS = 240_000;
/**
 * The servers, migrate runs and the memory probe start in a session of their own, as under a service
 * manager. This kernel shares the CPU between sessions first (autogroup scheduling, decision 152): in
 * the test run's session a started server shared the two cores with three busy Vitest workers, and
 * the process test files took 1.5 to 2 times their time alone (decision 154).
 */
export const OWN_SESSION = { detached: true } as const;

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  exited: Promise<ServerExit>;
  /** What it has written so far. */
  output: () => { stdout: string; stderr: string };
}

/**
 * The server processes of one test file. Each start gets exactly `env` (nothing of the test run's
 * own environment leaks in: DATABASE_URL, SMTP_URL, NODE_OPTIONS, ...) with HOST and a free PORT.
 * `killAll` in afterEach: a failed test must not leave its servers running.
 */
export function serverProcesses() {
  let running: RunningServer[] = [];

  async function spawnServer(env: Record<string, string>): Promise<RunningServer> {
    const port = await freePort();
    const child = spawn(process.execPath, [serverBundleFile('main.js')], {
      cwd: serverDir,
      env: { ...env, HOST: SERVER_HOST, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...OWN_SESSION,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // 'close' comes after the process has exited and its output has been read to the end.
    const exited = new Promise<ServerExit>((resolve) => {
      child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    });
    const server = { child, port, exited, output: () => ({ stdout, stderr }) };
    running.push(server);
    return server;
  }

  /** Starts main.ts and waits until /api/health answers 200; throws with the exit code and the output if it ends first. */
  async function startServer(env: Record<string, string>): Promise<RunningServer> {
    const server = await spawnServer(env);
    const deadline = Date.now() + START_TIMEOUT_MS;
    let gone = false;
    void server.exited.then(() => (gone = true));
    while (Date.now() < deadline) {
      if (gone) {
        const exit = await server.exited;
        throw new Error(`server exited during start-up with code ${exit.code}\n${exit.stderr}\n${exit.stdout}`);
      }
      const health = await getJson(server.port, '/api/health').catch(() => undefined);
      if (health?.statusCode === 200) return server;
      await delay(START_POLL_MS);
    }
    const { stdout, stderr } = server.output();
    throw new Error(`server did not answer /api/health within ${START_TIMEOUT_MS} ms\n${stderr}\n${stdout}`);
  }

  async function killAll() {
    for (const server of running) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    running = [];
  }

  return { startServer, killAll };
}

export interface ServerDataFolder {
  /** DATA_DIR of the starts (set in beforeAll). */
  dir: string;
  /** DATA_DIR, WEB_DIST_DIR (an empty folder in it) and, on a PostgreSQL run with a database, DATABASE_URL. */
  env: Record<string, string>;
}

/**
 * The data of one test file's server starts, made in its beforeAll and removed in its afterAll: a new
 * DATA_DIR with an empty web folder (the servers serve the API only, whatever state apps/web/dist is
 * in) and, with `database`, the database they open. That is the PGlite folder in DATA_DIR filled
 * beforehand from the server tests' migrated and seeded template (about a second), as a start after
 * the first finds it: creating and migrating a new one took 20 s on a busy machine and over 150 s
 * under a load of 20. On a PostgreSQL run it is a copy of the template database instead (decision
 * 095): there is no PGlite template there, and a folder made from nothing took most of a minute in CI.
 */
export function serverDataFolder(prefix: string, options: { database: boolean }): ServerDataFolder {
  const folder: ServerDataFolder = { dir: '', env: {} };
  let disposeDatabase: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    folder.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    fs.mkdirSync(path.join(folder.dir, 'web'));
    folder.env = { DATA_DIR: folder.dir, WEB_DIST_DIR: path.join(folder.dir, 'web') };
    if (!options.database) return;
    if (inject('testDatabase')?.kind === 'pglite') {
      unpackPgliteTemplate(pgliteDataDir(folder.dir));
    } else {
      const copy = await createTestDatabase();
      // The servers open their own connections; the copy's is not needed.
      await copy.database.close();
      folder.env.DATABASE_URL = copy.url!;
      disposeDatabase = copy.dispose;
    }
  });
  afterAll(async () => {
    await disposeDatabase();
    if (folder.dir) fs.rmSync(folder.dir, { recursive: true, force: true });
  });
  return folder;
}

/** Runs `npm run db:migrate`'s entry file, bundled (migrate.js), with only the given environment; its exit code and output. */
export function runMigrateCommand(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverBundleFile('migrate.js')], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...OWN_SESSION,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** A file of the server bundle the global setup made (main.js, migrate.js, ...). */
export function serverBundleFile(name: string): string {
  return path.join(inject('serverBundle'), name);
}

/** Asks `urlPath` until it answers `status`; that answer, or the last one at the deadline. */
export async function waitForStatus(port: number, urlPath: string, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await getJson(port, urlPath);
    if (answer.statusCode === status || Date.now() > deadline) return answer;
    await delay(20);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, SERVER_HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function collectResponse(
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

export async function getJson(port: number, urlPath: string): Promise<{ statusCode: number | undefined; body: unknown }> {
  const request = http.request({ host: SERVER_HOST, port, method: 'GET', path: urlPath, agent: false, timeout: 5000 });
  request.once('timeout', () => request.destroy(new Error('timed out')));
  const response = collectResponse(request);
  request.end();
  const { statusCode, body } = await response;
  return { statusCode, body: JSON.parse(body) as unknown };
}

/** POSTs `payload` as JSON with `headers`; the status and the parsed answer. */
export async function postJson(
  port: number,
  urlPath: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number | undefined; body: unknown }> {
  const body = JSON.stringify(payload);
  const request = http.request({
    host: SERVER_HOST,
    port,
    method: 'POST',
    path: urlPath,
    agent: false,
    timeout: 5000,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
  });
  request.once('timeout', () => request.destroy(new Error('timed out')));
  const response = collectResponse(request);
  request.end(body);
  const answer = await response;
  return { statusCode: answer.statusCode, body: JSON.parse(answer.body) as unknown };
}

export function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
