import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_KEY_FILES, PRODUCTION_KEY, restartTestEnv } from '../test/main-starts.ts';
import { PROCESS_TEST_TIMEOUT_MS, serverDataFolder, serverProcesses, type RunningServer } from '../test/server-process.ts';

/**
 * Issue 29 through the real entry point (main.ts, decision 103), as its own process started from the
 * server tests' bundle: production refuses to start without its signing keys in the environment,
 * even where DATA_DIR holds the keys a development start kept there (restart-keys.test.ts).
 */

const servers = serverProcesses();
// It stops at its configuration, before any database: the folder needs none.
const folder = serverDataFolder('testerhub-restart-production-', { database: false });

// What a development start leaves there (restart-keys.test.ts): production does not fall back on it.
beforeAll(() => {
  for (const file of KEPT_KEY_FILES)
    fs.writeFileSync(path.join(folder.dir, file), `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
});

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

/** How a start that should be refused went: startServer's error, with the exit code and the output. */
function outcome(start: PromiseSettledResult<RunningServer>): string {
  return start.status === 'rejected' ? String(start.reason) : 'it started and answered /api/health';
}

describe('signing keys across a restart (main.ts, decision 103)', () => {
  it(
    'a production start without STUDY_LINK_SECRET exits 1 naming it, though DATA_DIR holds a kept key; without any key it names all three',
    async () => {
      // startServer fails at once with the exit code and the output when the process ends before it answers.
      const [oneMissing, allMissing] = await Promise.allSettled([
        servers.startServer(restartTestEnv(folder, 'production', { DEVICE_COOKIE_SECRET: PRODUCTION_KEY, STAFF_TOTP_KEY: PRODUCTION_KEY })),
        servers.startServer(restartTestEnv(folder, 'production')),
      ]);
      expect(outcome(oneMissing)).toMatch(
        /exited during start-up with code 1\n\s*Invalid configuration:\n {2}STUDY_LINK_SECRET: required in production, the same value on every instance, 32 characters or more/,
      );
      expect(outcome(allMissing)).toMatch(
        /exited during start-up with code 1\n\s*Invalid configuration:\n {2}DEVICE_COOKIE_SECRET, STUDY_LINK_SECRET, STAFF_TOTP_KEY: required in production/,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
