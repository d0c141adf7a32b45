// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from '@testerhub/shared/account-messages';
import { describe, expect, test, vi } from 'vitest';
import { ChildRegistrationForm } from './child-registration-form';

function renderForm() {
  const onRegister = vi.fn();
  render(<ChildRegistrationForm busy={false} onRegister={onRegister} />);
  return { onRegister, user: userEvent.setup() };
}

const year = () => screen.getByRole('combobox', { name: 'Year' });
const month = () => screen.getByRole('combobox', { name: 'Month' });
const day = () => screen.getByRole('combobox', { name: 'Day' });
const registerButton = () => screen.getByRole('button', { name: 'Register' });

async function fillAll(user: ReturnType<typeof userEvent.setup>, phone = '3125550142') {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mia');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Example');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), phone);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Race' }), 'Asian');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female');
  const thisYear = new Date().getFullYear();
  await user.selectOptions(year(), String(thisYear - 9));
  await user.selectOptions(month(), 'February');
  await user.selectOptions(day(), '3');
}

describe('the child registration form (spec 3, section 5)', () => {
  test('birth years run from this year back 17 years; month waits for the year, day for the month', async () => {
    const { user } = renderForm();
    const thisYear = new Date().getFullYear();
    const years = Array.from(year().querySelectorAll('option'), (option) => option.value).filter(Boolean);
    expect(years).toEqual(Array.from({ length: 18 }, (_, back) => String(thisYear - back)));
    expect(month()).toBeDisabled();
    expect(day()).toBeDisabled();
    await user.selectOptions(year(), '2020');
    expect(month()).toBeEnabled();
    expect(day()).toBeDisabled();
    await user.selectOptions(month(), 'February');
    expect(day()).toBeEnabled();
    // 2020 is a leap year: 29 days; April has 30.
    expect(day().querySelectorAll('option')).toHaveLength(30);
    await user.selectOptions(day(), '29');
    await user.selectOptions(year(), '2021');
    expect(day()).toHaveValue('');
    expect(day().querySelectorAll('option')).toHaveLength(29);
    await user.selectOptions(month(), 'April');
    expect(day().querySelectorAll('option')).toHaveLength(31);
  });

  test('race codes and names as registration uses them, gender M or F', () => {
    renderForm();
    const races = Array.from(screen.getByRole('combobox', { name: 'Race' }).querySelectorAll('option'), (o) => [o.value, o.textContent]);
    expect(races).toEqual([
      ['', 'Choose'],
      ['B', 'African-American'],
      ['A', 'Asian'],
      ['C', 'Caucasian'],
      ['H', 'Hispanic-Bilingual'],
      ['N', 'Hispanic-English Only'],
      ['S', 'Hispanic-Spanish Only'],
      ['O', 'Other'],
      ['R', 'Refused'],
    ]);
    const genders = Array.from(screen.getByRole('combobox', { name: 'Gender' }).querySelectorAll('option'), (o) => o.value);
    expect(genders).toEqual(['', 'M', 'F']);
  });

  test('the phone: its message when not 10 digits, formatted on blur, +1 for 11 digits', async () => {
    const { user } = renderForm();
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '12345');
    await user.tab();
    expect(await screen.findByText(message('phoneInvalid'))).toBeInTheDocument();
    expect(phone).toHaveValue('12345');
    await user.clear(phone);
    await user.type(phone, '3125550142');
    await user.tab();
    expect(phone).toHaveValue('(312)555-0142');
    await waitFor(() => expect(screen.queryByText(message('phoneInvalid'))).toBeNull());
    await user.clear(phone);
    await user.type(phone, '13125550142');
    await user.tab();
    // 11 digits format as +1(...) but the payload needs exactly 10: still refused.
    expect(phone).toHaveValue('+1(312)555-0142');
    expect(await screen.findByText(message('phoneInvalid'))).toBeInTheDocument();
  });

  test('names are limited to 50 characters', async () => {
    const { user } = renderForm();
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.type(first, 'a'.repeat(51));
    await user.tab();
    expect(await screen.findByText('Use at most 50 characters.')).toBeInTheDocument();
  });

  test('Register stays disabled until every field is filled and the phone is valid; it sends the payload', async () => {
    const { user, onRegister } = renderForm();
    expect(registerButton()).toBeDisabled();
    await fillAll(user, '31255501');
    expect(registerButton()).toBeDisabled();
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '42');
    expect(registerButton()).toBeEnabled();
    await user.click(registerButton());
    await waitFor(() => expect(onRegister).toHaveBeenCalledTimes(1));
    expect(onRegister.mock.calls[0]?.[0]).toEqual({
      firstName: 'Mia',
      lastName: 'Example',
      phone: '3125550142',
      race: 'A',
      gender: 'F',
      year: new Date().getFullYear() - 9,
      month: 2,
      day: 3,
    });
  });
});
