import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceAndLedger, createDossierPage, createLoggedInTester, type DossierSetSpec } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { dossierAnswers, dossierPageCompletions, dossierTesterAnswers } from '../../core/db/schema.ts';

/**
 * About-me over HTTP (spec 2 "About-me (dossier) answering", sections 5 and 7; issue 9 section 4):
 * the page list, a page's questions, saving answers under the page's rules, the reward paid once.
 */

const db = () => testApp.database.db;

const testApp = useTestApp();

const post = (url: string, cookie: string | undefined, payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A page with a checkbox set (2 to 3 of 4), a B radio set and an M radio set. */
const standardPage: DossierSetSpec[][] = [
  [{ type: 'C', minChecked: 2, maxChecked: 3, answers: ['Dog', 'Cat', 'Fish', 'Bird'] }],
  [
    { type: 'B', answers: ['Yes', 'No'] },
    { type: 'M', answers: ['One', 'Two', 'Three'] },
  ],
];

async function pageAndTester(options: { coins?: number; experience?: number } = {}) {
  const page = await createDossierPage(db(), { questions: standardPage, ...options });
  const { tester, cookie } = await createLoggedInTester(db());
  const [checkbox, binary, multiple] = page.sets as [(typeof page.sets)[0], (typeof page.sets)[0], (typeof page.sets)[0]];
  const validAnswers = [
    { questionID: checkbox.id, answerIDs: [checkbox.answerIds[0]!, checkbox.answerIds[2]!], answerText: '' },
    { questionID: binary.id, answerIDs: [binary.answerIds[1]!], answerText: '' },
    { questionID: multiple.id, answerIDs: [multiple.answerIds[0]!], answerText: '' },
  ];
  return { ...page, checkbox, binary, multiple, tester, cookie, validAnswers };
}

describe('GET /api/dossier/GetDossierGroup', () => {
  it('lists the seeded pages with title and coins, and drops a page once the tester answered it', async () => {
    const { page, tester, cookie, validAnswers } = await pageAndTester({ coins: 45 });
    const before = await get('/api/dossier/GetDossierGroup', cookie);
    expect(before.statusCode).toBe(200);
    const body = before.json() as { status: string; pageList: { pageID: number; pageTitle: string; numCoins: number }[] };
    expect(body.status).toBe('succeed');
    expect(body.pageList.slice(0, 3).map((entry) => entry.pageTitle)).toEqual(['Your home and pets', 'Shopping habits', 'Food and drink']);
    expect(body.pageList).toContainEqual({ pageID: page.id, pageTitle: 'Factory page', numCoins: 45 });

    expect((await post('/api/dossier/AddDossierAnswer', cookie, validAnswers)).json()).toEqual({ status: 'succeed' });
    const after = (await get('/api/dossier/GetDossierGroup', cookie)).json() as typeof body;
    expect(after.pageList.map((entry) => entry.pageID)).not.toContain(page.id);
    expect(after.pageList).toHaveLength(body.pageList.length - 1);
    expect(await db().select().from(dossierPageCompletions).where(eq(dossierPageCompletions.testerId, tester.id))).toHaveLength(1);
  });

  it('leaves out a retired page, and answers 401 without a session', async () => {
    const retired = await createDossierPage(db(), { active: false, questions: standardPage });
    const { cookie } = await createLoggedInTester(db());
    const body = (await get('/api/dossier/GetDossierGroup', cookie)).json() as { pageList: { pageID: number }[] };
    expect(body.pageList.map((entry) => entry.pageID)).not.toContain(retired.page.id);
    expect((await get('/api/dossier/GetDossierGroup')).statusCode).toBe(401);
  });
});

describe('POST /api/dossier/GetDossierGroupQuestions', () => {
  it('answers the questions with their sets (the set id as questionID), limits and answers in order', async () => {
    const { page, checkbox, binary, multiple, cookie } = await pageAndTester();
    const response = await post('/api/dossier/GetDossierGroupQuestions', cookie, page.id);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; questions: { questionID: number; questionText: string; questionSets: unknown[] }[] };
    expect(body.status).toBe('succeed');
    expect(body.questions).toHaveLength(2);
    expect(body.questions[0]!.questionText).toBe('Factory question 1');
    expect(body.questions[0]!.questionSets).toEqual([
      {
        questionID: checkbox.id,
        questionType: 'C',
        minChecked: 2,
        maxChecked: 3,
        active: true,
        questionText: 'Factory set 1',
        dossierAnswers: ['Dog', 'Cat', 'Fish', 'Bird'].map((answerText, index) => ({ answerID: checkbox.answerIds[index], answerText })),
      },
    ]);
    expect(body.questions[1]!.questionSets).toMatchObject([
      { questionID: binary.id, questionType: 'B', minChecked: 1, maxChecked: 1 },
      {
        questionID: multiple.id,
        questionType: 'M',
        dossierAnswers: [{ answerText: 'One' }, { answerText: 'Two' }, { answerText: 'Three' }],
      },
    ]);
  });

  it('leaves out a retired set', async () => {
    const page = await createDossierPage(db(), {
      questions: [
        [
          { type: 'B', answers: ['Yes', 'No'] },
          { type: 'M', active: false, answers: ['A', 'B'] },
        ],
      ],
    });
    const { cookie } = await createLoggedInTester(db());
    const body = (await post('/api/dossier/GetDossierGroupQuestions', cookie, page.page.id)).json() as {
      questions: { questionSets: { questionID: number }[] }[];
    };
    expect(body.questions[0]!.questionSets.map((set) => set.questionID)).toEqual([page.sets[0]!.id]);
  });

  it('answers 404 for an unknown or retired page and 400 naming the body for anything but a page id', async () => {
    const retired = await createDossierPage(db(), { active: false, questions: standardPage });
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/dossier/GetDossierGroupQuestions', cookie, 2_000_000_000)).statusCode).toBe(404);
    expect((await post('/api/dossier/GetDossierGroupQuestions', cookie, retired.page.id)).statusCode).toBe(404);
    for (const bad of ['3', 0, -1, 1.5, 2_147_483_648, null, { pageID: 3 }, [3]]) {
      const response = await post('/api/dossier/GetDossierGroupQuestions', cookie, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().field).toBe('body');
    }
  });
});

