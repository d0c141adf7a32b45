import { describe, expect, it } from 'vitest';
import { fillText } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-quick-survey.json';
import { COMMENT_MAX, COMMENT_MIN, COMMENT_TOO_LONG, COMMENT_TOO_SHORT } from '@testerhub/shared/quick-survey-schemas';
import { createLoggedInTester, createQuickSurvey } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * A quick survey's messages come in the tester's own language (issue 28; decision 115); an English
 * tester's are the texts they were, word for word.
 */

const testApp = useTestApp();
const db = () => testApp.database.db;

const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });

describe("a quick survey's messages", () => {
  it('are, in English, the comment texts the portal shares', () => {
    expect(fillText(en.commentTooShort, { min: COMMENT_MIN })).toBe(COMMENT_TOO_SHORT);
    expect(fillText(en.commentTooLong, { max: COMMENT_MAX })).toBe(COMMENT_TOO_LONG);
  });

  it('come in Spanish to a Spanish tester and in the unchanged English to an English one', async () => {
    const { jobId } = await createQuickSurvey(db(), { questions: [{ style: 'textbox' as const }] });
    const answer = (comment: string) => [{ jobID: jobId, questionIndex: 0, response: [], codedResponse: comment }];
    const submit = (cookie: string, comment: string) => post('/api/quickQuestion/UpdateResponse', cookie, answer(comment));
    const results = (cookie: string) => post('/api/quickQuestion/GetResult', cookie, jobId);

    const expected = {
      es: { results: 'Conteste esta encuesta para ver sus resultados.', short: 'Escriba al menos 2 caracteres.', again: 'Ya contestada' },
      en: { results: 'Answer this survey to see its results.', short: 'Write at least 2 characters.', again: 'Already answered' },
    };
    for (const language of ['es', 'en'] as const) {
      const { cookie } = await createLoggedInTester(db(), { language });
      const texts = expected[language];
      expect((await results(cookie)).json(), language).toEqual({ status: 'failed', message: texts.results });
      const tooShort = await submit(cookie, 'x');
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json(), language).toMatchObject({ field: '0.codedResponse', message: texts.short });
      expect((await submit(cookie, 'Fine by me')).json()).toEqual({ status: 'succeed' });
      expect((await submit(cookie, 'Once more')).json(), language).toEqual({ status: 'failed', message: texts.again });
    }
  });
});
