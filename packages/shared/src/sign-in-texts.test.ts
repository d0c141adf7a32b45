import { describe, expect, test } from 'vitest';
import { ENTRY_TEXTS, message } from './account-messages.ts';
import { LIMITS } from './account-rules.ts';
import {
  findUsernameSchemaIn,
  forgotPasswordSchemaIn,
  initializeInformationFormSchemaIn,
  loginFormSchemaIn,
  RECOVERY_TEXTS,
  resetPasswordFormSchemaIn,
} from './account-schemas.ts';
import { CHILD_TEXTS } from './children-texts.ts';
import { signInTexts } from './sign-in-texts.ts';

const english = signInTexts('en');
const spanish = signInTexts('es');
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the sign-in texts (locales/<language>/sign-in.json)', () => {
  test('the English file says word for word what ENTRY_TEXTS, RECOVERY_TEXTS and CHILD_TEXTS say', () => {
    const shared = [
      'loginDefault',
      'notConfirmed',
      'resendConfirmation',
      'confirmationResent',
      'confirmationResendExpired',
      'alreadyConfirmed',
      'forcedChangeFailure',
      'forcedChangeSuccess',
      'findUsernameFailure',
      'forgotPasswordFailure',
      'forgotPasswordSuccess',
      'resetSuccess',
      'resetFailure',
      'confirmFailure',
      'confirmFailureOther',
      'clickTrackFailure',
      'loginUsernameRequired',
      'loginPasswordRequired',
    ] as const;
    for (const key of shared) expect(english(key), key).toBe(ENTRY_TEXTS[key]);
    expect(english('firstNameRequired')).toBe(RECOVERY_TEXTS.firstNameRequired);
    expect(english('lastNameRequired')).toBe(RECOVERY_TEXTS.lastNameRequired);
    expect(english('findUsernameEmail')).toBe(RECOVERY_TEXTS.findUsernameEmail);
    expect(english('usernameTooLong', { max: LIMITS.emailMax })).toBe(RECOVERY_TEXTS.usernameTooLong);
    expect(english('childLogInToConfirm')).toBe(CHILD_TEXTS.logInToConfirm);
  });

  test('the forms built with the Spanish texts word their rules in Spanish; built in English, as before', () => {
    expect(messages(loginFormSchemaIn(spanish, 'es').safeParse({ username: '', password: '', remember: false }))).toEqual([
      ['username', 'Por favor ingrese su nombre de usuario.'],
    ]);
    expect(messages(loginFormSchemaIn(spanish, 'es').safeParse({ username: 'demotester1', password: '', remember: false }))).toEqual([
      ['password', 'Por favor ingrese su contraseña.'],
    ]);
    expect(messages(findUsernameSchemaIn(spanish, 'es').safeParse({ firstname: ' ', lastname: 'x', emailAddress: 'nope' }))).toEqual([
      ['firstname', 'Por favor ingrese su nombre.'],
      ['emailAddress', 'Por favor ingrese un correo electrónico válido'],
    ]);
    expect(messages(forgotPasswordSchemaIn(spanish, 'es').safeParse({ username: 'x'.repeat(51), emailAddress: '' }))).toEqual([
      ['username', 'El nombre de usuario debe tener como máximo 50 caracteres.'],
      ['emailAddress', message('emailInvalid', 'es')],
    ]);
    expect(messages(resetPasswordFormSchemaIn('es').safeParse({ password: 'abcdefgh', confirmation: 'abcdefgh' }))).toEqual([
      ['password', message('passwordDigit', 'es')],
    ]);
    expect(
      messages(
        initializeInformationFormSchemaIn(spanish, 'es').safeParse({
          username: 'demotester1',
          currentPassword: '',
          email: 'a@b.co',
          phone: '3125550100',
          newPassword: 'New#Pass1',
          confirmation: 'New#Pass2',
        }),
      ),
    ).toEqual([
      ['currentPassword', 'La contraseña actual es obligatoria.'],
      ['confirmation', message('passwordMismatch', 'es')],
    ]);
    expect(messages(findUsernameSchemaIn().safeParse({ firstname: ' ', lastname: 'x', emailAddress: 'nope' }))).toEqual([
      ['firstname', 'Please enter your first name.'],
      ['emailAddress', 'Please enter a valid email address'],
    ]);
  });
});
