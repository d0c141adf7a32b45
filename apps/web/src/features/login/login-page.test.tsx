// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ENTRY_TEXTS, message } from '@testerhub/shared/account-messages';
import { fakeApi } from '../../../test/fake-api';
import { LoginPage, isPasswordEnabled } from './login-page';
import { REMEMBER_ME_COOKIE, decodeUsername, encodeUsername } from './remember-me';
import { safeRedirect } from './login-api';

const { answers, calls } = fakeApi();

function cookieValue(name: string): string | undefined {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : undefined;
}

function clearCookies() {
  for (const part of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${part.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function renderLogin(entry: string | { pathname: string; state?: unknown } = '/community/login') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/community/login" element={<LoginPage />} />
        <Route path="/community/main/screener" element={<p>Screener page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
});
afterEach(() => clearCookies());

describe('password field enabling', () => {
  test('the rule: enabled once the trimmed username is longer than 6 characters', () => {
    expect(isPasswordEnabled('')).toBe(false);
    expect(isPasswordEnabled('abcdef')).toBe(false);
    expect(isPasswordEnabled('  abcdef  ')).toBe(false);
    expect(isPasswordEnabled('abcdefg')).toBe(true);
  });

  test('the password field stays disabled through 6 characters and opens at the 7th', async () => {
    const user = userEvent.setup();
    renderLogin();
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    expect(password).toBeDisabled();
    await user.type(username, 'abcdef');
    expect(password).toBeDisabled();
    await user.type(username, 'g');
    expect(password).toBeEnabled();
    await user.type(username, '{Backspace}');
    expect(password).toBeDisabled();
  });
});

describe("the form's messages (shown from the first submit, the first problem's field focused)", () => {
  test('a blank username: its message alone, on the username, which takes the focus; nothing is sent', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('Please enter your username.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/account/Login')).toBeUndefined();
    await user.type(username, 'd');
    expect(username).toHaveAttribute('aria-invalid', 'false');
  });

  test('a username too short to open the password: the password message, the focus stays on the username', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Please enter your password\./);
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  test('an open password left blank: its message and the focus, gone once a password is typed', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Please enter your password.');
    expect(password).toHaveFocus();
    await user.type(password, 'D');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the trimmed username and the password are what is sent', async () => {
    answers['/account/Login'] = { body: { status: 'failed', url: '', message: '' } };
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), '  demotester1 ');
    await user.type(screen.getByLabelText('Password'), 'Demo#Pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    expect(calls.find((call) => call.path === '/account/Login')?.body).toEqual({ username: 'demotester1', password: 'Demo#Pass1' });
  });
});

