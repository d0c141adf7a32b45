import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { postJson, serverProcesses, type RunningServer } from '../test/server-process.ts';
import { createTestDatabase, pgliteTemplate } from '../test/test-app.ts';
import { openPglite, pgliteDataDir } from './core/db/client.ts';

/**
 * Issue 29, defect 2 through the real entry point (main.ts, decision 103): a development start with
 * no signing keys in its environment keeps the ones it makes in DATA_DIR, so a study link e-mailed
 * before a restart is still accepted after it; production refuses to start without them. Both
 * starts open one data folder filled beforehand from the server tests' migrated and seeded
 * template, or on a PostgreSQL run one copy of its template database (as main.test.ts does).
 */

const TEST_TIMEOUT_MS = 240_000;
const TEST_SUPPORT_SECRET = 'a-test-support-secret-of-the-restart-test';
const SUPPORT_HEADERS = { 'x-test-support-secret': TEST_SUPPORT_SECRET };
/** A seeded open study (study-link-seed.ts); a new tester holds no booking in it, so a good link answers 'common'. */
const STUDY_NO = 24106;
const KEPT_KEY_FILES = ['device-cookie-secret', 'study-link-secret', 'staff-totp-key'];
/** A key given in the environment, as production needs. */
const PRODUCTION_KEY = 'a-production-key-of-the-restart-test-0123456789';

const servers = serverProcesses();
let dataDir: string;
/** The database both starts use: the PGlite folder in dataDir, or a PostgreSQL copy. */
let database: { env: Record<string, string>; dispose: () => Promise<void> } = { env: {}, dispose: async () => undefined };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-restart-'));
  // An empty web folder: the server serves the API only, whatever state apps/web/dist is in.
  fs.mkdirSync(path.join(dataDir, 'web'));
  if (inject('testDatabase')?.kind === 'pglite') {
    const copy = await openPglite({ dataDir: pgliteDataDir(dataDir), loadDataDir: pgliteTemplate() });
    await copy.close();
  } else {
    const copy = await createTestDatabase();
    // The servers open their own connections; the copy's is not needed.
    await copy.database.close();
    database = { env: { DATABASE_URL: copy.url! }, dispose: copy.dispose };
  }
});

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

afterAll(async () => {
  await database.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The environment of a start on this file's data folder: none of the three signing keys. */
function startEnv(nodeEnv: 'development' | 'production', extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: nodeEnv,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    LOG_LEVEL: 'warn',
    ...database.env,
    ...extra,
  };
}

/** A development start with the test-support routes (loopback only), which mint links as the e-mails carry them. */
function startDevelopment() {
  return servers.startServer(startEnv('development', { TEST_SUPPORT_SECRET }));
}

interface StudyLink {
  s: string;
  t: string;
  d: string;
}

async function supportCall<T>(server: RunningServer, urlPath: string, payload: unknown): Promise<T> {
  const answer = await postJson(server.port, urlPath, payload, SUPPORT_HEADERS);
  expect(answer, JSON.stringify(answer.body)).toMatchObject({ statusCode: 200 });
  return answer.body as T;
}

/** What the link page asks first (GetQueStatusID) for the tester logged in with `cookie`: 'invalid study' is its "Invalid link". */
async function linkStatus(server: RunningServer, cookie: string, link: StudyLink): Promise<unknown> {
  const answer = await postJson(
    server.port,
    '/api/default/GetQueStatusID',
    { studyGuid: link.s, testerGuid: link.t, data: link.d, kidGuid: '' },
    { cookie },
  );
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { status: unknown }).status;
}

/** How a start that should be refused went: startServer's error, with the exit code and the output. */
function outcome(start: PromiseSettledResult<RunningServer>): string {
  return start.status === 'rejected' ? String(start.reason) : 'it started and answered /api/health';
}

/** Stops a start as Ctrl-C does (no drain to wait for) and checks it shut down cleanly. */
async function stop(server: RunningServer) {
  expect(server.child.kill('SIGINT')).toBe(true);
  const exit = await server.exited;
  expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
}

describe('signing keys across a restart (main.ts, decision 103)', () => {
  it(
    'a development start without keys keeps them in DATA_DIR: an invitation and a self-schedule link made before a restart are accepted after it',
    async () => {
      const first = await startDevelopment();
      const tester = await supportCall<{ testerId: string }>(first, '/api/test-support/tester', {});
      const invitation = await supportCall<StudyLink>(first, '/api/test-support/study-link', {
        kind: 'invitation',
        testerId: tester.testerId,
        studyNo: STUDY_NO,
      });
      const selfSchedule = await supportCall<StudyLink>(first, '/api/test-support/study-link', {
        kind: 'qualified',
        testerId: tester.testerId,
        studyNo: STUDY_NO,
      });
      const before = await supportCall<{ cookie: { name: string; value: string } }>(first, '/api/test-support/session', {
        testerId: tester.testerId,
      });
      const cookieBefore = `${before.cookie.name}=${before.cookie.value}`;
      expect(await linkStatus(first, cookieBefore, invitation)).toBe('common');
      expect(await linkStatus(first, cookieBefore, selfSchedule)).toBe('common');
      await stop(first);
      // The keys it made are in the folder, readable by their owner only.
      for (const file of KEPT_KEY_FILES) expect(fs.statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);

      const second = await startDevelopment();
      const after = await supportCall<{ cookie: { name: string; value: string } }>(second, '/api/test-support/session', {
        testerId: tester.testerId,
      });
      const cookieAfter = `${after.cookie.name}=${after.cookie.value}`;
      expect(await linkStatus(second, cookieAfter, invitation)).toBe('common');
      expect(await linkStatus(second, cookieAfter, selfSchedule)).toBe('common');
      // The same invitation signed with another key, as a key made anew at the start would have: "Invalid link".
      const [payload] = invitation.d.split('.');
      const otherKeys = { ...invitation, d: `${payload}.${createHmac('sha256', randomBytes(32)).update(payload!).digest('base64url')}` };
      expect(await linkStatus(second, cookieAfter, otherKeys)).toBe('invalid study');
      await stop(second);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a production start without STUDY_LINK_SECRET exits 1 naming it, though DATA_DIR holds a kept key; without any key it names all three',
    async () => {
      // What a development start left there (the test above): production does not fall back on it.
      fs.writeFileSync(path.join(dataDir, 'study-link-secret'), `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
      // startServer fails at once with the exit code and the output when the process ends before it answers.
      const [oneMissing, allMissing] = await Promise.allSettled([
        servers.startServer(startEnv('production', { DEVICE_COOKIE_SECRET: PRODUCTION_KEY, STAFF_TOTP_KEY: PRODUCTION_KEY })),
        servers.startServer(startEnv('production')),
      ]);
      expect(outcome(oneMissing)).toMatch(
        /exited during start-up with code 1\n\s*Invalid configuration:\n {2}STUDY_LINK_SECRET: required in production, the same value on every instance, 32 characters or more/,
      );
      expect(outcome(allMissing)).toMatch(
        /exited during start-up with code 1\n\s*Invalid configuration:\n {2}DEVICE_COOKIE_SECRET, STUDY_LINK_SECRET, STAFF_TOTP_KEY: required in production/,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
