import { afterEach, describe, expect, it } from 'vitest';
import { parseLogLines, shutdownTestEnv } from '../test/main-starts.ts';
import { getJson, PROCESS_TEST_TIMEOUT_MS, serverDataFolder, serverProcesses } from '../test/server-process.ts';

/**
 * Shutdown of the real entry point (main.ts) on SIGINT, as its own process started from the server
 * tests' bundle, over a data folder filled from their template (serverDataFolder). A second start
 * over a folder a first one stopped with SIGINT: restart-keys.test.ts.
 */

const servers = serverProcesses();
const folder = serverDataFolder('testerhub-sigint-', { database: true });

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

describe('graceful shutdown (main.ts)', () => {
  it(
    'on SIGINT logs "shut down cleanly" and exits 0',
    async () => {
      const server = await servers.startServer(shutdownTestEnv(folder));
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
    PROCESS_TEST_TIMEOUT_MS,
  );
});
