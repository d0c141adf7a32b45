// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { AboutMePage } from './about-me-page';
import type { DossierPage, DossierQuestion } from '@testerhub/shared/about-me-schemas';

const api = fakeApi();

const PAGES: DossierPage[] = [
  { pageID: 3, pageTitle: 'Pets', numCoins: 20 },
  { pageID: 4, pageTitle: 'Food', numCoins: 10 },
];

const QUESTIONS: DossierQuestion[] = [
  {
    questionID: 1,
    questionText: 'Your pets',
    questionSets: [
      {
        questionID: 11,
        questionType: 'C',
        minChecked: 2,
        maxChecked: 3,
        active: true,
        questionText: 'Which pets do you own?',
        dossierAnswers: [
          { answerID: 101, answerText: 'Dog' },
          { answerID: 102, answerText: 'Cat' },
          { answerID: 103, answerText: 'Bird' },
          { answerID: 104, answerText: 'Fish' },
        ],
      },
    ],
  },
  {
    questionID: 2,
    questionText: 'Your home',
    questionSets: [
      {
        questionID: 21,
        questionType: 'B',
        minChecked: 0,
        maxChecked: 0,
        active: true,
        questionText: 'Do you own your home?',
        dossierAnswers: [
          { answerID: 201, answerText: 'Yes' },
          { answerID: 202, answerText: 'No' },
        ],
      },
    ],
  },
];

function stubHappyPath() {
  let pages = PAGES;
  api.answers['/dossier/GetDossierGroup'] = () => ({ body: { status: 'succeed', pageList: pages } });
  api.answers['/dossier/GetDossierGroupQuestions'] = { body: { status: 'succeed', questions: QUESTIONS } };
  api.answers['/dossier/AddDossierAnswer'] = () => {
    pages = PAGES.filter((page) => page.pageID !== 3);
    return { body: { status: 'succeed' } };
  };
  api.answers['/reward/GetCoins'] = { body: { status: 'succeed', isScreenerGetReward: true, exp: 15, coins: 20 } };
  api.answers['/profile/GetNextLevelEXP'] = { body: { status: 'succeed', exp: 5, nextLevelExp: 100, remainExp: 95 } };
  api.answers['/profile/CheckEXP'] = { body: { status: 'succeed', level: 1, levelUp: false } };
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/community/main/about-me']}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/about-me" element={<AboutMePage />} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

async function openPets(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Pets/ }));
  await screen.findByRole('group', { name: 'Which pets do you own?' });
}

const complete = () => screen.getByRole('button', { name: 'Complete Survey' });

