import { describe, expect, it } from 'vitest';
import { INVITATION_TEXTS, type TargetCountPayload, type TargetCountResponse } from '@testerhub/shared/invitation-schemas';
import { expectFieldError, postJson } from '../../../test/account-helpers.ts';
import { createDossierPage, createTester } from '../../../test/factories.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { contactSettings, dossierTesterAnswers } from '../../core/db/schema.ts';

/**
 * The study form's live count of its About-me targeting (issue 29; decision 148): the testers an
 * invitation can reach who hold every chosen answer, at the study's test site when it has one.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const targetCount = (cookie: string, body: TargetCountPayload) =>
  postJson(testApp.app, '/api/staff/invitations/TargetCount', body, { cookie });

async function countFor(cookie: string, body: TargetCountPayload): Promise<number> {
  const answer = await targetCount(cookie, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as TargetCountResponse).count;
}

/** Three answers of one question nobody else holds, so the counts are this file's own. */
async function petAnswers() {
  const { sets } = await createDossierPage(db(), { questions: [[{ type: 'M', answers: ['Dog', 'Cat', 'Fish'] }]] });
  const set = sets[0]!;
  const holds = (testerId: string, answerIds: number[]) =>
    db().insert(dossierTesterAnswers).values({ testerId, setId: set.id, answerIds, updatedAt: new Date() });
  const [dog, cat, fish] = set.answerIds as [number, number, number];
  return { dog, cat, fish, holds };
}

describe('the study form’s About-me count', () => {
  it('counts the testers holding every chosen answer, at the site when given, never the barred or opted out', async () => {
    const { cookie } = await signedInStaff(db(), ['recruiter']);
    const { dog, cat, fish, holds } = await petAnswers();
    const atSite1 = await createTester(db(), { siteId: '00001' });
    const alsoAtSite1 = await createTester(db(), { siteId: '00001' });
    const atSite2 = await createTester(db(), { siteId: '00002' });
    const catOnly = await createTester(db(), { siteId: '00001' });
    const blackListed = await createTester(db(), { siteId: '00001', blackList: true });
    const suspended = await createTester(db(), { siteId: '00001', suspendedUntil: new Date(Date.now() + 24 * 3600_000) });
    const optedOut = await createTester(db(), { siteId: '00001' });
    await db().insert(contactSettings).values({ testerId: optedOut.id, contactType: 'Email', isTurnOn: false, updatedAt: new Date() });
    for (const tester of [atSite1, atSite2, blackListed, suspended, optedOut]) await holds(tester.id, [dog, cat]);
    await holds(alsoAtSite1.id, [dog, cat, fish]);
    await holds(catOnly.id, [cat]);

    expect(await countFor(cookie, { answerIds: [dog, cat] })).toBe(3);
    expect(await countFor(cookie, { answerIds: [dog, cat], siteId: '00001' })).toBe(2);
    expect(await countFor(cookie, { answerIds: [cat], siteId: '00001' })).toBe(3);
    expect(await countFor(cookie, { answerIds: [dog, cat, fish] })).toBe(1);
    expect(await countFor(cookie, { answerIds: [fish], siteId: '00002' })).toBe(0);
  });

  it('answers only the recruiter role', async () => {
    const { dog } = await petAnswers();
    for (const role of ['site-staff', 'rewards', 'content'] as const) {
      const { cookie } = await signedInStaff(db(), [role]);
      const answer = await targetCount(cookie, { answerIds: [dog] });
      expect(answer.statusCode, `${role}: ${answer.body}`).toBe(403);
    }
  });

  it('refuses an answer or a site that does not exist, naming it, rather than counting nobody', async () => {
    const { cookie } = await signedInStaff(db(), ['recruiter']);
    const { dog } = await petAnswers();
    expectFieldError(await targetCount(cookie, { answerIds: [dog, 2_000_000_000] }), 'answerIds.1', INVITATION_TEXTS.unknownAnswer);
    expectFieldError(await targetCount(cookie, { answerIds: [dog], siteId: 'NOSITE' }), 'siteId', INVITATION_TEXTS.unknownSite);
  });
});