describe('POST /api/dossier/AddDossierAnswer', () => {
  it('stores the answers and the completion together; answering again replaces the answers', async () => {
    const { checkbox, tester, cookie, validAnswers } = await pageAndTester();
    expect((await post('/api/dossier/AddDossierAnswer', cookie, validAnswers)).json()).toEqual({ status: 'succeed' });
    const again = [
      { ...validAnswers[0]!, answerIDs: [checkbox.answerIds[1]!, checkbox.answerIds[3]!, checkbox.answerIds[0]!] },
      ...validAnswers.slice(1),
    ];
    expect((await post('/api/dossier/AddDossierAnswer', cookie, again)).json()).toEqual({ status: 'succeed' });
    const held = await db()
      .select()
      .from(dossierTesterAnswers)
      .where(and(eq(dossierTesterAnswers.testerId, tester.id), eq(dossierTesterAnswers.setId, checkbox.id)));
    expect(held).toHaveLength(1);
    expect(held[0]!.answerIds).toEqual([checkbox.answerIds[0], checkbox.answerIds[1], checkbox.answerIds[3]]);
    expect(await db().select().from(dossierPageCompletions).where(eq(dossierPageCompletions.testerId, tester.id))).toHaveLength(1);
  });

  it('holds a checkbox set to its minimum and maximum: 1 of min 2 and 4 of max 3 are refused, 2 and 3 pass', async () => {
    const { checkbox, cookie, validAnswers } = await pageAndTester();
    const withBoxes = (count: number) => [{ ...validAnswers[0]!, answerIDs: checkbox.answerIds.slice(0, count) }, ...validAnswers.slice(1)];
    const one = await post('/api/dossier/AddDossierAnswer', cookie, withBoxes(1));
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ field: '0.answerIDs', message: 'Choose at least 2 answers.' });
    const four = await post('/api/dossier/AddDossierAnswer', cookie, withBoxes(4));
    expect(four.statusCode).toBe(400);
    expect(four.json()).toMatchObject({ field: '0.answerIDs', message: 'Choose at most 3 answers.' });
    expect((await post('/api/dossier/AddDossierAnswer', cookie, withBoxes(2))).statusCode).toBe(200);
    expect((await post('/api/dossier/AddDossierAnswer', cookie, withBoxes(3))).statusCode).toBe(200);
  });

  it('wants at least one box even where the minimum is 0 (spec: an answer other than N)', async () => {
    const page = await createDossierPage(db(), { questions: [[{ type: 'C', minChecked: 0, maxChecked: 2, answers: ['A', 'B', 'C'] }]] });
    const { cookie } = await createLoggedInTester(db());
    const set = page.sets[0]!;
    const none = await post('/api/dossier/AddDossierAnswer', cookie, [{ questionID: set.id, answerIDs: [], answerText: '' }]);
    expect(none.json()).toMatchObject({ field: '0.answerIDs', message: 'Choose at least one answer.' });
    expect(
      (await post('/api/dossier/AddDossierAnswer', cookie, [{ questionID: set.id, answerIDs: [set.answerIds[2]!], answerText: '' }]))
        .statusCode,
    ).toBe(200);
  });

  it('takes exactly one answer for B and M sets', async () => {
    const { binary, cookie, validAnswers } = await pageAndTester();
    const two = await post('/api/dossier/AddDossierAnswer', cookie, [
      validAnswers[0],
      { ...validAnswers[1], answerIDs: binary.answerIds },
      validAnswers[2],
    ]);
    expect(two.json()).toMatchObject({ statusCode: 400, field: '1.answerIDs', message: 'Choose exactly one answer.' });
    const none = await post('/api/dossier/AddDossierAnswer', cookie, [
      validAnswers[0],
      validAnswers[1],
      { ...validAnswers[2], answerIDs: [] },
    ]);
    expect(none.json()).toMatchObject({ statusCode: 400, field: '2.answerIDs', message: 'Choose exactly one answer.' });
  });

  it('refuses an answer of another set, a repeated answer, a missing set, a repeated set, a set of another page and an unknown set', async () => {
    const { checkbox, cookie, validAnswers } = await pageAndTester();
    const other = await createDossierPage(db(), { questions: [[{ type: 'B', answers: ['Yes', 'No'] }]] });
    const cases: [unknown[], string, string][] = [
      [
        [validAnswers[0], { ...validAnswers[1], answerIDs: [checkbox.answerIds[0]] }, validAnswers[2]],
        '1.answerIDs',
        'An answer does not belong to this question.',
      ],
      [
        [{ ...validAnswers[0], answerIDs: [checkbox.answerIds[0], checkbox.answerIds[0]] }, validAnswers[1], validAnswers[2]],
        '0.answerIDs',
        'An answer is chosen twice.',
      ],
      [[validAnswers[0], validAnswers[1]], 'body', `Answer every question: question ${validAnswers[2]!.questionID} has no answer.`],
      [[...validAnswers, validAnswers[1]], '3.questionID', 'This question is answered twice.'],
      [
        [...validAnswers, { questionID: other.sets[0]!.id, answerIDs: [other.sets[0]!.answerIds[0]], answerText: '' }],
        'body',
        'Send the answers of one page at a time.',
      ],
      [
        [...validAnswers, { questionID: 2_000_000_000, answerIDs: [1], answerText: '' }],
        '3.questionID',
        'No open About-me question has this id.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post('/api/dossier/AddDossierAnswer', cookie, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
  });

  it('answers 400 naming the field for malformed bodies, and stores nothing', async () => {
    const { tester, cookie, validAnswers } = await pageAndTester();
    const item = validAnswers[0]!;
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{}, 'body'],
      [[{ ...item, questionID: '5' }], '0.questionID'],
      [[{ ...item, questionID: 0 }], '0.questionID'],
      [[{ ...item, answerIDs: 'x' }], '0.answerIDs'],
      [[{ ...item, answerIDs: [2_147_483_648] }], '0.answerIDs.0'],
      [[{ ...item, answerText: 'a\u0000b' }], '0.answerText'],
      [[{ ...item, answerText: 'x'.repeat(501) }], '0.answerText'],
      [[{ questionID: item.questionID, answerIDs: item.answerIDs }], '0.answerText'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/api/dossier/AddDossierAnswer', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect(await db().select().from(dossierTesterAnswers).where(eq(dossierTesterAnswers.testerId, tester.id))).toHaveLength(0);
  });
});

