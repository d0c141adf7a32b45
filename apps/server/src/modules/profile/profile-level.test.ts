import { describe, expect, it } from 'vitest';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * The level check (spec 3 "Experience / level", section 7: GET /profile/CheckEXP and
 * /profile/GetCurrentLevel; issue 9 section 6), with the seeded level table (level 2 at 100 exp).
 */

const db = () => testApp.database.db;

const testApp = useTestApp();

const get = (url: string, cookie: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie, ...OUR_PAGE } });
const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('GET /api/profile/CheckEXP and GetCurrentLevel', () => {
  it("a new tester's first About-me reward crosses to level 2: CheckEXP says levelUp once", async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await get('/api/profile/CheckEXP', cookie)).json()).toEqual({ status: 'succeed', level: 1, levelUp: false });
    expect((await get('/api/profile/GetCurrentLevel', cookie)).json()).toBe(1);

    // The first seeded page pays 120 experience; it has a checkbox (1 to 3), a B and an M set.
    const pageId = ((await get('/api/dossier/GetDossierGroup', cookie)).json() as { pageList: { pageID: number }[] }).pageList[0]!.pageID;
    const { questions } = (await post('/api/dossier/GetDossierGroupQuestions', cookie, pageId)).json() as {
      questions: { questionSets: { questionID: number; dossierAnswers: { answerID: number }[] }[] }[];
    };
    const answers = questions.flatMap((question) =>
      question.questionSets.map((set) => ({ questionID: set.questionID, answerIDs: [set.dossierAnswers[0]!.answerID], answerText: '' })),
    );
    expect((await post('/api/dossier/AddDossierAnswer', cookie, answers)).json()).toEqual({ status: 'succeed' });
    expect((await post('/api/reward/GetCoins', cookie, { StudyNo: pageId, RewardType: 'Dossier' })).json()).toEqual({
      status: 'succeed',
      isScreenerGetReward: true,
      exp: 120,
      coins: 50,
    });

    expect((await get('/api/profile/GetCurrentLevel', cookie)).json()).toBe(2);
    expect((await get('/api/profile/GetNextLevelEXP', cookie)).json()).toEqual({
      status: 'succeed',
      exp: 120,
      nextLevelExp: 250,
      remainExp: 130,
    });
    expect((await get('/api/profile/CheckEXP', cookie)).json()).toEqual({ status: 'succeed', level: 2, levelUp: true });
    expect((await get('/api/profile/CheckEXP', cookie)).json()).toEqual({ status: 'succeed', level: 2, levelUp: false });
  });

  it('tells of a level reached before the first check, once, even to simultaneous checks', async () => {
    const { cookie } = await createLoggedInTester(db(), { exp: 600, level: 4 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/api/profile/CheckEXP', cookie)));
    expect(answers.filter((answer) => answer.json().levelUp === true)).toHaveLength(1);
    expect(answers.every((answer) => answer.json().level === 4)).toBe(true);
  });

  it('refuses CheckEXP (it records the acknowledgement) from another site without our header', async () => {
    const { cookie } = await createLoggedInTester(db());
    const response = await testApp.app.inject({ method: 'GET', url: '/api/profile/CheckEXP', headers: { cookie } });
    expect(response.statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/profile/CheckEXP', '/api/profile/GetCurrentLevel']) {
      expect((await testApp.app.inject({ method: 'GET', url, headers: OUR_PAGE })).statusCode).toBe(401);
    }
  });

  it('says Max at the top of the level table', async () => {
    const { cookie } = await createLoggedInTester(db(), { exp: 10_000, level: 10 });
    expect((await get('/api/profile/GetNextLevelEXP', cookie)).json()).toMatchObject({ nextLevelExp: 'Max' });
    expect((await get('/api/profile/GetCurrentLevel', cookie)).json()).toBe(10);
  });
});
