// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { setLanguage } from '../../hooks/use-entry-language';
import { ConfirmEmailPage } from './confirm-email-page';

/** The e-mail confirmation page in Spanish (issue 28; decision 118). */

const { answers } = fakeApi();
afterEach(() => setLanguage('en'));

async function renderInSpanish(url: string) {
  setLanguage('es');
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/account/checkConfirmEmail" element={<ConfirmEmailPage />} />
          <Route path="/community/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

describe('e-mail confirmation in Spanish', () => {
  test('confirmed: the thanks and the countdown in Spanish', async () => {
    answers['/account/CheckConfirmEmail'] = { body: { status: 'confirmed' } };
    await renderInSpanish('/account/checkConfirmEmail?userId=tester-1&code=code-1');
    expect(await screen.findByText('¡Gracias! Su correo electrónico está confirmado y su cuenta está lista.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirmación del correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Le llevaremos a la página de inicio de sesión en 5 segundos…');
    expect(screen.getByRole('link', { name: 'Iniciar sesión ahora' })).toBeInTheDocument();
  });

  test('a failed link: the failure texts and Tester Services in Spanish', async () => {
    answers['/account/CheckConfirmEmail'] = { body: { status: 'failed' } };
    await renderInSpanish('/account/checkConfirmEmail?userId=tester-1&code=used');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Algo salió mal con su enlace. Por favor seleccione de nuevo el enlace de su correo electrónico o comuníquese con Servicios al Probador',
    );
    expect(alert).toHaveTextContent('¡Vaya! Parece que hay un problema con el enlace...');
    expect(screen.getByText(/^Servicios al Probador:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toBeInTheDocument();
  });
});
