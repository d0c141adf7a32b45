// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { setLanguage } from '../../hooks/use-entry-language';
import { ChildAddOnlyPopup } from './child-add-only-popup';
import { ChildPopup } from './child-popup';
import { KidConfirmationRunner } from './kid-confirmation-runner';

const api = fakeApi();
afterEach(() => setLanguage('en'));

/** Renders in Spanish; the Spanish texts load as a chunk of their own, so the render waits for them. */
async function renderInSpanish(ui: ReactNode) {
  setLanguage('es');
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/community/main/account/general']}>
        <WithPortalQuery>{ui}</WithPortalQuery>
      </MemoryRouter>,
    );
  });
  return userEvent.setup();
}

const kids = (registeredChildren: unknown[]) => ({ body: { status: 'succeed', registeredChildren } });

describe('the children pages in Spanish (issue 28, Spanish end to end)', () => {
  test('the account page popup: the list with the expiry in Spanish, the form in Spanish and the outcome in Spanish', async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([
      { childId: 'b', fullName: 'Mia Tester', isConfirmed: false, expiresAt: '2026-11-24T18:00:00.000Z' },
    ]);
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { body: { status: 'succeed' } };
    const user = await renderInSpanish(<ChildAddOnlyPopup onClose={vi.fn()} />);
    const list = await screen.findByRole('list', { name: 'Sus hijos' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      /^Mia Tester En espera de confirmación \(el registro vence el 24 nov.*\), en espera de una llamada de Tester Services$/,
    );

    await user.click(screen.getByRole('button', { name: 'Registrar a un hijo', pressed: false }));
    expect(screen.getByRole('dialog', { name: 'Registre a su hijo' })).toHaveTextContent(
      'El registro en línea de niños se abre después de su primera visita',
    );
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeDisabled();
    expect(screen.getByText('Llene todos los campos para registrar.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Mia');
    await user.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Ejemplo');
    await user.type(screen.getByRole('textbox', { name: 'Número de teléfono' }), '3125550142');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Raza' }), 'Hispano-Solo español');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sexo' }), 'Femenino');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Año' }), String(new Date().getFullYear() - 9));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), 'enero');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Día' }), '31');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));

    const done = await screen.findByRole('dialog', { name: 'Hijo registrado' });
    expect(done).toHaveTextContent(/^.*Su hijo quedó registrado\. Ahora Tester Services lo llamará por teléfono/);
    expect(within(done).getByRole('button', { name: 'Volver a mis hijos' })).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/account/RegistChildrenWithoutStudyNo')?.body).toMatchObject({
      race: 'S',
      gender: 'F',
      month: 1,
      day: 31,
    });
  });

  test("a refusal: the code's title in Spanish, the server's Spanish detail as it came, and the contact line in Spanish", async () => {
    api.answers['/schedule/GetChildrenInfo'] = kids([]);
    const detail = 'Tester Services debe primero registrar a su hijo y unirlo a su cuenta.';
    api.answers['/account/RegistChildrenWithoutStudyNo'] = { body: { status: '101', detail } };
    const user = await renderInSpanish(<ChildAddOnlyPopup onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Registre a su hijo' });
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Mia');
    await user.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Ejemplo');
    await user.type(screen.getByRole('textbox', { name: 'Número de teléfono' }), '3125550142');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Raza' }), 'Otro');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sexo' }), 'Masculino');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Año' }), String(new Date().getFullYear() - 9));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), 'marzo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Día' }), '3');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    const failed = await screen.findByRole('dialog', { name: 'No se pudo registrar al niño - 101' });
    expect(failed).toHaveTextContent(detail);
    expect(failed).toHaveTextContent('Comuníquese con Tester Services, de lunes a viernes, de 9 a.m. a 5 p.m. CST.');
  });

  test('the kid study\'s "Register your child?" prompt in Spanish: the first-visit rule before the form, Sí and No', async () => {
    api.answers['/schedule/GetChildrenInfo'] = { body: { status: 'noChildren', customChildren: [] } };
    const user = await renderInSpanish(<ChildPopup studyNo={24104} who="kid" onClose={vi.fn()} onStudyRemoved={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '¿Registrar a su hijo?' });
    expect(dialog).toHaveTextContent('El registro en línea de niños se abre después de su primera visita');
    expect(dialog).toHaveTextContent('No encontramos a su hijo. ¿Desea registrarlo?');
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByRole('dialog', { name: 'Elija a su hijo' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Mostrar' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toBeInTheDocument();
  });

  test('the confirmation link (k) says in Spanish that the child is confirmed', async () => {
    window.sessionStorage.setItem('k', '33333333-3333-4333-8333-333333333333');
    api.answers['/account/ConfirmKid'] = { body: { status: 'succeed', fullName: 'Mia Ejemplo', isConfirmed: true } };
    await renderInSpanish(<KidConfirmationRunner />);
    const dialog = await screen.findByRole('dialog', { name: 'Mia Ejemplo está confirmado' });
    expect(dialog).toHaveTextContent('Su hijo está confirmado. Ya puede hacerle cuestionarios para estudios.');
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });
});
