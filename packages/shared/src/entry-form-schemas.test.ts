import { describe, expect, test } from 'vitest';
import { ENTRY_TEXTS, message } from './account-messages.ts';
import {
  findUsernameSchema,
  forgotPasswordSchema,
  initializeInformationFormSchema,
  isLoginPasswordEnabled,
  loginFormSchema,
  loginSchema,
  reEngagementFormSchema,
  registrationAccountFormSchema,
  registrationDetailFormSchema,
  registrationProfileFormSchema,
  resetPasswordFormSchema,
  shortSignUpFormSchema,
} from './account-schemas.ts';

/** The entry calls and their forms share one schema and its texts (decision 091). */
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

describe("the join page's form schemas, built from their calls'", () => {
  test("re-engagement: the code and the phone with the catalogue texts, in the tester's language", () => {
    expect(messages(reEngagementFormSchema('es').safeParse({ code: '12', phone: '312' }))).toEqual([
      ['code', message('codeInvalid', 'es')],
      ['phone', message('phoneInvalid', 'es')],
    ]);
    expect(reEngagementFormSchema('en').parse({ code: ' 1234567 ', phone: '(312)555-0100' })).toEqual({
      code: '1234567',
      phone: '3125550100',
    });
  });

  test('short sign-up: names, phone and e-mail as the call checks them, trimmed, the phone as digits', () => {
    expect(
      messages(
        shortSignUpFormSchema('en').safeParse({ firstName: 'a'.repeat(31), lastName: ' ', phone: '312-555', email: 'rosa@example' }),
      ),
    ).toEqual([
      ['firstName', message('nameTooLong', 'en')],
      ['lastName', message('required', 'en')],
      ['phone', message('phoneInvalid', 'en')],
      ['email', message('emailInvalid', 'en')],
    ]);
    expect(
      shortSignUpFormSchema('en').parse({ firstName: ' Rosa ', lastName: 'Alvarez', phone: '312-555-0100', email: ' rosa@example.com ' }),
    ).toEqual({
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone: '3125550100',
      email: 'rosa@example.com',
    });
  });
});

describe("the new-password forms, built from their calls' schemas", () => {
  test("reset: the call's password rule, and the confirmation's spec text", () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'abcdefgh', confirmation: 'abcdefgh' }))).toEqual([
      ['password', 'Password must contain at least one digit.'],
    ]);
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'New#Pass1', confirmation: 'New#Pass2' }))).toEqual([
      ['confirmation', 'Passwords do not match. Please ensure they are identical.'],
    ]);
  });

  test('forced change: every field in the order shown, the username and e-mail trimmed as the call receives them', () => {
    const blank = { username: '', currentPassword: '', email: '', phone: '', newPassword: '', confirmation: '' };
    expect(messages(initializeInformationFormSchema.safeParse(blank)).map(([path]) => path)).toEqual([
      'username',
      'currentPassword',
      'email',
      'phone',
      'newPassword',
      'confirmation',
    ]);
    expect(
      initializeInformationFormSchema.parse({
        username: ' changeme01 ',
        currentPassword: 'Change#Me1',
        email: ' chris@example.com ',
        phone: '9725550199',
        newPassword: 'New#Pass12',
        confirmation: 'New#Pass12',
      }),
    ).toEqual({
      username: 'changeme01',
      currentPassword: 'Change#Me1',
      email: 'chris@example.com',
      phone: '9725550199',
      newPassword: 'New#Pass12',
      confirmation: 'New#Pass12',
    });
  });
});

describe("the recovery calls, whose forms send exactly their fields, with the forms' texts", () => {
  test('find username: the names asked for by name, the e-mail with the spec text (no full stop)', () => {
    expect(messages(findUsernameSchema.safeParse({ firstname: ' ', lastname: '', emailAddress: 'a@b' }))).toEqual([
      ['firstname', 'Please enter your first name.'],
      ['lastname', 'Please enter your last name.'],
      ['emailAddress', 'Please enter a valid email address'],
    ]);
  });

  test('forgot password: username blank or over 50, a blank e-mail reads as not valid', () => {
    expect(messages(forgotPasswordSchema.safeParse({ username: '', emailAddress: '' }))).toEqual([
      ['username', 'Please enter your username.'],
      ['emailAddress', 'Please enter a valid email address.'],
    ]);
    expect(messages(forgotPasswordSchema.safeParse({ username: 'a'.repeat(51), emailAddress: ' demo@example.com ' }))).toEqual([
      ['username', 'Username must contain at most 50 characters.'],
    ]);
  });
});

