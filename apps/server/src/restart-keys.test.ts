import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_KEY_FILES, restartTestEnv } from '../test/main-starts.ts';
import { PROCESS_TEST_TIMEOUT_MS, postJson, serverDataFolder, serverProcesses, type RunningServer } from '../test/server-process.ts';

/**
 * Issue 29, defect 2 through the real entry point (main.ts, decision 103), as its own process started
 * from the server tests' bundle: a development start with no signing keys in its environment keeps
 * the ones it makes in DATA_DIR, so a study link e-mailed before a restart is still accepted after
 * it. Both starts open one data folder filled from the server tests' template (serverDataFolder).
 * That production refuses to start without the keys: restart-production.test.ts.
 */

const TEST_SUPPORT_SECRET = 'a-test-support-secret-of-the-restart-test';
const SUPPORT_HEADERS = { 'x-test-support-secret': TEST_SUPPORT_SECRET };
/** A seeded open study (study-link-seed.ts); a new tester holds no booking in it, so a good link answers 'common'. */
const STUDY_NO = 24106;

const servers = serverProcesses();
const folder = serverDataFolder('testerhub-restart-', { database: true });

// A failed test must not leave its servers running.
afterEach(() => servers.killAll());

/** A development start with the test-support routes (loopback only), which mint links as the e-mails carry them. */
function startDevelopment() {
  return servers.startServer(restartTestEnv(folder, 'development', { TEST_SUPPORT_SECRET }));
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
      for (const file of KEPT_KEY_FILES) expect(fs.statSync(path.join(folder.dir, file)).mode & 0o777, file).toBe(0o600);

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
    PROCESS_TEST_TIMEOUT_MS,
  );
});
