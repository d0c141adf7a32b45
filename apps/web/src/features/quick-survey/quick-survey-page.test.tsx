// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import type { QuickQuestion, QuickScale, QuickStudy } from '@testerhub/shared/quick-survey-schemas';
import { QuickSurveyPage } from './quick-survey-page';
import { responsePayload, toggleChoice } from './quick-survey-rules';

const api = fakeApi();

const STUDIES: QuickStudy[] = [
  { jobID: 7, shortName: 'Snacks', coinValue: 5, isDone: false },
  { jobID: 8, shortName: 'Coffee', coinValue: 5, isDone: true },
];

const scale = (scaleIndex: number, scaleText: string, valueKey: string, score = 1): QuickScale => ({
  scaleIndex,
  scaleText,
  score,
  valueKey,
  imageID: null,
  checked: false,
});

const QUESTIONS: QuickQuestion[] = [
  {
    jobID: 7,
    questionIndex: 1,
    qText: 'Which snacks do you buy?',
    styleTypeStyle: 'checkbox',
    questionScales: [
      scale(1, 'Chips', 'A'),
      scale(2, 'Nuts', 'B'),
      scale(3, 'Other', 'OTHER', 0),
      scale(4, 'None of the above', 'NONE', -1),
    ],
  },
  {
    jobID: 7,
    questionIndex: 2,
    qText: 'How often?',
    styleTypeStyle: 'radio',
    questionScales: [scale(1, 'Daily', 'D'), scale(2, 'Weekly', 'W')],
  },
  { jobID: 7, questionIndex: 3, qText: 'Your favourite snack?', styleTypeStyle: 'textbox', questionScales: [] },
];

const RESULTS = [
  { questionName: 'Which snacks do you buy?', answerNames: ['Chips', 'Nuts', 'Other', 'None of the above'], answerCounts: [12, 6, 2, 0] },
  { questionName: 'How often?', answerNames: ['Daily', 'Weekly'], answerCounts: [3, 1] },
];

function stubHappyPath() {
  api.answers['/quickQuestion/GetStudies'] = { body: { status: 'succeed', filteredStudyDatas: STUDIES } };
  api.answers['/quickQuestion/GetQuestions'] = { body: { status: 'succeed', customQuestionInfo: QUESTIONS } };
  api.answers['/quickQuestion/UpdateResponse'] = { body: { status: 'succeed' } };
  api.answers['/quickQuestion/GetCoins'] = { body: { status: 'succeed', exp: 10, coins: 5 } };
  api.answers['/quickQuestion/GetResult'] = { body: { status: 'succeed', results: RESULTS } };
  api.answers['/profile/GetNextLevelEXP'] = { body: { status: 'succeed', exp: 5, nextLevelExp: 100, remainExp: 95 } };
  api.answers['/profile/CheckEXP'] = { body: { status: 'succeed', level: 1, levelUp: false } };
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/community/main/quick-survey']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/quick-survey" element={<QuickSurveyPage />} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

async function openSnacks(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Snacks/ }));
  return screen.findByRole('group', { name: 'Which snacks do you buy?' });
}

const complete = () => screen.getByRole('button', { name: 'Complete Survey' });
const typeInto = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });

describe('quick survey rules', () => {
  const checkbox = QUESTIONS[0]!;
  test('None of the above clears the other choices and the comment; any other choice clears None', () => {
    const chosen = { keys: ['A', 'OTHER'], comment: 'Candy' };
    expect(toggleChoice(chosen, checkbox, 'NONE')).toEqual({ keys: ['NONE'], comment: '' });
    expect(toggleChoice({ keys: ['NONE'], comment: '' }, checkbox, 'B')).toEqual({ keys: ['B'], comment: '' });
    expect(toggleChoice({ keys: ['NONE'], comment: '' }, checkbox, 'OTHER')).toEqual({ keys: ['OTHER'], comment: '' });
  });

  test('OTHER is removed from the response and the comment goes in codedResponse', () => {
    const payload = responsePayload(QUESTIONS, {
      1: { keys: ['OTHER', 'A'], comment: 'Candy' },
      2: { keys: ['W'], comment: '' },
      3: { keys: [], comment: 'Pretzels' },
    });
    expect(payload).toEqual([
      { jobID: 7, questionIndex: 1, response: ['A'], codedResponse: 'Candy' },
      { jobID: 7, questionIndex: 2, response: ['W'], codedResponse: '' },
      { jobID: 7, questionIndex: 3, response: [], codedResponse: 'Pretzels' },
    ]);
  });
});

