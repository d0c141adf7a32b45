// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderInSpanish } from '../../../test/in-spanish';
import { setLanguage } from '../../hooks/use-entry-language';
import { ConfirmEmailAt } from './confirm-email-test-helpers';

/** The e-mail confirmation page in Spanish (issue 28; decision 118). */

const { answers } = fakeApi();
afterEach(() => setLanguage('en'));

const renderAt = (url: string) => renderInSpanish(<ConfirmEmailAt url={url} />);

describe('e-mail confirmation in Spanish', () => {
  test('confirmed: the thanks and the countdown in Spanish', async () => {
    answers['/account/CheckConfirmEmail'] = { body: { status: 'confirmed' } };
    await renderAt('/account/checkConfirmEmail?userId=tester-1&code=code-1');
    expect(await screen.findByText('¡Gracias! Su correo electrónico está confirmado y su cuenta está lista.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirmación del correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Le llevaremos a la página de inicio de sesión en 5 segundos…');
    expect(screen.getByRole('link', { name: 'Iniciar sesión ahora' })).toBeInTheDocument();
  });

  test('a failed link: the failure texts and Tester Services in Spanish', async () => {
    answers['/account/CheckConfirmEmail'] = { body: { status: 'failed' } };
    await renderAt('/account/checkConfirmEmail?userId=tester-1&code=used');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Algo salió mal con su enlace. Por favor seleccione de nuevo el enlace de su correo electrónico o comuníquese con Servicios al Probador',
    );
    expect(alert).toHaveTextContent('¡Vaya! Parece que hay un problema con el enlace...');
    expect(screen.getByText(/^Servicios al Probador:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toBeInTheDocument();
  });
});
