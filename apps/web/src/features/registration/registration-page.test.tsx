// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { clearQueryCache } from '../../hooks/use-cached-query';
import { forgetPasswords, rememberPasswords } from './registration-draft';
import { RegistrationPage } from './registration-page';

type Call = { url: string; body: unknown };
let calls: Call[] = [];
let registerAnswer: { status: string; message: string } = { status: 'succeed', message: '' };
/** The how-heard list is answered once this settles (a test holds it to see step 3 while the list loads). */
let adsArrive: Promise<void> = Promise.resolve();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  registerAnswer = { status: 'succeed', message: '' };
  adsArrive = Promise.resolve();
  window.sessionStorage.clear();
  forgetPasswords();
  clearQueryCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url.endsWith('/account/IsInfoExist')) {
        const { username, email } = body as { username: string; email: string };
        return json({ isExists1: username === 'takenname1', isExists2: email === 'taken@example.com' });
      }
      if (url.endsWith('/account/CheckLocation')) return json({ siteId: body === '99501' ? '00006' : '00001', tooFar: body === '99501' });
      if (url.includes('/account/GetRaceList'))
        return json({
          raceInfo: [
            { raceID: 'C', raceName: url.endsWith('es') ? 'Caucásico' : 'Caucasian' },
            { raceID: 'O', raceName: 'Other' },
          ],
        });
      if (url.endsWith('/account/GetMoreInfo')) {
        await adsArrive;
        return json({
          adsInfo: [
            { adID: '2A', adName: 'Facebook' },
            { adID: '0O', adName: 'Other' },
          ],
        });
      }
      if (url.endsWith('/account/register') || url.endsWith('/account/registerExistedUser')) return json(registerAnswer);
      return json({ message: 'not found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole flows typed key by key in jsdom take several seconds.
vi.setConfig({ testTimeout: 30_000 });

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/community/join/account" element={<RegistrationPage step="account" />} />
        <Route path="/community/join/profile" element={<RegistrationPage step="profile" />} />
        <Route path="/community/join/detail" element={<RegistrationPage step="detail" />} />
        <Route path="/community/login" element={<h1>Login page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = (name: string | RegExp) => screen.getByRole('button', { name });

/**
 * Enters a value (after clearing the field) and leaves it, as a visitor pasting it does. One input
 * event instead of one a key: each key re-ran the form's validation, over half the file's CPU.
 * Typing key by key is the e-mail test's own `user.type`.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = field(label);
  await user.clear(input);
  if (value) await user.paste(value);
  await user.tab();
}

/** The error shown for a field: the text its aria-describedby points at, if it is an error. */
function errorOf(label: string | HTMLElement): string | null {
  const control = typeof label === 'string' ? field(label) : label;
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert');
  return error?.textContent ?? null;
}

/**
 * Waits for the field's error to read `expected` (null: no error). The message follows the form's
 * validation, which a busy machine can commit after the keystrokes' promise settles.
 */
async function expectErrorOf(label: string | HTMLElement, expected: string | null, because?: string) {
  await waitFor(() => expect(errorOf(label), because).toBe(expected));
}

const VALID_PASSWORD = 'Abcdef1!';

async function completeStepOne(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'Username', 'newtester1');
  await fill(user, 'E-mail address', 'new@example.com');
  await fill(user, 'Password', VALID_PASSWORD);
  await fill(user, 'Confirm password', VALID_PASSWORD);
  await user.click(submitButton('Next'));
  await screen.findByRole('heading', { name: /Where you live/ });
}

async function completeStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'First name', 'Ana');
  await fill(user, 'Last name', 'Lopez');
  await fill(user, 'Zip code', '60614');
  await fill(user, 'Street address', '1 Main St');
  await fill(user, 'City', 'Chicago');
  await user.selectOptions(screen.getByLabelText('State'), 'IL');
  await waitFor(() => expect(submitButton('Next')).toHaveAttribute('aria-disabled', 'false'));
  await user.click(submitButton('Next'));
  await screen.findByRole('heading', { name: /About you/ });
}