describe("registration's step 2, built from the Register call's fields", () => {
  test("each field with the catalogue text in the tester's language", () => {
    const blank = { firstName: '', lastName: "O'Brien", zipCode: '6060', address: ' ', city: 'Chicago', state: '' };
    expect(messages(registrationProfileFormSchema('es').safeParse(blank))).toEqual([
      ['firstName', message('required', 'es')],
      ['zipCode', message('zipInvalid', 'es')],
      ['address', message('required', 'es')],
      ['state', message('stateInvalid', 'es')],
    ]);
  });
});

describe("registration's step 1, built from the Register call's fields", () => {
  test("each field with the catalogue text in the tester's language, the repeat's too", () => {
    const values = { username: 'john doe1', email: 'not-an-email', password: 'abcdefgh', confirmation: 'abcdefgX' };
    expect(messages(registrationAccountFormSchema('es').safeParse(values))).toEqual([
      ['username', message('usernameSpaces', 'es')],
      ['email', message('emailInvalid', 'es')],
      ['password', message('passwordDigit', 'es')],
      ['confirmation', message('passwordMismatch', 'es')],
    ]);
  });

  test("a value the server reported taken is refused with the call's text, whatever its case", () => {
    const isTaken = (field: 'username' | 'email', value: string) => field === 'username' && value.toLowerCase() === 'takenname1';
    const values = { username: 'TakenName1', email: 'new@example.com', password: 'Abcdef1!', confirmation: 'Abcdef1!' };
    expect(messages(registrationAccountFormSchema('en', isTaken).safeParse(values))).toEqual([['username', message('usernameTaken')]]);
    expect(registrationAccountFormSchema('en').safeParse(values).success).toBe(true);
  });
});

describe("registration's step 3, built from the Register call's fields", () => {
  const today = new Date(2026, 10, 28);
  const filled = {
    gender: 'F',
    phone: '(312)555-0100',
    raceId: 'C',
    adId: '0O',
    adDetail: 'A poster',
    year: '2000',
    month: '4',
    day: '15',
    acceptTerms: true,
  };

  test("every problem at once with the catalogue text in the tester's language, the choices not made included", () => {
    const blank = { gender: '', phone: '312555', raceId: '', adId: '0O', adDetail: ' ', year: '', month: '', day: '', acceptTerms: false };
    expect(messages(registrationDetailFormSchema('es', today).safeParse(blank))).toEqual([
      ['gender', message('genderInvalid', 'es')],
      ['phone', message('phoneInvalid', 'es')],
      ['raceId', message('raceInvalid', 'es')],
      ['acceptTerms', message('termsRequired', 'es')],
      ['adDetail', message('adDetailRequired', 'es')],
      ['year', message('required', 'es')],
    ]);
  });

  test('the date of birth is reported on its first select still empty, on the day once all three are chosen', () => {
    const schema = registrationDetailFormSchema('en', today);
    expect(messages(schema.safeParse({ ...filled, month: '', day: '' }))).toEqual([['month', message('required')]]);
    expect(messages(schema.safeParse({ ...filled, day: '' }))).toEqual([['day', message('required')]]);
    expect(messages(schema.safeParse({ ...filled, month: '2', day: '30' }))).toEqual([['day', message('birthDateInvalid')]]);
    // 13 the day after: the year is offered, the full date decides.
    expect(messages(schema.safeParse({ ...filled, year: '2013', month: '11', day: '29' }))).toEqual([['day', message('birthDateAge')]]);
    expect(schema.safeParse({ ...filled, year: '2013', month: '11', day: '28' }).success).toBe(true);
  });

  test('the detail is needed for Other only; the values come out as the call takes them', () => {
    const schema = registrationDetailFormSchema('en', today);
    expect(schema.safeParse({ ...filled, adId: '2A', adDetail: '' }).success).toBe(true);
    expect(schema.parse(filled)).toEqual({ ...filled, phone: '3125550100' });
  });
});