describe('POST /api/reward/GetCoins (RewardType Dossier)', () => {
  it("fails before the page is answered, then pays the page's coins and experience once", async () => {
    const { page, tester, cookie, validAnswers } = await pageAndTester({ coins: 35, experience: 70 });
    const claim = () => post('/api/reward/GetCoins', cookie, { StudyNo: page.id, RewardType: 'Dossier' });
    expect((await claim()).json()).toEqual({ status: 'failed' });
    await post('/api/dossier/AddDossierAnswer', cookie, validAnswers);
    expect((await claim()).json()).toEqual({ status: 'succeed', isScreenerGetReward: true, exp: 70, coins: 35 });
    expect((await claim()).json()).toEqual({ status: 'succeed', isScreenerGetReward: false, exp: 0, coins: 0 });
    // Answering again does not pay again.
    await post('/api/dossier/AddDossierAnswer', cookie, validAnswers);
    expect((await claim()).json()).toMatchObject({ isScreenerGetReward: false, coins: 0 });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 35, exp: 70, ledgerCoins: 35, entries: 1 });
  });

  it('fails for an unknown page and answers 400 naming the field for bad bodies', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/reward/GetCoins', cookie, { StudyNo: 2_000_000_000, RewardType: 'Dossier' })).json()).toEqual({
      status: 'failed',
    });
    const cases: [unknown, string][] = [
      [{ StudyNo: 1 }, 'RewardType'],
      [{ StudyNo: 1, RewardType: 'Screener' }, 'RewardType'],
      [{ RewardType: 'Dossier' }, 'StudyNo'],
      [{ StudyNo: '1', RewardType: 'Dossier' }, 'StudyNo'],
      [{ StudyNo: 2_147_483_648, RewardType: 'Dossier' }, 'StudyNo'],
      [5, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/api/reward/GetCoins', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });

  it('pays once when 64 claims for one page arrive at once', async () => {
    const { page, tester, cookie, validAnswers } = await pageAndTester({ coins: 25, experience: 40 });
    await post('/api/dossier/AddDossierAnswer', cookie, validAnswers);
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => post('/api/reward/GetCoins', cookie, { StudyNo: page.id, RewardType: 'Dossier' })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().isScreenerGetReward === true)).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 25, exp: 40, ledgerCoins: 25, ledgerExp: 40, entries: 1 });
  });
});

describe('the seeded pages', () => {
  it('hold the dog-owner answer a study can target', async () => {
    const rows = await db().select().from(dossierAnswers).where(eq(dossierAnswers.text, 'I own a dog'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(1);
  });
});
