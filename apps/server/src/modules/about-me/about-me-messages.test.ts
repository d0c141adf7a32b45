import { describe, expect, it } from 'vitest';
import { createDossierPage, createLoggedInTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * An About-me page's refusals come in the tester's own language (issue 28; decision 115); an English
 * tester's are the texts they were, word for word.
 */

const testApp = useTestApp();
const db = () => testApp.database.db;

const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });

describe("an About-me page's refusals", () => {
  it('come in Spanish to a Spanish tester and in the unchanged English to an English one', async () => {
    const { sets } = await createDossierPage(db(), {
      questions: [
        [{ type: 'C', minChecked: 2, maxChecked: 3, answers: ['Dog', 'Cat', 'Fish', 'Bird'] }],
        [{ type: 'B', answers: ['Yes', 'No'] }],
      ],
    });
    const [checkbox, binary] = sets as [(typeof sets)[0], (typeof sets)[0]];
    const oneBoxOfTwo = [
      { questionID: checkbox.id, answerIDs: [checkbox.answerIds[0]!], answerText: '' },
      { questionID: binary.id, answerIDs: [binary.answerIds[0]!], answerText: '' },
    ];
    const binaryUnanswered = [{ questionID: checkbox.id, answerIDs: checkbox.answerIds.slice(0, 2), answerText: '' }];
    const save = (cookie: string, items: unknown) => post('/api/dossier/AddDossierAnswer', cookie, items);

    const expected = {
      es: {
        tooFew: 'Elija al menos 2 respuestas.',
        unanswered: `Conteste todas las preguntas: la pregunta ${binary.id} no tiene respuesta.`,
      },
      en: { tooFew: 'Choose at least 2 answers.', unanswered: `Answer every question: question ${binary.id} has no answer.` },
    };
    for (const language of ['es', 'en'] as const) {
      const { cookie } = await createLoggedInTester(db(), { language });
      const tooFew = await save(cookie, oneBoxOfTwo);
      expect(tooFew.statusCode).toBe(400);
      expect(tooFew.json(), language).toMatchObject({ field: '0.answerIDs', message: expected[language].tooFew });
      expect((await save(cookie, binaryUnanswered)).json(), language).toMatchObject({
        field: 'body',
        message: expected[language].unanswered,
      });
    }
  });
});
