import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceAndLedger, createLoggedInTester, createQuickSurvey } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { quickSurveyAnswerCounts, quickSurveyCompletions, quickSurveyResponses } from '../../core/db/schema.ts';

/**
 * Quick surveys over HTTP (spec 2 "Quick survey", sections 5 and 7; issue 9 section 5): the list,
 * the questions with Other and None added, one response per tester, results from the counters,
 * and the reward paid once.
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

/** Checkbox (A, B, C), radio (X, Y) and textbox questions. */
const standardQuestions = [
  { style: 'checkbox' as const, keys: ['A', 'B', 'C'] },
  { style: 'radio' as const, keys: ['X', 'Y'] },
  { style: 'textbox' as const },
];

async function surveyAndTester(options: { coins?: number; experience?: number } = {}) {
  const { jobId } = await createQuickSurvey(db(), { questions: standardQuestions, ...options });
  const { tester, cookie } = await createLoggedInTester(db());
  const answer = (checkbox: string[], comment = '', radio = 'X', text = 'Nice one') => [
    { jobID: jobId, questionIndex: 0, response: checkbox, codedResponse: comment },
    { jobID: jobId, questionIndex: 1, response: [radio], codedResponse: '' },
    { jobID: jobId, questionIndex: 2, response: [], codedResponse: text },
  ];
  return { jobId, tester, cookie, answer };
}

const submit = (cookie: string, body: unknown) => post('/api/quickQuestion/UpdateResponse', cookie, body);

describe('GET /api/quickQuestion/GetStudies', () => {
  it('lists the active surveys with short name and coins, done once the tester answered', async () => {
    const { jobId, cookie, answer } = await surveyAndTester({ coins: 22 });
    const retired = await createQuickSurvey(db(), { active: false, questions: standardQuestions });
    const list = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/quickQuestion/GetStudies', headers: { cookie } })).json() as {
        status: string;
        filteredStudyDatas: { jobID: number; shortName: string; coinValue: number; isDone: boolean }[];
      };
    const before = await list();
    expect(before.status).toBe('succeed');
    expect(before.filteredStudyDatas.slice(0, 3).map((survey) => survey.shortName)).toEqual([
      'Morning drinks',
      'Snack time',
      'Streaming at home',
    ]);
    expect(before.filteredStudyDatas).toContainEqual({ jobID: jobId, shortName: `Factory survey ${jobId}`, coinValue: 22, isDone: false });
    expect(before.filteredStudyDatas.map((survey) => survey.jobID)).not.toContain(retired.jobId);
    await submit(cookie, answer(['A']));
    expect((await list()).filteredStudyDatas.find((survey) => survey.jobID === jobId)?.isDone).toBe(true);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/quickQuestion/GetStudies' })).statusCode).toBe(401);
  });
});

