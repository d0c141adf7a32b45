// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { fakeApi } from '../../../test/fake-api';
import { renderInSpanish } from '../../../test/in-spanish';
import { setLanguage } from '../../hooks/use-entry-language';
import { RecoveryPagesAt } from './recovery-test-helpers';

/** Account recovery in Spanish (issue 28; decision 118): the tab's language, the server's answers as they come. */

const { answers } = fakeApi();
afterEach(() => setLanguage('en'));

const renderAt = (url: string) => renderInSpanish(<RecoveryPagesAt url={url} />);

describe('account recovery in Spanish', () => {
  test('find username: the tabs, the rules, the found name and the failure in Spanish', async () => {
    const user = userEvent.setup();
    await renderAt('/community/findinfo/username');
    expect(await screen.findByRole('heading', { name: '¿Olvidó su nombre de usuario o su contraseña?' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Buscar nombre de usuario', 'Restablecer contraseña']);
    expect(screen.getByRole('tablist', { name: 'Recuperar la cuenta' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buscar nombre de usuario' }));
    expect(screen.getByText('Por favor ingrese su nombre.')).toBeInTheDocument();
    expect(screen.getByText('Por favor ingrese un correo electrónico válido')).toBeInTheDocument();

    answers['/account/findusername'] = { body: { status: 'succeed', userName: 'demotester1', message: '' } };
    await user.type(screen.getByLabelText('Nombre'), 'Dana');
    await user.type(screen.getByLabelText('Apellido'), 'Tester');
    await user.type(screen.getByLabelText('Correo electrónico'), 'demo.tester@testerhub.example');
    await user.click(screen.getByRole('button', { name: 'Buscar nombre de usuario' }));
    const found = await screen.findByRole('dialog', { name: 'Su nombre de usuario' });
    expect(found).toHaveTextContent('Su nombre de usuario es demotester1');
    expect(found).toHaveTextContent('También se lo enviamos a su correo electrónico.');
    await user.click(within(found).getByRole('button', { name: 'Cerrar' }));

    answers['/account/findusername'] = { body: { status: 'failed', userName: '', message: 'No se encontró el nombre de usuario' } };
    await user.click(screen.getByRole('button', { name: 'Buscar nombre de usuario' }));
    const failed = await screen.findByRole('dialog');
    expect(within(failed).getByRole('heading')).toHaveTextContent('Error');
    expect(failed).toHaveTextContent('No se encontró el nombre de usuario');
  });

  test('forgot password: its rules, the sent popup and a refusal (429) in Spanish', async () => {
    const user = userEvent.setup();
    await renderAt('/community/findinfo/password');
    await user.click(await screen.findByRole('button', { name: 'Restablecer contraseña' }));
    expect(screen.getByLabelText('Nombre de usuario')).toHaveAccessibleDescription('Por favor ingrese su nombre de usuario.');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(message('emailInvalid', 'es'));

    answers['/account/forgotpassword'] = { status: 429, body: { message: message('tooManyRequests', 'es') } };
    await user.type(screen.getByLabelText('Nombre de usuario'), 'demotester1');
    await user.type(screen.getByLabelText('Correo electrónico'), 'demo.tester@testerhub.example');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    const refused = await screen.findByRole('dialog');
    expect(within(refused).getByRole('heading')).toHaveTextContent('Demasiados intentos');
    expect(refused).toHaveTextContent(message('tooManyRequests', 'es'));
    await user.click(within(refused).getByRole('button', { name: 'Cerrar' }));

    answers['/account/forgotpassword'] = { body: { status: 'succeed', message: '' } };
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    const sent = await screen.findByRole('dialog', { name: 'Revise su correo electrónico' });
    expect(sent).toHaveTextContent('Revise su correo electrónico para ver las instrucciones para restablecer su contraseña.');
    await user.click(within(sent).getByRole('button', { name: 'Ir a iniciar sesión' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  test('the reset link page: its hint, the rules, and the success in Spanish', async () => {
    answers['/account/ResetPassword'] = { body: { status: 'succeed', message: '' } };
    const user = userEvent.setup();
    await renderAt('/account/resetPassword?userId=tester-1&code=code-1');
    expect(await screen.findByRole('heading', { name: 'Elija una nueva contraseña' })).toBeInTheDocument();
    const password = screen.getByLabelText('Nueva contraseña');
    expect(password).toHaveAccessibleDescription(
      'De 8 a 20 caracteres, con al menos un número, una letra minúscula, una letra mayúscula y un carácter especial.',
    );
    await user.type(password, 'abcdefgh');
    expect(screen.getByText(message('passwordDigit', 'es'))).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'New#Pass1');
    await user.type(screen.getByLabelText('Confirme la nueva contraseña'), 'New#Pass1');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contraseña restablecida' });
    expect(dialog).toHaveTextContent('Su contraseña fue restablecida. Haga clic en Cerrar para ir a la página de inicio de sesión');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  test('a reset link without its code: "Enlace no válido" at once', async () => {
    await renderAt('/account/resetPassword');
    const dialog = await screen.findByRole('dialog', { name: 'Enlace no válido' });
    expect(dialog).toHaveTextContent('Algo salió mal con su enlace. Por favor seleccione de nuevo el enlace de su correo electrónico...');
    expect(within(dialog).getByRole('button', { name: 'Ir a iniciar sesión' })).toBeInTheDocument();
  });
});