describe('step 1: account', () => {
  test('shows "Step 1 of 3" and every username message, with both length boundaries', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Step 1 of 3');

    await fill(user, 'Username', '');
    await expectErrorOf('Username', 'This field is required.');
    await fill(user, 'Username', 'john doe1');
    await expectErrorOf('Username', 'Username cannot contain spaces.');
    await fill(user, 'Username', 'a'.repeat(7));
    await expectErrorOf('Username', 'Username must contain at least 8 characters.');
    await fill(user, 'Username', 'a'.repeat(8));
    await expectErrorOf('Username', null);
    await fill(user, 'Username', 'a'.repeat(20));
    await expectErrorOf('Username', null);
    await fill(user, 'Username', 'a'.repeat(21));
    await expectErrorOf('Username', 'Username must contain at most 20 characters.');
  });

  test('shows the password messages in the order of the rules, with both length boundaries', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    const cases: [string, string | null][] = [
      ['abcdefgh', 'Password must contain at least one digit.'],
      ['ABCDEFG1', 'Password must contain at least one lowercase letter.'],
      ['abcdefg1', 'Password must contain at least one uppercase letter.'],
      ['Abcdefg1', 'Password must contain at least one special character.'],
      ['Abcde1!', 'Password must contain at least 8 characters.'],
      ['Abcdef1!', null],
      ['Abcdef1!' + 'x'.repeat(12), null],
      ['Abcdef1!' + 'x'.repeat(13), 'Password must contain at most 20 characters.'],
    ];
    for (const [value, expected] of cases) {
      await fill(user, 'Password', value);
      await expectErrorOf('Password', expected, value);
    }
  });

  test('e-mail, confirmation and uniqueness messages; errors follow typing once a field was left', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await fill(user, 'E-mail address', 'not-an-email');
    await expectErrorOf('E-mail address', 'Please enter a valid email address.');
    await user.type(field('E-mail address'), '@example.com');
    await expectErrorOf('E-mail address', null);

    await fill(user, 'Password', VALID_PASSWORD);
    await fill(user, 'Confirm password', 'Abcdef1?');
    await expectErrorOf('Confirm password', 'Passwords do not match. Please ensure they are identical.');

    await fill(user, 'Username', 'takenname1');
    expect(await screen.findByText('Username is already taken. Please choose another name.')).toBeInTheDocument();
    await fill(user, 'E-mail address', 'taken@example.com');
    expect(await screen.findByText('Sorry, this email is already in use. Please choose another one.')).toBeInTheDocument();
    const check = calls.find(
      (call) => call.url === '/api/account/IsInfoExist' && (call.body as { username: string }).username === 'takenname1',
    );
    expect(check?.body).toEqual({ username: 'takenname1', email: '', u: '' });
  });

  test('Next looks disabled until everything is valid; pressing it early shows every problem and focuses the first', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    const next = submitButton('Next');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    // The schema's resolver answers after the click: wait for what the page says.
    await waitFor(() => expect(errorOf('Username')).toBe('This field is required.'));
    await expectErrorOf('Confirm password', 'This field is required.');
    await waitFor(() => expect(field('Username')).toHaveFocus());
    expect(screen.getByRole('heading', { name: /Your account/ })).toBeInTheDocument();

    await fill(user, 'Username', 'newtester1');
    await fill(user, 'E-mail address', 'new@example.com');
    await fill(user, 'Password', VALID_PASSWORD);
    await fill(user, 'Confirm password', 'Abcdef1?');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await fill(user, 'Confirm password', VALID_PASSWORD);
    await waitFor(() => expect(submitButton('Next')).toHaveAttribute('aria-disabled', 'false'));
  });
});

describe('language', () => {
  test('the toggle switches labels and messages to Spanish and back, and is remembered in the session', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderAt('/community/join/account');
    await fill(user, 'Username', 'abc');
    await expectErrorOf('Username', 'Username must contain at least 8 characters.');

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(window.sessionStorage.getItem('isSpanish')).toBe('true');
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('main')).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hágase probador');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Paso 1 de 3');
    await waitFor(() => expect(errorOf('Nombre de usuario')).toBe(message('usernameTooShort', 'es')));
    expect(screen.getByLabelText('Confirme la contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(window.sessionStorage.getItem('isSpanish')).toBe('false');
    // The form words its messages again in the new language once it has checked them (useSchemaForm's trigger).
    await waitFor(() => expect(errorOf('Username')).toBe('Username must contain at least 8 characters.'));
  });

  test('a Spanish session opens in Spanish and step 2 speaks Spanish too', async () => {
    window.sessionStorage.setItem('isSpanish', 'true');
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await fill(user, 'Nombre de usuario', 'newtester1');
    await fill(user, 'Correo electrónico', 'new@example.com');
    await fill(user, 'Contraseña', VALID_PASSWORD);
    await fill(user, 'Confirme la contraseña', VALID_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('heading', { name: /Dónde vive/ });
    await fill(user, 'Código postal', '1234');
    await expectErrorOf('Código postal', message('zipInvalid', 'es'));
    expect(screen.getByText(message('zipInvalid', 'es'))).toBeInTheDocument();
  });
});