describe('POST /api/quickQuestion/GetQuestions', () => {
  it('sends the questions with their choices; a checkbox question gets Other (score 0) and None of the above (score -1)', async () => {
    const { jobId, cookie } = await surveyAndTester();
    const response = await post('/api/quickQuestion/GetQuestions', cookie, jobId);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; customQuestionInfo: { questionScales: { valueKey: string }[] }[] };
    expect(body.status).toBe('succeed');
    expect(body.customQuestionInfo[0]).toEqual({
      jobID: jobId,
      questionIndex: 0,
      qText: 'Question 0',
      styleTypeStyle: 'checkbox',
      questionScales: [
        { scaleIndex: 1, scaleText: 'Choice A', score: 1, valueKey: 'A', imageID: null, checked: false },
        { scaleIndex: 2, scaleText: 'Choice B', score: 1, valueKey: 'B', imageID: null, checked: false },
        { scaleIndex: 3, scaleText: 'Choice C', score: 1, valueKey: 'C', imageID: null, checked: false },
        { scaleIndex: 4, scaleText: 'Other', score: 0, valueKey: 'OTHER', imageID: null, checked: false },
        { scaleIndex: 5, scaleText: 'None of the above', score: -1, valueKey: 'NONE', imageID: null, checked: false },
      ],
    });
    expect(body.customQuestionInfo[1]!.questionScales.map((scale) => scale.valueKey)).toEqual(['X', 'Y']);
    expect(body.customQuestionInfo[2]).toMatchObject({ styleTypeStyle: 'textbox', questionScales: [] });
  });

  it("marks the tester's own answers as checked once answered (Other for a comment)", async () => {
    const { jobId, cookie, answer } = await surveyAndTester();
    await submit(cookie, answer(['B'], 'Something else', 'Y'));
    const body = (await post('/api/quickQuestion/GetQuestions', cookie, jobId)).json() as {
      customQuestionInfo: { questionScales: { valueKey: string; checked: boolean }[] }[];
    };
    const checked = body.customQuestionInfo.map((question) =>
      question.questionScales.filter((scale) => scale.checked).map((scale) => scale.valueKey),
    );
    expect(checked).toEqual([['B', 'OTHER'], ['Y'], []]);
  });

  it('answers 404 for an unknown or retired survey and 400 naming the body for anything but a job id', async () => {
    const retired = await createQuickSurvey(db(), { active: false, questions: standardQuestions });
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/quickQuestion/GetQuestions', cookie, 2_000_000_000)).statusCode).toBe(404);
    expect((await post('/api/quickQuestion/GetQuestions', cookie, retired.jobId)).statusCode).toBe(404);
    for (const bad of ['5001', 0, 1.5, 2_147_483_648, null, { jobID: 5001 }]) {
      const response = await post('/api/quickQuestion/GetQuestions', cookie, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().field).toBe('body');
    }
  });
});

