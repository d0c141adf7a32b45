// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { fakeApi } from '../../../test/fake-api';
import { setLanguage } from '../../hooks/use-entry-language';
import { GENERIC_REQUEST_FAILURE } from '../../lib/request-error';
import { NEW_PASSWORD_HINT } from '../../components/new-password-fields';
import { LoginPage } from './login-page';
import { ChangeCredentialsPage } from './change-credentials-page';

/** The login page in Spanish (issue 28, "Spanish, end to end"; decision 118): the tab's language, switched on the page itself. */

const { answers, calls } = fakeApi();

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/community/login" element={<LoginPage />} />
        <Route path="/community/changePassword" element={<ChangeCredentialsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The accept-language header of each call the page made. */
const sentLanguages = () => vi.mocked(fetch).mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['accept-language']);

beforeEach(() => {
  window.sessionStorage.clear();
  setLanguage('en');
});
afterEach(() => setLanguage('en'));

describe('the login page in Spanish', () => {
  test('Español switches the page at once; its form rules speak Spanish; the server is asked in Spanish', async () => {
    const user = userEvent.setup();
    renderAt('/community/login');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Olvidó su nombre de usuario o desea restablecer su contraseña?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrarse' })).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'Disponible cuando su nombre de usuario tenga más de 6 caracteres.',
    );
    expect(screen.getByText(/¿Necesita ayuda\? Llame a Servicios al Probador al/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByLabelText('Nombre de usuario')).toHaveAccessibleDescription('Por favor ingrese su nombre de usuario.');

    answers['/account/Login'] = { body: { status: 'failed', url: '', message: 'Nombre de usuario o contraseña incorrectos.' } };
    await user.type(screen.getByLabelText('Nombre de usuario'), 'demotester1');
    await user.type(screen.getByLabelText('Contraseña'), 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Error');
    expect(dialog).toHaveTextContent('Nombre de usuario o contraseña incorrectos.');
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/account/Login']);
    expect(sentLanguages()).toEqual(['es']);
  });

  test('"Not confirmed": its title and the resend button in Spanish, the server answer as it comes', async () => {
    setLanguage('es');
    answers['/account/Login'] = { body: { status: 'notConfirmed', url: '', message: 'Primero confirme su correo electrónico.' } };
    answers['/account/ResendConfirmEmail'] = { body: { status: 'succeed', message: 'Le enviamos de nuevo el correo de confirmación.' } };
    const user = userEvent.setup();
    renderAt('/community/login');
    await user.type(await screen.findByLabelText('Nombre de usuario'), 'demotester1');
    await user.type(screen.getByLabelText('Contraseña'), 'Demo#Pass1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Correo no confirmado');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar el correo de nuevo' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Le enviamos de nuevo el correo de confirmación.');
  });

  test('a failure with no message of the server: the Spanish generic text and title', async () => {
    setLanguage('es');
    answers['/account/Login'] = { status: 500, body: { message: 'Something went wrong on our side. Please try again later.' } };
    const user = userEvent.setup();
    renderAt('/community/login');
    await user.type(await screen.findByLabelText('Nombre de usuario'), 'demotester1');
    await user.type(screen.getByLabelText('Contraseña'), 'Demo#Pass1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Algo salió mal');
    expect(dialog).toHaveTextContent(
      'Algo salió mal. Inténtelo de nuevo en un momento o comuníquese con Servicios al Probador si sigue ocurriendo.',
    );
  });

  test('the credential change page in Spanish: its labels, the password rules and their hint', async () => {
    setLanguage('es');
    const user = userEvent.setup();
    renderAt('/community/changePassword');
    expect(await screen.findByRole('heading', { name: 'Actualice su cuenta' })).toBeInTheDocument();
    const password = screen.getByLabelText('Nueva contraseña');
    expect(password).toHaveAccessibleDescription(
      'De 8 a 20 caracteres, con al menos un número, una letra minúscula, una letra mayúscula y un carácter especial.',
    );
    await user.type(password, 'abcdefgh');
    expect(screen.getByText(message('passwordDigit', 'es'))).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirme la nueva contraseña'), 'x');
    expect(screen.getByLabelText('Confirme la nueva contraseña')).toHaveAccessibleDescription(message('passwordMismatch', 'es'));
    expect(screen.getByRole('button', { name: 'Guardar y continuar' })).toBeDisabled();
  });

  test('in English, word for word as before: the shared hint, the generic failure, and the server asked in English', async () => {
    const user = userEvent.setup();
    renderAt('/community/login');
    answers['/account/Login'] = { status: 500, body: {} };
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.type(screen.getByLabelText('Password'), 'Demo#Pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Something went wrong');
    expect(dialog).toHaveTextContent(GENERIC_REQUEST_FAILURE);
    expect(sentLanguages()).toEqual(['en']);
  });

  test('the credential change page in English keeps NEW_PASSWORD_HINT', () => {
    renderAt('/community/changePassword');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(NEW_PASSWORD_HINT);
    expect(screen.getByRole('heading', { name: 'Update your account' })).toBeInTheDocument();
  });
});
