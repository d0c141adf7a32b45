// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { ContactPage } from './contact-page';
import { OptInPopup } from './opt-in-popup';
import { PasswordPage } from './password-page';
import { PasswordReminderNotice } from './password-reminder-notice';
import { OPT_IN_COUNT_COOKIE, OPT_IN_PROMPT_DELAY_MS, SmsOptInPrompt } from './sms-opt-in-prompt';

const api = fakeApi();
afterEach(() => {
  vi.useRealTimers();
  document.cookie = `${OPT_IN_COUNT_COOKIE}=; expires=${new Date(0).toUTCString()}; path=/`;
});

const REMINDER_ES = 'Su contraseña se cambió por última vez hace más de 6 meses. Le recomendamos cambiarla cada 6 meses.';

/** Renders in Spanish; the Spanish texts load on first use, so the render waits for them. */
async function renderInSpanish(ui: ReactNode, path = '/community/main/account') {
  setLanguage('es');
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <WithPortalQuery>{ui}</WithPortalQuery>
      </MemoryRouter>,
    );
  });
}

function answerPasswordAge(changeRecommended: boolean) {
  api.answers['/account/GetPasswordAge'] = {
    body: { status: 'succeed', passwordChangedAt: '2025-01-01T00:00:00.000Z', changeRecommended, reminderMonths: 6 },
  };
}

describe('account settings in Spanish (issue 28, Spanish end to end)', () => {
  test('the contact page: labels, its own field messages, the too-far notice and a failure popup in Spanish', async () => {
    api.answers['/account/GetContact'] = {
      body: { status: 'succeed', address: '1 Test Way', city: 'Chicago', zipCode: '60614', homeNo: '3125550100' },
    };
    api.answers['/account/CheckLocation'] = (zip) => ({ body: { siteId: '88888', tooFar: zip === '59001' } });
    api.answers['/account/ChangeContact'] = { body: { status: 'failed' } };
    const user = userEvent.setup();
    await renderInSpanish(<ContactPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cambiar la información de contacto' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('1 Test Way')).toBeInTheDocument();
    expect(screen.getByText('10 dígitos, con el código de área.')).toBeInTheDocument();
    const zip = screen.getByLabelText('Código postal', { exact: false });
    await user.clear(zip);
    await user.type(zip, '6061');
    await user.tab();
    expect(await screen.findByText('Por favor ingrese un código postal de 5 dígitos.')).toBeInTheDocument();
    await user.clear(zip);
    await user.type(zip, '59001');
    await user.tab();
    expect(await screen.findByText(/Su dirección está demasiado lejos/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar la información de contacto' }));
    const failed = await screen.findByRole('dialog', { name: 'Error al actualizar el contacto' });
    expect(failed).toHaveTextContent('No se pudo actualizar la información de contacto.');
    // Still a failure by the popup's rule (its title says "error"): red.
    expect(failed).toHaveClass('modal-dialog--error');
  });

  test('the password page: the reminder, the labels, the form messages and the success popup in Spanish', async () => {
    answerPasswordAge(true);
    api.answers['/account/ChangePassword'] = { body: { status: 'succeed' } };
    const user = userEvent.setup();
    await renderInSpanish(<PasswordPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cambiar la contraseña' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent(REMINDER_ES);
    expect(screen.getByText(/^De 8 a 20 caracteres, con al menos un dígito/)).toBeInTheDocument();
    const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
    await user.type(input('Contraseña nueva'), 'New#Pass12');
    await user.type(input('Confirme la contraseña nueva'), 'New#Pass13');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText('La contraseña actual es obligatoria.')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden. Asegúrese de que sean idénticas.')).toBeInTheDocument();
    expect(api.paths()).not.toContain('/account/ChangePassword');

    await user.type(input('Contraseña actual'), 'Old#Pass1');
    await user.clear(input('Confirme la contraseña nueva'));
    await user.type(input('Confirme la contraseña nueva'), 'New#Pass12');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByRole('dialog', { name: 'Contraseña cambiada' })).toHaveTextContent(
      'Su contraseña se ha cambiado. Se cerró su sesión en todos los demás lugares.',
    );
  });

  test('the portal’s password reminder in Spanish', async () => {
    answerPasswordAge(true);
    await renderInSpanish(<PasswordReminderNotice />, '/community/main/screener');
    const notice = await screen.findByRole('complementary', { name: 'Recordatorio de contraseña' });
    expect(notice).toHaveTextContent(REMINDER_ES);
    expect(within(notice).getByRole('link', { name: 'Cambie su contraseña' })).toHaveAttribute('href', '/community/main/account/password');
    expect(within(notice).getByRole('button', { name: 'Descartar el recordatorio' })).toBeInTheDocument();
  });

  test('the opt-in popup: its title, channels and notes in Spanish', async () => {
    api.answers['/profile/GetContactSetting'] = {
      body: {
        status: 'succeed',
        contactTypes: [
          { contactType: 'Phone', isTurnOn: true },
          { contactType: 'NoText', isTurnOn: false },
          { contactType: 'Email', isTurnOn: true },
        ],
      },
    };
    await renderInSpanish(<OptInPopup onClose={() => undefined} />);
    const popup = await screen.findByRole('dialog', { name: 'Configuración de notificaciones' });
    expect(await within(popup).findByRole('switch', { name: 'Teléfono' })).toBeChecked();
    expect(within(popup).getByRole('switch', { name: 'Mensajes de texto' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(popup).getByRole('switch', { name: 'Correo electrónico' })).toBeChecked();
    expect(popup).toHaveTextContent('Elija cómo podemos comunicarnos con usted.');
    expect(popup).toHaveTextContent('Llamadas sobre estudios para los que podría calificar.');
  });

  test('the SMS prompt: the offer and its confirmation in Spanish', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.answers['/profile/GetSMSContactSetting'] = { body: { status: 'succeed', smsSetting: false } };
    api.answers['/profile/ChangeContactSetting'] = { body: { status: 'succeed', contactType: 'NoText', isTurnOn: true } };
    await renderInSpanish(<SmsOptInPrompt onDone={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(OPT_IN_PROMPT_DELAY_MS + 10));
    const offer = await screen.findByRole('dialog', { name: '¿Desea recibir noticias de estudios por mensaje de texto?' });
    expect(offer).toHaveTextContent('Los estudios se llenan rápido.');
    expect(within(offer).getByRole('button', { name: 'Ahora no' })).toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Activar los mensajes de texto' }));
    expect(await screen.findByRole('dialog', { name: 'Mensajes de texto activados' })).toHaveTextContent(
      '¡Gracias! Le enviaremos mensajes de texto sobre estudios a los que pueda unirse.',
    );
  });
});