describe('POST /api/quickQuestion/UpdateResponse', () => {
  it('stores the responses, the completion and the counters; a second submission is "Already answered" and counts nothing', async () => {
    const { jobId, tester, cookie, answer } = await surveyAndTester();
    expect((await submit(cookie, answer(['A', 'C'], 'My own'))).json()).toEqual({ status: 'succeed' });
    expect((await submit(cookie, answer(['B']))).json()).toEqual({ status: 'failed', message: 'Already answered' });
    const responses = await db()
      .select()
      .from(quickSurveyResponses)
      .where(and(eq(quickSurveyResponses.jobId, jobId), eq(quickSurveyResponses.testerId, tester.id)));
    expect(
      responses
        .map(({ questionIndex, valueKeys, codedResponse }) => ({ questionIndex, valueKeys, codedResponse }))
        .sort((a, b) => a.questionIndex - b.questionIndex),
    ).toEqual([
      { questionIndex: 0, valueKeys: ['A', 'C'], codedResponse: 'My own' },
      { questionIndex: 1, valueKeys: ['X'], codedResponse: '' },
      { questionIndex: 2, valueKeys: [], codedResponse: 'Nice one' },
    ]);
    const counters = await db().select().from(quickSurveyAnswerCounts).where(eq(quickSurveyAnswerCounts.jobId, jobId));
    expect(counters.map(({ questionIndex, answerKey, count }) => `${questionIndex}:${answerKey}=${count}`).sort()).toEqual([
      '0:A=1',
      '0:C=1',
      '0:OTHER=1',
      '1:X=1',
    ]);
  });

  it('counts two simultaneous submissions by one tester once', async () => {
    const { jobId, cookie, answer } = await surveyAndTester();
    const [first, second] = await Promise.all([submit(cookie, answer(['A'])), submit(cookie, answer(['A']))]);
    expect([first!.json().status, second!.json().status].sort()).toEqual(['failed', 'succeed']);
    expect(await db().select().from(quickSurveyCompletions).where(eq(quickSurveyCompletions.jobId, jobId))).toHaveLength(1);
    const counters = await db().select().from(quickSurveyAnswerCounts).where(eq(quickSurveyAnswerCounts.jobId, jobId));
    expect(counters.map(({ answerKey, count }) => `${answerKey}=${count}`).sort()).toEqual(['A=1', 'X=1']);
  });

  it('keeps the counters right when 20 testers answer at once', async () => {
    const { jobId } = await createQuickSurvey(db(), { questions: standardQuestions });
    const testers = await Promise.all(Array.from({ length: 20 }, () => createLoggedInTester(db())));
    const body = [
      { jobID: jobId, questionIndex: 0, response: ['A', 'B'], codedResponse: '' },
      { jobID: jobId, questionIndex: 1, response: ['Y'], codedResponse: '' },
      { jobID: jobId, questionIndex: 2, response: [], codedResponse: 'ok' },
    ];
    const answers = await Promise.all(testers.map(({ cookie }) => submit(cookie, body)));
    expect(answers.every((answer) => answer.json().status === 'succeed')).toBe(true);
    const counters = await db().select().from(quickSurveyAnswerCounts).where(eq(quickSurveyAnswerCounts.jobId, jobId));
    expect(counters.map(({ answerKey, count }) => `${answerKey}=${count}`).sort()).toEqual(['A=20', 'B=20', 'Y=20']);
  });

  it('applies the Other and None rules, comment lengths 2 to 200, and the radio and textbox rules, naming the field', async () => {
    const { tester, cookie, answer } = await surveyAndTester();
    const cases: [unknown, string, string][] = [
      [answer([]), '0.response', 'Choose an answer.'],
      [answer(['NONE', 'A']), '0.response', 'None of the above goes alone.'],
      [answer(['NONE'], 'Hm'), '0.codedResponse', 'None of the above goes without a comment.'],
      [answer(['OTHER'], 'Mine'), '0.response', 'Send the comment for Other, not its key.'],
      [answer(['A'], 'x'), '0.codedResponse', 'Write at least 2 characters.'],
      [answer([], ' x '), '0.codedResponse', 'Write at least 2 characters.'],
      [answer(['A'], 'x'.repeat(201)), '0.codedResponse', 'Write at most 200 characters.'],
      [answer(['Z']), '0.response', 'This choice does not belong to the question.'],
      [answer(['A', 'A']), '0.response', 'A choice is sent twice.'],
      [answer(['A'], '', 'A'), '1.response', 'This choice does not belong to the question.'],
      [answer(['A'], '', 'X', 'x'), '2.codedResponse', 'Write at least 2 characters.'],
      [answer(['A'], '', 'X', ''), '2.codedResponse', 'Write at least 2 characters.'],
      [answer(['A'], '', 'X', 'y'.repeat(201)), '2.codedResponse', 'Write at most 200 characters.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await submit(cookie, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
    // Two radio keys, a radio comment, choices on a textbox, a missing question, a repeated one, another survey.
    const base = answer(['A']);
    const more: [unknown, string][] = [
      [[base[0], { ...base[1], response: ['X', 'Y'] }, base[2]], '1.response'],
      [[base[0], { ...base[1], codedResponse: 'Why' }, base[2]], '1.codedResponse'],
      [[base[0], base[1], { ...base[2], response: ['A'] }], '2.response'],
      [[base[0], base[1]], 'body'],
      [[...base, base[1]], '3.questionIndex'],
      [[base[0], { ...base[1], questionIndex: 7 }, base[2]], '1.questionIndex'],
      [[...base, { ...base[1], jobID: 5001 }], '3.jobID'],
    ];
    for (const [body, field] of more) {
      const response = await submit(cookie, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
    // Exactly 2 and exactly 200 characters pass, and nothing was stored before.
    expect(await db().select().from(quickSurveyCompletions).where(eq(quickSurveyCompletions.testerId, tester.id))).toHaveLength(0);
    expect((await submit(cookie, answer([], 'ab', 'Y', 'z'.repeat(200)))).json()).toEqual({ status: 'succeed' });
  });

  it('takes None of the above alone', async () => {
    const { cookie, answer } = await surveyAndTester();
    expect((await submit(cookie, answer(['NONE']))).json()).toEqual({ status: 'succeed' });
  });

  it('answers 400 naming the field for malformed bodies and 404 for an unknown survey', async () => {
    const { cookie, answer } = await surveyAndTester();
    const item = answer(['A'])[0]!;
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{}, 'body'],
      [[{ ...item, jobID: '1' }], '0.jobID'],
      [[{ ...item, questionIndex: -1 }], '0.questionIndex'],
      [[{ ...item, response: 'A' }], '0.response'],
      [[{ ...item, response: [''] }], '0.response.0'],
      [[{ ...item, response: ['a\u0000'] }], '0.response.0'],
      [[{ ...item, codedResponse: null }], '0.codedResponse'],
      [[{ ...item, codedResponse: 'x'.repeat(201) }], '0.codedResponse'],
    ];
    for (const [body, field] of cases) {
      const response = await submit(cookie, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect((await submit(cookie, [{ ...item, jobID: 2_000_000_000 }])).statusCode).toBe(404);
  });
});

describe('POST /api/quickQuestion/GetResult', () => {
  it('answers each choice question with its answers and counts (Other by comments, None of the above), after the tester answered', async () => {
    const { jobId, cookie, answer } = await surveyAndTester();
    expect((await post('/api/quickQuestion/GetResult', cookie, jobId)).json()).toMatchObject({ status: 'failed' });
    const others = await Promise.all(Array.from({ length: 3 }, () => createLoggedInTester(db())));
    await submit(others[0]!.cookie, answer(['A', 'B'], '', 'Y'));
    await submit(others[1]!.cookie, answer(['NONE'], '', 'Y'));
    await submit(others[2]!.cookie, answer([], 'Own words'));
    await submit(cookie, answer(['B'], 'More'));
    const response = await post('/api/quickQuestion/GetResult', cookie, jobId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'succeed',
      results: [
        {
          questionName: 'Question 0',
          answerNames: ['Choice A', 'Choice B', 'Choice C', 'Other', 'None of the above'],
          answerCounts: [1, 2, 0, 2, 1],
        },
        { questionName: 'Question 1', answerNames: ['Choice X', 'Choice Y'], answerCounts: [2, 2] },
      ],
    });
  });

  it('reads the seeded answers of a demo survey', async () => {
    const { cookie } = await createLoggedInTester(db());
    const body = [
      { jobID: 5003, questionIndex: 0, response: ['MOVIES'], codedResponse: '' },
      { jobID: 5003, questionIndex: 1, response: ['LT1'], codedResponse: '' },
      { jobID: 5003, questionIndex: 2, response: [], codedResponse: 'More films' },
    ];
    expect((await submit(cookie, body)).json()).toEqual({ status: 'succeed' });
    const { results } = (await post('/api/quickQuestion/GetResult', cookie, 5003)).json() as { results: { answerCounts: number[] }[] };
    const radioTotal = results[1]!.answerCounts.reduce((sum, count) => sum + count, 0);
    expect(radioTotal).toBe(61); // 60 demo respondents and this tester
  });

  it('answers 404 for an unknown survey and 400 naming the body for bad input', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/quickQuestion/GetResult', cookie, 2_000_000_000)).statusCode).toBe(404);
    for (const bad of ['1', -3, [1], true]) {
      const response = await post('/api/quickQuestion/GetResult', cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('body');
    }
  });
});

describe('POST /api/quickQuestion/GetCoins', () => {
  it("fails before the tester answered, then pays the survey's coins and experience once (0/0 after)", async () => {
    const { jobId, tester, cookie, answer } = await surveyAndTester({ coins: 18, experience: 27 });
    const claim = () => post('/api/quickQuestion/GetCoins', cookie, jobId);
    expect((await claim()).json()).toEqual({ status: 'failed' });
    await submit(cookie, answer(['A']));
    expect((await claim()).json()).toEqual({ status: 'succeed', exp: 27, coins: 18 });
    expect((await claim()).json()).toEqual({ status: 'succeed', exp: 0, coins: 0 });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 18, exp: 27, ledgerCoins: 18, entries: 1 });
  });

  it('fails for an unknown survey and answers 400 naming the body for bad input', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/quickQuestion/GetCoins', cookie, 2_000_000_000)).json()).toEqual({ status: 'failed' });
    for (const bad of ['1', 0, { jobID: 1 }, null]) {
      const response = await post('/api/quickQuestion/GetCoins', cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('body');
    }
  });

  it('pays once when 64 claims arrive at once', async () => {
    const { jobId, tester, cookie, answer } = await surveyAndTester({ coins: 12, experience: 9 });
    await submit(cookie, answer(['C']));
    const answers = await Promise.all(Array.from({ length: 64 }, () => post('/api/quickQuestion/GetCoins', cookie, jobId)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().coins === 12)).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 12, exp: 9, ledgerCoins: 12, ledgerExp: 9, entries: 1 });
  });
});
