// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { childPopupStub } from '../../../test/child-popup-stub';
import { WithPortalQuery } from '../../../test/portal-query';
import { screenerStudy } from '../../../test/screener-study';
import { setLanguage } from '../../hooks/use-entry-language';
import { ScreenerPage } from './screener-page';
import { isKidStudy, type Screener } from './study-kind';

function stubScreeners(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: status < 400, status, statusText: String(status), json: async () => body })),
  );
}

function renderPage(state?: { notice: string }) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/community/main/screener', state }]}>
      <WithPortalQuery>
        <Routes>
          <Route path="/community/main/screener" element={<ScreenerPage childPopup={childPopupStub} />} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </WithPortalQuery>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const study = (overrides: Partial<Screener>) => screenerStudy({ screenerStudyNo: 1, ...overrides });

describe('screener list', () => {
  test('kid studies: project types 26-28 or participant types 1, 2, 5', () => {
    for (const projectType of [26, 27, 28]) expect(isKidStudy({ projectType, participantTypeID: 4 })).toBe(true);
    for (const participantTypeID of [1, 2, 5]) expect(isKidStudy({ projectType: 1, participantTypeID })).toBe(true);
    expect(isKidStudy({ projectType: 25, participantTypeID: 3 })).toBe(false);
    expect(isKidStudy({ projectType: 29, participantTypeID: 4 })).toBe(false);
  });

  test('each study shows its icon, colour, label, basic info and coins', async () => {
    stubScreeners(200, [
      study({}),
      study({
        screenerStudyNo: 2,
        projectType: 27,
        colorName: 'Purple',
        testerLabel: 'Kid',
        studyBasicInfo: 'Snack test',
        coinValue: 40,
        isWaitingList: true,
      }),
    ]);
    renderPage();
    const cards = await screen.findAllByTestId('screener-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('img', { name: 'Adult study' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Blue');
    expect(cards[0]).toHaveTextContent('Cereal taste test');
    expect(cards[0]).toHaveTextContent('50 coins');
    expect(within(cards[1]!).getByRole('img', { name: 'Kid study' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Purple');
    expect(cards[1]).toHaveTextContent('Kid');
    expect(cards[1]).toHaveTextContent('Waiting list');
    // One action per study (the click flows are in screener-click.test.tsx).
    expect(within(cards[0]!).getAllByRole('button')).toHaveLength(1);
  });

  test('no studies: the exact empty-state text', async () => {
    stubScreeners(200, []);
    renderPage();
    expect(await screen.findByText('There are no available studies at this time. Please check back later.')).toBeInTheDocument();
  });

  test('a notice the previous page sends (a cancel’s coins taken back) is told as a status above the list', async () => {
    stubScreeners(200, []);
    renderPage({ notice: 'The 100 coins for this booking have been taken back.' });
    expect(await screen.findByText('There are no available studies at this time. Please check back later.')).toBeInTheDocument();
    expect(screen.getByText('The 100 coins for this booking have been taken back.')).toHaveAttribute('role', 'status');
  });

  test('a failure: the error state, then Try again loads the list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubScreeners(500, { message: 'boom' });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the studies. Please try again.');
    expect(logged).toHaveBeenCalled();
    stubScreeners(200, [study({})]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('screener-card')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  test('loading: a status for screen readers, no empty text yet', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading studies…');
    expect(screen.queryByText('There are no available studies at this time. Please check back later.')).not.toBeInTheDocument();
  });

  test('401: to login', async () => {
    stubScreeners(401, { message: 'Please log in.' });
    renderPage();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('in Spanish (issue 28)', () => {
  afterEach(() => setLanguage('en'));

  test('the list, its cards and the teen-or-adult choice speak Spanish', async () => {
    setLanguage('es');
    stubScreeners(200, [study({}), study({ screenerStudyNo: 2, participantTypeID: 3, isWaitingList: true })]);
    const user = userEvent.setup();
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderPage());
    expect(await screen.findByRole('heading', { name: 'Estudios disponibles' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('screener-card');
    expect(cards[0]).toHaveTextContent('50 monedas');
    expect(within(cards[0]!).getByRole('img', { name: 'Estudio para adultos' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Lista de espera');
    await user.click(within(cards[1]!).getByRole('button', { name: /^Responder el cuestionario/ }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quién responde este cuestionario?' });
    expect(within(dialog).getByRole('button', { name: 'Yo mismo' })).toBeInTheDocument();
  });

  test('an empty list says so in Spanish', async () => {
    setLanguage('es');
    stubScreeners(200, []);
    // The Spanish texts load as a chunk of their own: the first render suspends until they come.
    await act(async () => void renderPage());
    expect(await screen.findByText('No hay estudios disponibles en este momento. Vuelva a consultar más tarde.')).toBeInTheDocument();
  });
});
