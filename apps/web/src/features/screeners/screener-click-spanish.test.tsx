// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { childPopupStub } from '../../../test/child-popup-stub';
import { renderInSpanish } from '../../../test/in-spanish';
import { screenerStudy } from '../../../test/screener-study';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { ScreenerPage } from './screener-page';

const api = fakeApi();

const SPANISH_REQUEST_FAILURE =
  'Algo salió mal. Inténtelo de nuevo en un momento o comuníquese con Servicios al Probador si sigue ocurriendo.';

afterEach(() => {
  setLanguage('en');
  vi.restoreAllMocks();
});

/** The screener list in Spanish with one adult study; the tester clicks it and DoScreeners answers as the test set it. */
async function clickTheStudy() {
  api.answers['/schedule/GetScreeners'] = {
    body: [screenerStudy()],
  };
  await renderInSpanish(
    <MemoryRouter initialEntries={['/community/main/screener']}>
      <WithPortalQuery>
        <ScreenerPage childPopup={childPopupStub} />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Cereal taste test \(Blue\)/ }));
  return user;
}

describe("a screener that does not start, in a Spanish tester's words (issue 28)", () => {
  test.each([
    ['a server fault (500)', { status: 500, body: { message: 'Algo salió mal de nuestro lado. Inténtelo más tarde.' } }],
    ['the database away (503)', { status: 503, body: { message: 'El servicio no está disponible.' } }],
  ])('%s: a red Spanish popup with the Spanish generic text, the list stays', async (_case, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/schedule/DoScreeners'] = answer;
    const user = await clickTheStudy();
    const dialog = await screen.findByRole('dialog', { name: 'Error en el cuestionario' });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent(SPANISH_REQUEST_FAILURE);
    expect(dialog).not.toHaveTextContent(/Something went wrong/);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.getAllByTestId('screener-card')).toHaveLength(1);
  });

  test('no answer at all (the network is down): the same Spanish popup', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers['/schedule/DoScreeners'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await clickTheStudy();
    expect(await screen.findByRole('dialog', { name: 'Error en el cuestionario' })).toHaveTextContent(SPANISH_REQUEST_FAILURE);
  });

  test("a refusal the server words (429): the server's Spanish message under the Spanish header", async () => {
    api.answers['/schedule/DoScreeners'] = { status: 429, body: { message: 'Demasiados intentos. Espere un momento.' } };
    await clickTheStudy();
    expect(await screen.findByRole('dialog', { name: 'Error en el cuestionario' })).toHaveTextContent(
      'Demasiados intentos. Espere un momento.',
    );
  });

  test.each([
    ['Screener Failed - 101', 'Error en el cuestionario - 101', 'Su cuestionario está completo y se le dio su crédito'],
    ['Screener Failed - 102', 'Error en el cuestionario - 102', 'Todos los lugares de este estudio ya se llenaron.'],
    ['failed', 'Error en el cuestionario', '¡Oh, no! Este estudio ya no está disponible.'],
  ])('%s without a message: the Spanish header %s and the Spanish explanation', async (status, header, explanation) => {
    api.answers['/schedule/DoScreeners'] = { body: { status } };
    await clickTheStudy();
    const dialog = await screen.findByRole('dialog', { name: header });
    expect(dialog.className).toMatch(/error/);
    expect(dialog).toHaveTextContent(explanation);
  });
});