describe('quick survey page', () => {
  test('the list: short name and coins, or a check with the text "done"', async () => {
    stubHappyPath();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Quick surveys' });
    const [snacks, coffee] = within(list).getAllByRole('button');
    expect(snacks).toHaveTextContent('Snacks');
    expect(snacks).toHaveTextContent('5 coins');
    expect(coffee).toHaveAccessibleName('Coffee done');
    expect(coffee).not.toHaveTextContent('coins');
  });

  test('None clears the other choices; another choice clears None; Other reveals a comment box', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    const group = await openSnacks(user);
    expect(api.calls.find((call) => call.path === '/quickQuestion/GetQuestions')?.body).toBe(7);
    const box = (name: string) => within(group).getByRole('checkbox', { name });
    await user.click(box('Chips'));
    await user.click(box('Other'));
    expect(within(group).getByRole('textbox')).toBeInTheDocument();
    await user.click(box('None of the above'));
    expect(box('None of the above')).toBeChecked();
    expect(box('Chips')).not.toBeChecked();
    expect(box('Other')).not.toBeChecked();
    expect(within(group).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(box('Nuts'));
    expect(box('Nuts')).toBeChecked();
    expect(box('None of the above')).not.toBeChecked();
  });

  test('comments: 2 to 200 characters, for Other and for a textbox; Complete Survey only when all are answered', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    const group = await openSnacks(user);
    const favourite = screen.getByRole('textbox', { name: 'Your favourite snack?' });
    await user.click(within(group).getByRole('checkbox', { name: 'Chips' }));
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    typeInto(favourite, 'P');
    expect(complete()).toBeDisabled();
    typeInto(favourite, 'Pr');
    expect(complete()).toBeEnabled();
    typeInto(favourite, 'x'.repeat(200));
    expect(complete()).toBeEnabled();
    typeInto(favourite, 'x'.repeat(201));
    expect(complete()).toBeDisabled();
    expect(screen.getByText(/Comments are limited to 200 characters\./)).toBeInTheDocument();
    typeInto(favourite, 'Pretzels');
    expect(complete()).toBeEnabled();

    await user.click(within(group).getByRole('checkbox', { name: 'Other' }));
    expect(complete()).toBeDisabled();
    const other = within(group).getByRole('textbox');
    typeInto(other, 'C');
    expect(complete()).toBeDisabled();
    typeInto(other, 'Ca');
    expect(complete()).toBeEnabled();
    typeInto(other, 'y'.repeat(201));
    expect(complete()).toBeDisabled();
    typeInto(other, 'y'.repeat(200));
    expect(complete()).toBeEnabled();
  });

  test('radio questions need an answer', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    const group = await openSnacks(user);
    await user.click(within(group).getByRole('checkbox', { name: 'Chips' }));
    typeInto(screen.getByRole('textbox', { name: 'Your favourite snack?' }), 'Pretzels');
    expect(complete()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(complete()).toBeEnabled();
  });

  test('completing: UpdateResponse without OTHER, GetCoins, the reward dialog, then the results with their numbers in text', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    const group = await openSnacks(user);
    await user.click(within(group).getByRole('checkbox', { name: 'Other' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Nuts' }));
    typeInto(within(group).getByRole('textbox'), 'Candy');
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    typeInto(screen.getByRole('textbox', { name: 'Your favourite snack?' }), 'Pretzels');
    api.calls.length = 0;
    await user.click(complete());

    const dialog = await screen.findByRole('dialog', { name: /Reward earned|Task complete/ });
    expect(dialog).toHaveTextContent('Quick survey: Snacks');
    expect(within(dialog).getByTestId('reward-coins')).toHaveTextContent('+5 coins');
    expect(within(dialog).getByTestId('reward-exp')).toHaveTextContent('+10 EXP');
    const update = api.calls.find((call) => call.path === '/quickQuestion/UpdateResponse');
    expect(update?.body).toEqual([
      { jobID: 7, questionIndex: 1, response: ['B'], codedResponse: 'Candy' },
      { jobID: 7, questionIndex: 2, response: ['W'], codedResponse: '' },
      { jobID: 7, questionIndex: 3, response: [], codedResponse: 'Pretzels' },
    ]);
    const order = api.paths().filter((path) => path.startsWith('/quickQuestion/'));
    expect(order.indexOf('/quickQuestion/UpdateResponse')).toBeLessThan(order.indexOf('/quickQuestion/GetCoins'));
    expect(api.calls.find((call) => call.path === '/quickQuestion/GetCoins')?.body).toBe(7);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const table = await screen.findByRole('table', { name: 'Which snacks do you buy?' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Chips12 (60%)', 'Nuts6 (30%)', 'Other2 (10%)', 'None of the above0 (0%)']);
    expect(within(table).getByRole('rowheader', { name: 'Chips' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'How often?' })).toHaveTextContent('Daily3 (75%)');
  });

  test('a done survey opens on its results; Go back to List returns to the list', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Coffee done' }));
    expect(await screen.findByRole('table', { name: 'How often?' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/quickQuestion/GetResult')?.body).toBe(8);
    expect(api.paths()).not.toContain('/quickQuestion/GetQuestions');
    await user.click(screen.getByRole('button', { name: 'Go back to List' }));
    expect(await screen.findByRole('list', { name: 'Quick surveys' })).toBeInTheDocument();
  });

  test('every survey done: the empty-state text, the done ones still listed', async () => {
    api.answers['/quickQuestion/GetStudies'] = { body: { status: 'succeed', filteredStudyDatas: [STUDIES[1]] } };
    renderPage();
    expect(
      await screen.findByText('You have answered our most recent quick surveys, but we will have more soon. Please check back tomorrow!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coffee done' })).toBeInTheDocument();
  });

  test("the list fails: 'Failed to Retrieve Quick Question List'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/quickQuestion/GetStudies'] = { status: 500, body: {} };
    renderPage();
    expect(await screen.findByRole('dialog', { name: 'Failed to Retrieve Quick Question List' })).toBeInTheDocument();
  });

  test("the questions fail: 'Failed to Retrieve Quick Question Information'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/quickQuestion/GetQuestions'] = { status: 500, body: {} };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Snacks/ }));
    expect(await screen.findByRole('dialog', { name: 'Failed to Retrieve Quick Question Information' })).toBeInTheDocument();
  });

  test("the results fail: 'Failed to Retrieve Quick Question Answers'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/quickQuestion/GetResult'] = { status: 500, body: {} };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Coffee done' }));
    expect(await screen.findByRole('dialog', { name: 'Failed to Retrieve Quick Question Answers' })).toBeInTheDocument();
  });

  async function answerAll(user: ReturnType<typeof userEvent.setup>) {
    const group = await openSnacks(user);
    await user.click(within(group).getByRole('checkbox', { name: 'Chips' }));
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    typeInto(screen.getByRole('textbox', { name: 'Your favourite snack?' }), 'Pretzels');
    await user.click(complete());
  }

  test("saving fails: 'Failed to save Quick Question Answer'; a non-success status shows its text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/quickQuestion/UpdateResponse'] = { status: 500, body: {} };
    const user = userEvent.setup();
    renderPage();
    await answerAll(user);
    const dialog = await screen.findByRole('dialog', { name: 'Failed to save Quick Question Answer' });
    expect(api.paths()).not.toContain('/quickQuestion/GetCoins');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    api.answers['/quickQuestion/UpdateResponse'] = { body: { status: 'failed', message: 'Already answered' } };
    await user.click(complete());
    expect(await screen.findByRole('dialog', { name: 'Failed to save Quick Question Answer' })).toHaveTextContent(
      'failed: Already answered',
    );
  });

  test("the coins fail: 'Failed to Retrieve PK Coins', and the results still show", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/quickQuestion/GetCoins'] = { status: 500, body: {} };
    const user = userEvent.setup();
    renderPage();
    await answerAll(user);
    expect(await screen.findByRole('dialog', { name: 'Failed to Retrieve PK Coins' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'How often?' })).toBeInTheDocument();
  });
});