test('in Spanish, step 3 links the Spanish terms and shows the Spanish birth-date note', async () => {
  window.sessionStorage.setItem('isSpanish', 'true');
  window.sessionStorage.setItem(
    'registrationDraft',
    JSON.stringify({
      username: 'newtester1',
      email: 'new@example.com',
      firstName: 'Ana',
      lastName: 'Lopez',
      zipCode: '60614',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
    }),
  );
  rememberPasswords({ password: VALID_PASSWORD, confirmation: VALID_PASSWORD });
  renderAt('/community/join/detail');
  expect(await screen.findByRole('heading', { name: /Paso 3 de 3/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'términos y condiciones de la comunidad' })).toHaveAttribute(
    'href',
    '/popup/community-terms?lang=es',
  );
  expect(screen.getByText(message('birthDateNote', 'es'))).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Completar' })).toBeInTheDocument();
});

describe('moving between steps', () => {
  test('Back keeps every value, passwords included, and Next finds step 2 as it was left', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await completeStepOne(user);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Step 2 of 3');
    await fill(user, 'First name', 'Ana');
    await fill(user, 'City', 'Chicago');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: /Your account/ });
    // Focus moves to the step's heading in an effect after it renders.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    expect(field('Username').value).toBe('newtester1');
    expect(field('E-mail address').value).toBe('new@example.com');
    expect(field('Password').value).toBe(VALID_PASSWORD);
    expect(field('Confirm password').value).toBe(VALID_PASSWORD);

    await waitFor(() => expect(submitButton('Next')).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton('Next'));
    await screen.findByRole('heading', { name: /Where you live/ });
    expect(field('First name').value).toBe('Ana');
    expect(field('City').value).toBe('Chicago');
    expect(window.sessionStorage.getItem('registrationDraft')).not.toContain(VALID_PASSWORD);
  });

  test('step 2: Next pressed early shows every problem and focuses the first field, first name', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await completeStepOne(user);
    await screen.findByRole('heading', { name: /Where you live/ });
    await fill(user, 'City', 'Chicago');
    await user.click(submitButton('Next'));
    await expectErrorOf('First name', message('required', 'en'));
    await expectErrorOf('Zip code', message('required', 'en'));
    expect(field('First name')).toHaveFocus();
    expect(screen.getByRole('heading', { name: /Where you live/ })).toBeInTheDocument();
  });

  test('a later step without step 1 done goes to step 1', async () => {
    renderAt('/community/join/detail');
    expect(await screen.findByRole('heading', { name: /Step 1 of 3/ })).toBeInTheDocument();
  });

  test('after a reload (password gone) step 2 returns to step 1 with the other values kept', async () => {
    window.sessionStorage.setItem(
      'registrationDraft',
      JSON.stringify({ username: 'newtester1', email: 'new@example.com', firstName: 'Ana' }),
    );
    renderAt('/community/join/profile');
    expect(await screen.findByRole('heading', { name: /Step 1 of 3/ })).toBeInTheDocument();
    expect(field('Username').value).toBe('newtester1');
    expect(field('E-mail address').value).toBe('new@example.com');
    expect(field('Password').value).toBe('');
    expect(screen.getByRole('status').textContent).toMatch(/enter it again/);
  });

  test('the join page partial profile pre-fills the steps', async () => {
    window.sessionStorage.setItem(
      'registrationDraft',
      JSON.stringify({ firstName: 'Rosa', lastName: 'Alvarez', phone: '(312)555-0100', email: 'rosa@example.com' }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    expect(field('E-mail address').value).toBe('rosa@example.com');
    await fill(user, 'Username', 'rosatester');
    await fill(user, 'Password', VALID_PASSWORD);
    await fill(user, 'Confirm password', VALID_PASSWORD);
    await user.click(submitButton('Next'));
    await screen.findByRole('heading', { name: /Where you live/ });
    expect(field('First name').value).toBe('Rosa');
    expect(field('Last name').value).toBe('Alvarez');
  });
});

