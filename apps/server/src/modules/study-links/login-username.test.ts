import { describe, expect, it } from 'vitest';
import { postJson } from '../../../test/account-helpers.ts';
import { createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { signJson } from '../../core/security/signed-token.ts';
import { signInvitationData } from './invitation-token.ts';

/**
 * GetLoginUsername (spec 2: the login page shows the username of the tester a study link names)
 * answers a username only to a request that carries that link's d, signed for that tester and
 * within its lifetime (decision 075). A bare tester id, or a link of another tester, gets the same
 * answer as an unknown id: a tester id seen anywhere cannot be turned into a username.
 */

const SECRET = 'study-link-secret-for-login-username-0123456789';
const clock = createFakeClock('2026-03-02T15:00:00Z');
const testApp = useTestApp({ clock, env: { STUDY_LINK_SECRET: SECRET, STUDY_LINK_VALID_DAYS: '14', SELF_SCHEDULE_LINK_DAYS: '7' } });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const FAILED = { status: 'failed', name: '' };
const ask = async (body: unknown) => {
  const response = await postJson(testApp.app, '/api/account/GetLoginUsername', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const invitationFor = (testerId: string, issuedAt = clock.now()) =>
  signInvitationData({ invitationId: 1, testerId, studyNo: 24101, issuedAt: seconds(issuedAt) }, SECRET);

describe('POST /api/account/GetLoginUsername', () => {
  it("answers the username for the link's t with an invitation's d signed for that tester", async () => {
    const tester = await createTester(testApp.database.db);
    expect(await ask({ t: tester.id, d: invitationFor(tester.id) })).toEqual({ status: 'succeed', name: tester.username });
  });

  it("answers the username with a qualified screener's self-schedule d of that tester", async () => {
    const tester = await createTester(testApp.database.db);
    const d = signJson('studyLink', { t: tester.id, s: 24101, q: null, i: seconds(clock.now()) }, SECRET);
    expect(await ask({ t: tester.id, d })).toEqual({ status: 'succeed', name: tester.username });
  });

  it('answers a bare tester id, known or not, as an unknown one', async () => {
    const tester = await createTester(testApp.database.db);
    expect(await ask(tester.id)).toEqual(FAILED);
    expect(await ask('00000000-0000-4000-8000-000000000000')).toEqual(FAILED);
  });

  it("refuses another tester's link, a forged or foreign-purpose d, and a link past its lifetime", async () => {
    const tester = await createTester(testApp.database.db);
    const other = await createTester(testApp.database.db);
    expect(await ask({ t: tester.id, d: invitationFor(other.id) })).toEqual(FAILED);
    expect(
      await ask({ t: tester.id, d: signJson('invitation', { n: 1, t: tester.id, s: 24101, i: seconds(clock.now()) }, 'x'.repeat(40)) }),
    ).toEqual(FAILED);
    expect(await ask({ t: tester.id, d: signJson('cancelLink', { t: tester.id, i: seconds(clock.now()) }, SECRET) })).toEqual(FAILED);
    expect(await ask({ t: tester.id, d: invitationFor(tester.id, new Date(clock.nowMs() - 15 * 24 * HOUR_MS)) })).toEqual(FAILED);
    expect(await ask({ t: tester.id, d: 'not-a-token' })).toEqual(FAILED);
  });
});
