// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from '@testerhub/shared/account-messages';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLanguage } from '../../hooks/use-entry-language';
import { ChildRegistrationForm } from './child-registration-form';

/**
 * The child form's field messages in the tester's language (issue 28, "Spanish, end to end";
 * decision 131): the shared schema's own texts (names, birth date) and the catalogue's, Spanish for a
 * Spanish reader. Only Date is faked (mid-June), so a later month of this year is in the future.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 15, 12));
});
afterEach(() => {
  vi.useRealTimers();
  setLanguage('en');
});

async function renderForm(language: 'en' | 'es') {
  setLanguage(language);
  await act(async () => {
    render(<ChildRegistrationForm busy={false} onRegister={vi.fn()} />);
  });
  return userEvent.setup();
}

type Labels = Record<'firstName' | 'lastName' | 'phone' | 'race' | 'gender', string>;

async function fillButTheDate(user: ReturnType<typeof userEvent.setup>, labels: Labels) {
  for (const [label, value] of [
    [labels.firstName, 'Mia'],
    [labels.lastName, 'Rivera'],
    [labels.phone, '3125550142'],
  ]) {
    const box = screen.getByRole('textbox', { name: label });
    await user.clear(box);
    await user.type(box, value!);
  }
  await user.selectOptions(screen.getByRole('combobox', { name: labels.race }), 'A');
  await user.selectOptions(screen.getByRole('combobox', { name: labels.gender }), 'F');
}

describe('the child form messages', () => {
  test('in Spanish: required, too long, phone, race, a year not chosen', async () => {
    const user = await renderForm('es');
    const firstName = await screen.findByRole('textbox', { name: 'Nombre' });
    await user.click(firstName);
    await user.tab();
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Apellido' }), 'R'.repeat(51));
    await user.type(screen.getByRole('textbox', { name: 'Número de teléfono' }), '312555');
    await user.tab();
    expect(await screen.findByText('Use como máximo 50 caracteres.')).toBeInTheDocument();
    expect(await screen.findByText(message('phoneInvalid', 'es'))).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Raza' }));
    await user.tab();
    expect(await screen.findByText('Por favor elija una raza.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Año' }));
    await user.tab();
    expect(await screen.findByText('El año es obligatorio.')).toBeInTheDocument();

    expect(screen.queryByText(/is required|must be|Use at most|Please/)).toBeNull();
  });

  test('in Spanish: a birth date in the future, once the rest is right', async () => {
    const user = await renderForm('es');
    await fillButTheDate(user, { firstName: 'Nombre', lastName: 'Apellido', phone: 'Número de teléfono', race: 'Raza', gender: 'Sexo' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Año' }), '2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), 'diciembre');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Día' }), '3');
    await user.tab();
    expect(await screen.findByText('La fecha de nacimiento está en el futuro.')).toBeInTheDocument();
  });

  test('in English, word for word as before', async () => {
    const user = await renderForm('en');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'R'.repeat(51));
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.tab();
    expect(await screen.findByText('Use at most 50 characters.')).toBeInTheDocument();
    expect(await screen.findByText('Year is required.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await fillButTheDate(user, { firstName: 'First name', lastName: 'Last name', phone: 'Phone number', race: 'Race', gender: 'Gender' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'December');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '3');
    await user.tab();
    expect(await screen.findByText('The birth date is in the future.')).toBeInTheDocument();
  });
});
