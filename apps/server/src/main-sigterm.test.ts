import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAIN_MS, parseLogLines, shutdownTestEnv } from '../test/main-starts.ts';
import {
  collectResponse,
  delay,
  getJson,
  PROCESS_TEST_TIMEOUT_MS,
  SERVER_HOST as HOST,
  serverDataFolder,
  serverProcesses,
  waitForStatus,
} from '../test/server-process.ts';

/**
 * Graceful shutdown of the real entry point (main.ts) on SIGTERM, as its own process started from
 * the server tests' bundle, over a data folder filled from their template (serverDataFolder). SIGINT
 * is main-sigint.test.ts; several instances on one PostgreSQL, main-instances.test.ts.
 */

const servers = serverProcesses();
const folder = serverDataFolder('testerhub-sigterm-', { database: true });

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

describe('graceful shutdown (main.ts)', () => {
  it(
    'on SIGTERM refuses new connections, finishes the request in flight with 200, logs "shut down cleanly" and exits 0',
    async () => {
      const server = await servers.startServer(shutdownTestEnv(folder));

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
    PROCESS_TEST_TIMEOUT_MS,
  );
});

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
