import { describe, expect, test } from 'vitest';
import { ENTRY_TEXTS } from './account-messages.ts';
import { isLoginPasswordEnabled, loginFormSchema, loginSchema } from './account-schemas.ts';

/** The login call and its form share one schema and its texts (decision 091). */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the login schemas', () => {
  test("the call refuses a blank username or password with the form's words", () => {
    expect(messages(loginSchema.safeParse({ username: '   ', password: '' }))).toEqual([
      ['username', ENTRY_TEXTS.loginUsernameRequired],
      ['password', ENTRY_TEXTS.loginPasswordRequired],
    ]);
    expect(ENTRY_TEXTS.loginUsernameRequired).toBe('Please enter your username.');
    expect(ENTRY_TEXTS.loginPasswordRequired).toBe('Please enter your password.');
  });

  test('the form says one thing at a time: the username first, then the password', () => {
    expect(messages(loginFormSchema.safeParse({ username: ' ', password: '', remember: false }))).toEqual([
      ['username', ENTRY_TEXTS.loginUsernameRequired],
    ]);
    expect(messages(loginFormSchema.safeParse({ username: 'demotester1', password: '', remember: false }))).toEqual([
      ['password', ENTRY_TEXTS.loginPasswordRequired],
    ]);
  });

  test('a password typed while the field was closed (6 characters or fewer) is not sent', () => {
    expect(isLoginPasswordEnabled(' abcdef ')).toBe(false);
    expect(isLoginPasswordEnabled('abcdefg')).toBe(true);
    expect(messages(loginFormSchema.safeParse({ username: 'abcdef', password: 'Demo#Pass1', remember: true }))).toEqual([
      ['password', ENTRY_TEXTS.loginPasswordRequired],
    ]);
    expect(loginFormSchema.parse({ username: ' demotester1 ', password: 'Demo#Pass1', remember: true })).toEqual({
      username: 'demotester1',
      password: 'Demo#Pass1',
      remember: true,
    });
  });
});