describe('About-me page', () => {
  test('lists each group with its title and coins; choosing one asks for its questions with the bare page id', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Question groups' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pets20 coins', 'Food10 coins']);
    await openPets(user);
    expect(api.calls.find((call) => call.path === '/dossier/GetDossierGroupQuestions')?.body).toBe(3);
    expect(screen.getByRole('heading', { name: 'Your pets' })).toBeInTheDocument();
    expect(complete()).toBeDisabled();
  });

  test('checkboxes toggle Y/N; at maxChecked the other boxes are disabled; minChecked is shown and enforced', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    await openPets(user);
    const pets = screen.getByRole('group', { name: 'Which pets do you own?' });
    expect(pets).toHaveTextContent('Choose at least 2 and at most 3.');
    const box = (name: string) => within(pets).getByRole('checkbox', { name });
    for (const name of ['Dog', 'Cat', 'Bird', 'Fish']) expect(box(name)).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(box('Dog'));
    expect(box('Dog')).toBeChecked();
    // One box is below the minimum of 2.
    expect(complete()).toBeDisabled();
    await user.click(box('Cat'));
    expect(complete()).toBeEnabled();
    await user.click(box('Bird'));
    expect(box('Fish')).toBeDisabled();
    expect(box('Dog')).toBeEnabled();
    await user.click(box('Fish'));
    expect(box('Fish')).not.toBeChecked();
    // Toggling a Y box back to N frees a place.
    await user.click(box('Bird'));
    expect(box('Bird')).not.toBeChecked();
    expect(box('Fish')).toBeEnabled();
    await user.click(box('Dog'));
    expect(complete()).toBeDisabled();
  });

  test('Complete Survey stays disabled while a radio set is still N', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    await openPets(user);
    const pets = screen.getByRole('group', { name: 'Which pets do you own?' });
    await user.click(within(pets).getByRole('checkbox', { name: 'Dog' }));
    await user.click(within(pets).getByRole('checkbox', { name: 'Cat' }));
    expect(complete()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(complete()).toBeEnabled();
  });

  test('saving: AddDossierAnswer, then GetCoins { StudyNo, RewardType: Dossier }, then the reward dialog; the answered group leaves the list', async () => {
    stubHappyPath();
    const user = userEvent.setup();
    renderPage();
    await openPets(user);
    const pets = screen.getByRole('group', { name: 'Which pets do you own?' });
    await user.click(within(pets).getByRole('checkbox', { name: 'Cat' }));
    await user.click(within(pets).getByRole('checkbox', { name: 'Dog' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    api.calls.length = 0;
    await user.click(complete());

    const dialog = await screen.findByRole('dialog', { name: /Reward earned|Task complete/ });
    expect(dialog).toHaveTextContent('About me: Pets');
    expect(within(dialog).getByTestId('reward-coins')).toHaveTextContent('+20 coins');
    expect(within(dialog).getByTestId('reward-exp')).toHaveTextContent('+15 EXP');
    // The list is asked again beside them (the answered group leaves it).
    const writes = api.calls.filter((call) => call.path !== '/dossier/GetDossierGroup');
    expect(writes.map((call) => call.path).slice(0, 3)).toEqual([
      '/dossier/AddDossierAnswer',
      '/reward/GetCoins',
      '/profile/GetNextLevelEXP',
    ]);
    expect(writes[0]!.body).toEqual([
      { questionID: 11, answerIDs: [101, 102], answerText: 'Dog, Cat' },
      { questionID: 21, answerIDs: [201], answerText: 'Yes' },
    ]);
    expect(writes[1]!.body).toEqual({ StudyNo: 3, RewardType: 'Dossier' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const list = await screen.findByRole('list', { name: 'Question groups' });
    await waitFor(() => expect(within(list).queryByRole('button', { name: /Pets/ })).not.toBeInTheDocument());
    expect(within(list).getByRole('button', { name: /Food/ })).toBeInTheDocument();
  });

  test('a reward paid before shows no reward dialog', async () => {
    stubHappyPath();
    api.answers['/reward/GetCoins'] = { body: { status: 'succeed', isScreenerGetReward: false, exp: 0, coins: 0 } };
    const user = userEvent.setup();
    renderPage();
    await openPets(user);
    const pets = screen.getByRole('group', { name: 'Which pets do you own?' });
    await user.click(within(pets).getByRole('checkbox', { name: 'Cat' }));
    await user.click(within(pets).getByRole('checkbox', { name: 'Dog' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(complete());
    await screen.findByRole('list', { name: 'Question groups' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths()).not.toContain('/profile/CheckEXP');
  });

  test('no group left: the exact empty-state text', async () => {
    api.answers['/dossier/GetDossierGroup'] = { body: { status: 'succeed', pageList: [] } };
    renderPage();
    expect(
      await screen.findByText('You have answered our most recent questions, but we will have more soon. Please check back tomorrow!'),
    ).toBeInTheDocument();
  });

  test("the group list fails: 'Failed to retrieve dossier groups', in the generic popup", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/dossier/GetDossierGroup'] = { status: 500, body: { message: 'boom' } };
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'Failed to retrieve dossier groups' });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent('Tester Services');
  });

  test('a non-success status of the list shows its status text', async () => {
    api.answers['/dossier/GetDossierGroup'] = { body: { status: 'failed', message: 'No profile' } };
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'Failed to retrieve dossier groups' });
    expect(dialog).toHaveTextContent('failed: No profile');
  });

  async function answerAndComplete() {
    const user = userEvent.setup();
    renderPage();
    await openPets(user);
    const pets = screen.getByRole('group', { name: 'Which pets do you own?' });
    await user.click(within(pets).getByRole('checkbox', { name: 'Dog' }));
    await user.click(within(pets).getByRole('checkbox', { name: 'Cat' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(complete());
  }

  test("saving fails: 'Failed to Save About me Response', no coins asked", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/dossier/AddDossierAnswer'] = { status: 500, body: { message: 'boom' } };
    await answerAndComplete();
    expect(await screen.findByRole('dialog', { name: 'Failed to Save About me Response' })).toBeInTheDocument();
    expect(api.paths()).not.toContain('/reward/GetCoins');
  });

  test("saving refused (400) shows the server's message under 'Failed to Save About me Response'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/dossier/AddDossierAnswer'] = {
      status: 400,
      body: { status: 'invalid', field: '0.answerIDs', message: 'Choose at least 2.' },
    };
    await answerAndComplete();
    const dialog = await screen.findByRole('dialog', { name: 'Failed to Save About me Response' });
    expect(dialog).toHaveTextContent('Choose at least 2.');
  });

  test("the coins fail: 'Failed to Retrieve PK Coins' (a failure status too)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHappyPath();
    api.answers['/reward/GetCoins'] = { status: 500, body: { message: 'boom' } };
    await answerAndComplete();
    expect(await screen.findByRole('dialog', { name: 'Failed to Retrieve PK Coins' })).toBeInTheDocument();
  });

  test("GetCoins answering status 'failed' shows 'Failed to Retrieve PK Coins' with the status", async () => {
    stubHappyPath();
    api.answers['/reward/GetCoins'] = { body: { status: 'failed' } };
    await answerAndComplete();
    const dialog = await screen.findByRole('dialog', { name: 'Failed to Retrieve PK Coins' });
    expect(dialog).toHaveTextContent('failed');
  });
});

describe('About-me page in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('the list, a group with its rule and count, and its button read Spanish; the questions are as staff wrote them', async () => {
    setLanguage('es');
    stubHappyPath();
    const user = userEvent.setup();
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderPage());
    expect(await screen.findByRole('heading', { name: 'Sobre mí', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Grupos de preguntas' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pets20 monedas', 'Food10 monedas']);
    await openPets(user);
    expect(screen.getByText('20 monedas por responder todas las preguntas.')).toBeInTheDocument();
    const pets = screen.getByRole('group', { name: 'Which pets do you own?' });
    expect(pets).toHaveTextContent('Elija al menos 2 y como máximo 3. 0 de 3 elegidas.');
    await user.click(within(pets).getByRole('checkbox', { name: 'Dog' }));
    expect(pets).toHaveTextContent('1 de 3 elegidas.');
    expect(screen.getByRole('button', { name: 'Completar encuesta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Volver a la lista' })).toBeInTheDocument();
  });
});