describe('step 2: profile', () => {
  test('a zip far from every test site shows the notice; a near one does not', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await completeStepOne(user);
    await fill(user, 'Zip code', '99501');
    expect(await screen.findByText(message('zipTooFar', 'en'))).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/account/CheckLocation' && call.body === '99501')).toBe(true);
    await fill(user, 'Zip code', '60614');
    await waitFor(() => expect(screen.queryByText(message('zipTooFar', 'en'))).toBeNull());
    await fill(user, 'Zip code', '6061');
    await expectErrorOf('Zip code', 'Please enter a 5-digit zip code.');
  });
});

describe('step 2: names (issue 24)', () => {
  test('a name with anything but letters, spaces, hyphens, apostrophes and periods shows the rule; names in any script pass', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await completeStepOne(user);
    await fill(user, 'First name', 'Eve Bcc: x@evil.example');
    await expectErrorOf('First name', 'Use letters, spaces, hyphens, apostrophes and periods only.');
    await fill(user, 'Last name', 'Lopez 2');
    await expectErrorOf('Last name', 'Use letters, spaces, hyphens, apostrophes and periods only.');
    await fill(user, 'First name', 'José-María');
    await expectErrorOf('First name', null);
    await fill(user, 'Last name', 'O’Brien Jr.');
    await expectErrorOf('Last name', null);

    await user.click(screen.getByRole('button', { name: 'Español' }));
    await fill(user, 'Nombre', '<b>Ana</b>');
    await expectErrorOf('Nombre', 'Use solo letras, espacios, guiones, apóstrofos y puntos.');
  });
});