describe('remember me', () => {
  test('base64 of the username round-trips, also outside Latin-1', () => {
    expect(encodeUsername('demotester1')).toBe(btoa('demotester1'));
    expect(decodeUsername(encodeUsername('josé_ñandú'))).toBe('josé_ñandú');
    expect(decodeUsername('%%%not base64')).toBeNull();
  });

  test('ticked: the username (never the password) is stored base64-encoded for 365 days and prefilled next time', async () => {
    answers['/account/Login'] = { body: { status: 'failed', url: '', message: ENTRY_TEXTS.loginDefault } };
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });
    const user = userEvent.setup();
    const first = renderLogin();
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.type(screen.getByLabelText('Password'), 'Demo#Pass1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    spy.mockRestore();

    expect(cookieValue(REMEMBER_ME_COOKIE)).toBe(btoa('demotester1'));
    expect(document.cookie).not.toContain('Demo#Pass1');
    const write = cookieWrites.find((value) => value.startsWith(`${REMEMBER_ME_COOKIE}=`))!;
    const expires = new Date(/expires=([^;]+)/.exec(write)![1]!).getTime();
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(365);

    first.unmount();
    renderLogin();
    expect(screen.getByLabelText('Username')).toHaveValue('demotester1');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  test('unticking clears the cookie at once', async () => {
    document.cookie = `${REMEMBER_ME_COOKIE}=${encodeURIComponent(btoa('demotester1'))}; path=/`;
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByLabelText('Username')).toHaveValue('demotester1');
    await user.click(screen.getByLabelText('Remember me'));
    expect(cookieValue(REMEMBER_ME_COOKIE)).toBeUndefined();
  });

  test('unticked at login: nothing is stored', async () => {
    answers['/account/Login'] = { body: { status: 'failed', url: '', message: '' } };
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.type(screen.getByLabelText('Password'), 'Demo#Pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    expect(cookieValue(REMEMBER_ME_COOKIE)).toBeUndefined();
  });
});

describe('login answers', () => {
  async function logIn(username = 'demotester1', password = 'Demo#Pass1') {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), username);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    return user;
  }

  test('failed without a message shows the default text in a popup titled with the status', async () => {
    answers['/account/Login'] = { body: { status: 'failed', url: '', message: '' } };
    renderLogin();
    await logIn();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Failed');
    expect(dialog).toHaveTextContent(ENTRY_TEXTS.loginDefault);
    expect(calls.find((call) => call.path === '/account/Login')?.body).toEqual({ username: 'demotester1', password: 'Demo#Pass1' });
  });

  test('notConfirmed shows its status and message', async () => {
    answers['/account/Login'] = { body: { status: 'notConfirmed', url: '', message: 'Please confirm your e-mail address first.' } };
    renderLogin();
    await logIn();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Not confirmed');
    expect(dialog).toHaveTextContent('Please confirm your e-mail address first.');
  });

  test('notConfirmed offers to send the confirmation e-mail again, once, and shows what the server says', async () => {
    answers['/account/Login'] = { body: { status: 'notConfirmed', url: '', message: ENTRY_TEXTS.notConfirmed } };
    answers['/account/ResendConfirmEmail'] = { body: { status: 'succeed', message: ENTRY_TEXTS.confirmationResent } };
    const user = userEvent.setup();
    renderLogin();
    await logIn();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ENTRY_TEXTS.resendConfirmation }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(ENTRY_TEXTS.confirmationResent);
    expect(within(dialog).queryByRole('button', { name: ENTRY_TEXTS.resendConfirmation })).toBeNull();
    // No username or e-mail in the call: the login's cookie names the account.
    expect(calls.filter((call) => call.path === '/account/ResendConfirmEmail').map((call) => call.body)).toEqual([{}]);
  });

  test('a refused resend (too many) shows the server message in place of the button', async () => {
    answers['/account/Login'] = { body: { status: 'notConfirmed', url: '', message: ENTRY_TEXTS.notConfirmed } };
    answers['/account/ResendConfirmEmail'] = { status: 429, body: { message: ENTRY_TEXTS.tooManyRequests } };
    const user = userEvent.setup();
    renderLogin();
    await logIn();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ENTRY_TEXTS.resendConfirmation }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(ENTRY_TEXTS.tooManyRequests);
  });

  test('a rate limit shows the server message', async () => {
    answers['/account/Login'] = { status: 429, body: { message: ENTRY_TEXTS.tooManyRequests } };
    renderLogin();
    await logIn();
    expect(await screen.findByRole('dialog')).toHaveTextContent(ENTRY_TEXTS.tooManyRequests);
  });

  test('succeed goes to the returned url', async () => {
    answers['/account/Login'] = { body: { status: 'succeed', url: '/community/main/screener', message: '' } };
    renderLogin();
    await logIn();
    expect(await screen.findByText('Screener page')).toBeInTheDocument();
  });

  test('changePassword opens the forced change popup; its submit waits for every rule, then success logs in', async () => {
    answers['/account/Login'] = (body) =>
      (body as { password: string }).password === 'Change#Me1'
        ? { body: { status: 'changePassword', url: '', message: '' } }
        : { body: { status: 'succeed', url: '/community/main/screener', message: '' } };
    answers['/account/initializeInformation'] = { body: { status: 'succeed', message: ENTRY_TEXTS.forcedChangeSuccess } };
    renderLogin();
    const user = await logIn('changeme01', 'Change#Me1');
    const dialog = await screen.findByRole('dialog', { name: 'Update your account' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('changeme01');
    const save = within(dialog).getByRole('button', { name: 'Save and continue' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('E-mail address'), 'not-an-email');
    expect(dialog).toHaveTextContent('Please enter a valid email address.');
    await user.clear(within(dialog).getByLabelText('E-mail address'));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'chris@example.com');
    await user.type(within(dialog).getByLabelText('Phone number'), '(972) 555-0199');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('9725550199');
    await user.type(within(dialog).getByLabelText('New password'), 'New#Pass12');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'New#Pass1');
    expect(dialog).toHaveTextContent('Passwords do not match. Please ensure they are identical.');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirm new password'), '2');
    expect(save).toBeEnabled();
    await user.click(save);
    const success = await screen.findByRole('dialog', { name: ENTRY_TEXTS.forcedChangeSuccess });
    expect(calls.find((call) => call.path === '/account/initializeInformation')?.body).toEqual({
      Username: 'changeme01',
      CurrentPassword: 'Change#Me1',
      NewPassword: 'New#Pass12',
      EmailAddress: 'chris@example.com',
      PhoneNumber: '9725550199',
    });
    await user.click(within(success).getByRole('button', { name: 'Close and log in' }));
    expect(await screen.findByText('Screener page')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/account/Login').at(-1)?.body).toEqual({ username: 'changeme01', password: 'New#Pass12' });
  });

  test('forced change failure shows its text inside the popup', async () => {
    answers['/account/Login'] = { body: { status: 'changePassword', url: '', message: '' } };
    answers['/account/initializeInformation'] = { body: { status: 'failedLogin', message: ENTRY_TEXTS.forcedChangeFailure } };
    renderLogin();
    const user = await logIn('changeme01', 'Change#Me1');
    const dialog = await screen.findByRole('dialog', { name: 'Update your account' });
    await user.type(within(dialog).getByLabelText('E-mail address'), 'chris@example.com');
    await user.type(within(dialog).getByLabelText('Phone number'), '9725550199');
    await user.type(within(dialog).getByLabelText('New password'), 'New#Pass12');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'New#Pass12');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ENTRY_TEXTS.forcedChangeFailure);
  });

  test("the server's 'in use' shows on the e-mail at once and goes when the address changes; the phone keeps digits only", async () => {
    answers['/account/Login'] = { body: { status: 'changePassword', url: '', message: '' } };
    answers['/account/initializeInformation'] = { body: { status: 'emailTaken', message: '' } };
    renderLogin();
    const user = await logIn('changeme01', 'Change#Me1');
    const dialog = await screen.findByRole('dialog', { name: 'Update your account' });
    const email = within(dialog).getByLabelText('E-mail address');
    await user.type(email, 'taken@example.com');
    await user.type(within(dialog).getByLabelText('Phone number'), 'tel 972-555-0199 9');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('9725550199');
    await user.type(within(dialog).getByLabelText('New password'), 'New#Pass12');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'New#Pass12');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(message('emailTaken')));
    expect(within(dialog).getByRole('button', { name: 'Save and continue' })).toBeDisabled();
    await user.type(email, 'x');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).getByRole('button', { name: 'Save and continue' })).toBeEnabled();
  });

  test("a study link in the session (t and d) prefills the username through GetLoginUsername, sending the link's d", async () => {
    window.sessionStorage.setItem('t', 'tester-guid');
    window.sessionStorage.setItem('d', 'signed-link-data');
    answers['/account/GetLoginUsername'] = { body: { status: 'succeed', name: 'linkeduser1' } };
    renderLogin();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('linkeduser1'));
    expect(calls.find((call) => call.path === '/account/GetLoginUsername')?.body).toEqual({ t: 'tester-guid', d: 'signed-link-data' });
  });

  test('a tester id without its link asks for no username (the server would not tell)', async () => {
    window.sessionStorage.setItem('t', 'tester-guid');
    renderLogin();
    expect(await screen.findByLabelText('Username')).toHaveValue('');
    expect(calls.find((call) => call.path === '/account/GetLoginUsername')).toBeUndefined();
  });

  test('only site paths are followed after login', () => {
    expect(safeRedirect('/community/main/screener')).toBe('/community/main/screener');
    expect(safeRedirect('https://evil.example/')).toBe('/community/main/screener');
    expect(safeRedirect('//evil.example/')).toBe('/community/main/screener');
    expect(safeRedirect('')).toBe('/community/main/screener');
  });
});