describe('quick survey page in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  async function renderInSpanish() {
    setLanguage('es');
    stubHappyPath();
    const user = userEvent.setup();
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderPage());
    return user;
  }

  test('the list, a survey with its comment rule and count, in Spanish; the questions are as staff wrote them', async () => {
    const user = await renderInSpanish();
    expect(await screen.findByRole('heading', { name: 'Encuesta rápida', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Encuestas rápidas' });
    const [snacks, coffee] = within(list).getAllByRole('button');
    expect(snacks).toHaveTextContent('5 monedas');
    expect(coffee).toHaveAccessibleName('Coffee terminada');
    const snackQuestion = await openSnacks(user);
    await user.click(within(snackQuestion).getByRole('checkbox', { name: 'Other' }));
    const other = within(snackQuestion).getByRole('textbox', { name: 'Cuéntenos sobre su otra respuesta' });
    typeInto(other, 'x'.repeat(201));
    expect(other).toHaveAccessibleDescription('Los comentarios tienen un límite de 200 caracteres. 201 / 200 caracteres');
    expect(screen.getByRole('button', { name: 'Completar encuesta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Volver a la lista' })).toBeInTheDocument();
  });

  test("the results: the heading and the charts' column names in Spanish", async () => {
    const user = await renderInSpanish();
    await user.click(await screen.findByRole('button', { name: 'Coffee terminada' }));
    expect(await screen.findByRole('heading', { name: 'Coffee: lo que respondieron los probadores' })).toBeInTheDocument();
    const chart = await screen.findByRole('table', { name: 'How often?' });
    expect(
      within(chart)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Respuesta', 'Probadores']);
  });
});
