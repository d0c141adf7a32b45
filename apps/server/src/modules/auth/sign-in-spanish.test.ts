import { describe, expect, it } from 'vitest';
import { ENTRY_TEXTS, message } from '@testerhub/shared/account-messages';
import { signInTexts } from '@testerhub/shared/sign-in-texts';
import { allCookiesFrom, expectFieldError, latestMail, linkIn, login, postJson } from '../../../test/account-helpers.ts';
import { createTester, FACTORY_PASSWORD } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * The sign-in side's answers in the visitor's language (issue 28, "Spanish, end to end"; decision 118):
 * nobody is logged in, so the request says which (Accept-Language, which the web client sets to the
 * tab's language). English, or no header, answers word for word as before.
 */

const testApp = useTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '2', RATE_LIMIT_WINDOW_SECONDS: '600' } });
const es = signInTexts('es');
const SPANISH = { 'accept-language': 'es' } as const;
const BROWSER_SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } as const;
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' } as const;

let addressCounter = 0;
const nextAddress = () => `10.118.${Math.floor((addressCounter += 1) / 200)}.${addressCounter % 200}`;
const post = (url: string, body: unknown, headers: Record<string, string> = {}, cookie?: string) =>
  postJson(testApp.app, url, body, { remoteAddress: nextAddress(), headers, cookie });

describe('login answers in the visitor language', () => {
  it('a failed login: Spanish for a Spanish page, English otherwise', async () => {
    const spanish = await login(testApp.app, 'nosuchspanish', 'Wrong#Pass1', { remoteAddress: nextAddress(), headers: BROWSER_SPANISH });
    expect(spanish.json()).toEqual({ status: 'failed', url: '', message: 'Nombre de usuario o contraseña incorrectos.' });
    // Each under its own name: the per-account limit counts two wrong logins.
    for (const [username, headers] of [
      ['nosuchenglish1', ENGLISH],
      ['nosuchenglish2', {}],
    ] as const) {
      const english = await login(testApp.app, username, 'Wrong#Pass1', { remoteAddress: nextAddress(), headers });
      expect(english.json()).toEqual({ status: 'failed', url: '', message: ENTRY_TEXTS.loginDefault });
    }
  });

  it('not confirmed, and the confirmation e-mail sent again, in Spanish', async () => {
    const tester = await createTester(testApp.database.db, { emailConfirmedAt: null });
    const answer = await login(testApp.app, tester.username, FACTORY_PASSWORD, { remoteAddress: nextAddress(), headers: SPANISH });
    expect(answer.json()).toMatchObject({ status: 'notConfirmed', message: es('notConfirmed') });
    const cookie = allCookiesFrom(answer);
    expect((await post('/api/account/ResendConfirmEmail', {}, SPANISH, cookie)).json()).toEqual({
      status: 'succeed',
      message: 'Le enviamos de nuevo el correo de confirmación. Revise su bandeja de entrada y también la carpeta de correo no deseado.',
    });
    // The same login's cookie is spent: the "log in again" answer, in Spanish; in English as before.
    expect((await post('/api/account/ResendConfirmEmail', {}, SPANISH, cookie)).json()).toEqual({
      status: 'failed',
      message: es('confirmationResendExpired'),
    });
    expect((await post('/api/account/ResendConfirmEmail', {}, {}, cookie)).json()).toEqual({
      status: 'failed',
      message: ENTRY_TEXTS.confirmationResendExpired,
    });
  });

  it('too many attempts: 429 in Spanish', async () => {
    const remoteAddress = nextAddress();
    const attempt = () => login(testApp.app, 'spanishlimit1', 'Wrong#Pass1', { remoteAddress, headers: SPANISH });
    const answers = await Promise.all([attempt(), attempt(), attempt(), attempt()]);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.json().message).toBe(message('tooManyRequests', 'es'));
  });

  it('a malformed login: the form rules and zod own issues in Spanish; English unchanged', async () => {
    expectFieldError(
      await post('/api/account/Login', { username: ' ', password: 'x' }, SPANISH),
      'username',
      'Por favor ingrese su nombre de usuario.',
    );
    expectFieldError(
      await post('/api/account/Login', { username: 'x', password: 5 }, SPANISH),
      'password',
      'Por favor ingrese su contraseña.',
    );
    expectFieldError(
      await post('/api/account/Login', { username: ' ', password: 'x' }, ENGLISH),
      'username',
      ENTRY_TEXTS.loginUsernameRequired,
    );
    expectFieldError(await post('/api/account/Login', { username: 'x', password: 5 }), 'password', ENTRY_TEXTS.loginPasswordRequired);
    expectFieldError(
      await post('/api/account/Login', { username: 'a\u0000b', password: 'x' }, SPANISH),
      'username',
      message('invalidCharacters', 'es'),
    );
  });
});