describe('step 3: detail and registration', () => {
  test('date selects unlock in order with the month length; Other needs its detail; Complete registers and goes to login', async () => {
    window.sessionStorage.setItem('referralCode', 'REF42');
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await completeStepOne(user);
    await completeStepTwo(user);
    expect(screen.getByText(message('birthDateNote', 'en'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'community terms and conditions' })).toHaveAttribute('href', '/popup/community-terms');

    await user.selectOptions(screen.getByLabelText('Gender'), 'F');
    await fill(user, 'Phone number', '312555');
    await expectErrorOf('Phone number', 'Please enter a valid phone number with a 10-digit format, including the area code.');
    await fill(user, 'Phone number', '3125550100');
    expect(field('Phone number').value).toBe('(312)555-0100');
    await user.selectOptions(await screen.findByLabelText('Race / ethnicity'), 'C');

    const month = screen.getByLabelText('Month');
    const day = screen.getByLabelText('Day');
    expect(month).toBeDisabled();
    expect(day).toBeDisabled();
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    const years = within(year)
      .getAllByRole('option')
      .slice(1)
      .map((option) => Number(option.textContent));
    const thisYear = new Date().getFullYear();
    expect(years[0]).toBe(thisYear - 13);
    expect(years.at(-1)).toBe(thisYear - 80);
    await user.selectOptions(year, '2000');
    expect(month).toBeEnabled();
    await user.selectOptions(month, '2');
    expect(day).toBeEnabled();
    expect(within(day).getAllByRole('option')).toHaveLength(1 + 29);
    await user.selectOptions(day, '29');
    await user.selectOptions(month, '4');
    expect(within(day).getAllByRole('option')).toHaveLength(1 + 30);
    await user.selectOptions(day, '15');

    await waitFor(() => expect((screen.getByLabelText('How did you hear about us?') as HTMLSelectElement).value).toBe('0O'));
    await user.click(screen.getByRole('checkbox'));
    await user.click(submitButton('Complete'));
    // The form validates asynchronously: wait for its message (read at once, it was missed under load).
    expect(await screen.findByText(message('adDetailRequired', 'en'))).toBeInTheDocument();
    expect(field('Where did you hear about us?')).toHaveFocus();
    await fill(user, 'Where did you hear about us?', 'A poster');

    await user.click(submitButton('Complete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(message('registrationSucceeded', 'en'));
    const registration = calls.find((call) => call.url === '/api/account/register');
    const expectedAge = thisYear - 2000 - (new Date() < new Date(thisYear, 3, 15) ? 1 : 0);
    expect(registration?.body).toEqual({
      Username: 'newtester1',
      EmailAddress: 'new@example.com',
      Password: VALID_PASSWORD,
      FirstName: 'Ana',
      LastName: 'Lopez',
      ZipCode: '60614',
      Address: '1 Main St',
      City: 'Chicago',
      State: 'IL',
      SexID: 'F',
      PhoneNo: '3125550100',
      RaceID: 'C',
      AdID: '0O',
      AdDetail: 'A poster',
      Birth: '2000-04-15',
      CAge: expectedAge,
      Referral: 'REF42',
      DayIndex: 0,
      ContactBestTimeFrom: '07:00',
      ContactBestTimeTo: '17:00',
      AcceptTerms: true,
      Language: 'en',
    });
    expect(window.sessionStorage.getItem('registrationDraft')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  test('the session ad type is preselected when the list has it; a taken username sends the visitor back to step 1', async () => {
    window.sessionStorage.setItem('adType', '2A');
    registerAnswer = { status: 'usernameTaken', message: message('usernameTaken', 'en') };
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account');
    await completeStepOne(user);
    await completeStepTwo(user);
    await user.selectOptions(screen.getByLabelText('Gender'), 'M');
    await fill(user, 'Phone number', '3125550100');
    await user.selectOptions(screen.getByLabelText('Race / ethnicity'), 'O');
    await user.selectOptions(screen.getByLabelText('Year'), '1990');
    await user.selectOptions(screen.getByLabelText('Month'), '1');
    await user.selectOptions(screen.getByLabelText('Day'), '31');
    await waitFor(() => expect((screen.getByLabelText('How did you hear about us?') as HTMLSelectElement).value).toBe('2A'));
    expect(screen.queryByLabelText('Where did you hear about us?')).toBeNull();
    await user.click(screen.getByRole('checkbox'));
    await user.click(submitButton('Complete'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(message('registrationFailed', 'en'));
    expect(dialog.textContent).toContain('Username is already taken. Please choose another name.');
    expect(within(dialog).getByRole('link', { name: /support@/ })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/account/register')?.body).toMatchObject({ AdID: '2A', AdDetail: '' });
    await user.click(within(dialog).getByRole('button', { name: 'Change username or e-mail' }));
    await screen.findByRole('heading', { name: /Your account/ });
    await expectErrorOf('Username', 'Username is already taken. Please choose another name.');
  });
});

/** Opens step 3 with steps 1 and 2 done, as they leave the draft (plus `detail`), and waits for its how-heard list unless told. */
async function openDetailStep(detail: Record<string, unknown> = {}, { waitForList = true } = {}) {
  window.sessionStorage.setItem(
    'registrationDraft',
    JSON.stringify({
      username: 'newtester1',
      email: 'new@example.com',
      firstName: 'Ana',
      lastName: 'Lopez',
      zipCode: '60614',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      ...detail,
    }),
  );
  rememberPasswords({ password: VALID_PASSWORD, confirmation: VALID_PASSWORD });
  renderAt('/community/join/detail');
  const howHeard = await screen.findByRole('combobox', { name: /How did you hear about us\?|¿Cómo se enteró de nosotros\?/ });
  if (waitForList) await waitFor(() => expect(howHeard).toBeEnabled());
}

const registrations = () => calls.filter((call) => call.url === '/api/account/register');

describe('step 3 on the schema form (issue 25)', () => {
  test('Completar pressed early shows every problem at once, in Spanish, and focuses the first, the gender', async () => {
    window.sessionStorage.setItem('isSpanish', 'true');
    const user = userEvent.setup({ delay: null });
    await openDetailStep();
    await user.click(submitButton('Completar'));
    // The schema's resolver answers after the click: wait for what the page says.
    await waitFor(() => expect(errorOf('Género')).toBe(message('genderInvalid', 'es')));
    await expectErrorOf('Número de teléfono', message('required', 'es'));
    await expectErrorOf('Raza / origen étnico', message('raceInvalid', 'es'));
    await expectErrorOf('¿Dónde se enteró de nosotros?', message('adDetailRequired', 'es'));
    const birth = screen.getByRole('group', { name: 'Fecha de nacimiento' });
    expect(within(birth).getByRole('alert').textContent).toBe(message('required', 'es'));
    expect(field('Año')).toHaveAttribute('aria-invalid', 'true');
    await expectErrorOf(screen.getByRole('checkbox'), message('termsRequired', 'es'));
    await waitFor(() => expect(field('Género')).toHaveFocus());
    expect(registrations()).toHaveLength(0);
  });

  test("the date's message waits until focus leaves the three selects, sits on the first still empty, and follows each choice", async () => {
    const user = userEvent.setup({ delay: null });
    await openDetailStep({ gender: 'F', phone: '3125550100', raceId: 'C', adId: '2A' });
    const birth = screen.getByRole('group', { name: 'Date of birth' });
    await user.selectOptions(field('Year'), '2000');
    await user.click(field('Month'));
    expect(within(birth).queryByRole('alert')).toBeNull();
    await user.click(field('Gender'));
    await waitFor(() => expect(within(birth).getByRole('alert').textContent).toBe(message('required', 'en')));
    expect(field('Month')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Year')).toHaveAttribute('aria-invalid', 'false');

    await user.selectOptions(field('Month'), '2');
    await waitFor(() => expect(field('Day')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Month')).toHaveAttribute('aria-invalid', 'false');
    await user.selectOptions(field('Day'), '29');
    await waitFor(() => expect(within(birth).queryByRole('alert')).toBeNull());
    // 2001 has no 29 February: the day is dropped and asked for again.
    await user.selectOptions(field('Year'), '2001');
    await waitFor(() => expect(within(birth).getByRole('alert').textContent).toBe(message('required', 'en')));
    expect(field('Day').value).toBe('');
    expect(field('Day')).toHaveAttribute('aria-invalid', 'true');

    // A submit focuses the first empty select (the date comes before the terms box, still unticked).
    await user.click(submitButton('Complete'));
    await waitFor(() => expect(field('Day')).toHaveFocus());
  });

  test('a stored how-heard value the list lacks shows as Other; its detail is asked for and focused before the terms, then sent', async () => {
    const user = userEvent.setup({ delay: null });
    await openDetailStep({ gender: 'M', phone: '3125550100', raceId: 'C', adId: '9Z', year: '1990', month: '1', day: '31' });
    await waitFor(() => expect(screen.getByLabelText('How did you hear about us?')).toHaveValue('0O'));
    expect(field('Phone number').value).toBe('3125550100');
    await user.click(submitButton('Complete'));
    await waitFor(() => expect(errorOf('Where did you hear about us?')).toBe(message('adDetailRequired', 'en')));
    await expectErrorOf(screen.getByRole('checkbox'), message('termsRequired', 'en'));
    await waitFor(() => expect(field('Where did you hear about us?')).toHaveFocus());

    await fill(user, 'Where did you hear about us?', 'A poster');
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submitButton('Complete')).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton('Complete'));
    await screen.findByRole('dialog');
    expect(registrations()[0]?.body).toMatchObject({
      SexID: 'M',
      PhoneNo: '3125550100',
      RaceID: 'C',
      AdID: '0O',
      AdDetail: 'A poster',
      Birth: '1990-01-31',
      AcceptTerms: true,
    });
  });

  test('Complete while the how-heard list loads does not register; once the list is there it does, once', async () => {
    let listAnswered = () => {};
    adsArrive = new Promise((resolve) => (listAnswered = resolve));
    const user = userEvent.setup({ delay: null });
    const detail = { gender: 'F', phone: '3125550100', raceId: 'C', adId: '2A', year: '1990', month: '6', day: '15', acceptTerms: true };
    await openDetailStep(detail, { waitForList: false });
    const howHeard = screen.getByLabelText('How did you hear about us?');
    expect(howHeard).toBeDisabled();
    expect(submitButton('Complete')).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton('Complete'));

    listAnswered();
    await waitFor(() => expect(howHeard).toHaveValue('2A'));
    expect(howHeard).toBeEnabled();
    await waitFor(() => expect(submitButton('Complete')).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submitButton('Complete'));
    await screen.findByRole('dialog');
    expect(registrations()).toHaveLength(1);
    expect(registrations()[0]?.body).toMatchObject({ AdID: '2A', AdDetail: '' });
  });
});

describe('existing user', () => {
  test('with v and e only the four account fields and a single Complete button; success goes to login', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/community/join/account?v=demo-returning-tester&e=returning%40example.com');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Complete your online account');
    expect(screen.queryByText(/Step 1 of 3/)).toBeNull();
    expect(field('E-mail address').value).toBe('returning@example.com');
    expect(screen.getAllByRole('button', { name: /Complete|Next|Back/ })).toHaveLength(1);
    await fill(user, 'Username', 'rosatester');
    await fill(user, 'Password', VALID_PASSWORD);
    await fill(user, 'Confirm password', VALID_PASSWORD);
    await user.click(submitButton('Complete'));
    const dialog = await screen.findByRole('dialog');
    expect(calls.find((call) => call.url === '/api/account/registerExistedUser')?.body).toEqual({
      E: 'returning@example.com',
      V: 'demo-returning-tester',
      U: '',
      EmailAddress: 'returning@example.com',
      Password: VALID_PASSWORD,
      Username: 'rosatester',
      Language: 'en',
    });
    await act(async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});
