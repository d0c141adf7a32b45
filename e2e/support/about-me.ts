import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Answers the About-me page 'Your home and pets' through the portal's calls, in the browser's
 * session: the given pet, 'Own', 'Just me'.
 */
export async function answerHomeAndPets(page: Page, pet: string) {
  const headers = { 'x-requested-with': 'TesterHub' };
  const groups = await page.request.get('/api/dossier/GetDossierGroup', { headers });
  expect(groups.status(), await groups.text()).toBe(200);
  const { pageList } = (await groups.json()) as { pageList: { pageID: number; pageTitle: string }[] };
  const pageID = pageList.find((one) => one.pageTitle === 'Your home and pets')!.pageID;
  const questions = await page.request.post('/api/dossier/GetDossierGroupQuestions', {
    headers: { ...headers, 'content-type': 'application/json' },
    data: JSON.stringify(pageID),
  });
  expect(questions.status(), await questions.text()).toBe(200);
  type QuestionSet = { questionID: number; dossierAnswers: { answerID: number; answerText: string }[] };
  const sets = ((await questions.json()) as { questions: { questionSets: QuestionSet[] }[] }).questions.flatMap((one) => one.questionSets);
  const chosen = [pet, 'Own', 'Just me'];
  const answers = sets.map((set) => ({
    questionID: set.questionID,
    answerIDs: set.dossierAnswers.filter((answer) => chosen.includes(answer.answerText)).map((answer) => answer.answerID),
    answerText: '',
  }));
  const saved = await page.request.post('/api/dossier/AddDossierAnswer', { headers, data: answers });
  expect(saved.status(), await saved.text()).toBe(200);
}