describe('account recovery answers in the visitor language', () => {
  it('find username: "not found" in Spanish, English unchanged', async () => {
    const body = { firstname: 'Nadie', lastname: 'Nunca', emailAddress: 'nadie@example.com' };
    expect((await post('/api/account/findusername', body, SPANISH)).json()).toEqual({
      status: 'failed',
      userName: '',
      message: 'No se encontró el nombre de usuario',
    });
    expect((await post('/api/account/findusername', body)).json()).toMatchObject({ message: ENTRY_TEXTS.findUsernameFailure });
    expectFieldError(
      await post('/api/account/findusername', { ...body, firstname: '' }, SPANISH),
      'firstname',
      'Por favor ingrese su nombre.',
    );
    expectFieldError(await post('/api/account/findusername', { ...body, firstname: '' }), 'firstname', 'Please enter your first name.');
  });

  it('forgot password then the reset link: each answer in Spanish; the e-mail in the tester language', async () => {
    const tester = await createTester(testApp.database.db, { language: 'en' });
    expect(
      (await post('/api/account/forgotpassword', { username: tester.username, emailAddress: 'other@example.com' }, SPANISH)).json(),
    ).toEqual({
      status: 'failed',
      message: es('forgotPasswordFailure'),
    });
    expect((await post('/api/account/forgotpassword', { username: tester.username, emailAddress: tester.email }, SPANISH)).json()).toEqual({
      status: 'succeed',
      message: 'Revise su correo electrónico para ver las instrucciones para restablecer su contraseña.',
    });
    const mail = await latestMail(testApp.database, tester.email, 'reset-password');
    expect(mail?.subject).not.toMatch(/contraseña/i);
    const link = linkIn(mail!.text, '/account/resetPassword');
    const reset = { UserID: tester.id, Code: link.searchParams.get('code'), Password: 'New#Pass12' };
    expectFieldError(
      await post('/api/account/ResetPassword', { ...reset, Password: 'abcdefgh' }, SPANISH),
      'Password',
      message('passwordDigit', 'es'),
    );
    expect((await post('/api/account/ResetPassword', reset, SPANISH)).json()).toEqual({ status: 'succeed', message: es('resetSuccess') });
    expect((await post('/api/account/ResetPassword', reset, SPANISH)).json()).toEqual({
      status: 'failed',
      message: 'Algo salió mal con su enlace. Por favor seleccione de nuevo el enlace de su correo electrónico...',
    });
    expect((await post('/api/account/ResetPassword', reset)).json()).toEqual({ status: 'failed', message: ENTRY_TEXTS.resetFailure });
  });

  it('a malformed confirmation link and a malformed click: Spanish messages; English unchanged', async () => {
    expectFieldError(await post('/api/account/ConfirmEmailAnother', { token: 'nope' }, SPANISH), 'token', 'Este enlace no es válido.');
    expectFieldError(await post('/api/account/ConfirmEmailAnother', { token: 'nope' }), 'token', 'This link is not valid.');
    // A route that checks with its English schema only: zod's own issue, worded in Spanish on request.
    const spanish = await post('/api/account/EmailClickTrack', { tester: 42 }, SPANISH);
    expectFieldError(spanish, 'tester', message('required', 'es'));
    const english = await post('/api/account/EmailClickTrack', { tester: 42 });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).not.toBe(message('required', 'es'));
  });
});
