import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { useTestApp } from '../../../test/test-app.ts';
import {
  birthYearsBack,
  expectFieldError,
  expectIssue,
  postJson,
  testerByUsername,
  uniqueUsername,
  validRegistration,
} from '../../../test/account-helpers.ts';

/** A well-formed tester id (no tester has it): the cases below are about the other fields. */
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Bad input on every account call: 400 naming the field (spec 2, section 5; issue 3, section 5),
 * and the registration rules with both boundaries, in English and in Spanish.
 */

const testApp = useTestApp();

const post = (url: string, body: unknown) => postJson(testApp.app, url, body);
const register = (overrides: Record<string, unknown>) => post('/api/account/register', validRegistration(overrides));

const EN = {
  required: 'This field is required.',
  usernameShort: 'Username must contain at least 8 characters.',
  usernameLong: 'Username must contain at most 20 characters.',
  usernameSpaces: 'Username cannot contain spaces.',
  emailInvalid: 'Please enter a valid email address.',
  emailLong: 'Email address must contain at most 50 characters.',
  passwordDigit: 'Password must contain at least one digit.',
  passwordLower: 'Password must contain at least one lowercase letter.',
  passwordUpper: 'Password must contain at least one uppercase letter.',
  passwordSpecial: 'Password must contain at least one special character.',
  passwordShort: 'Password must contain at least 8 characters.',
  passwordLong: 'Password must contain at most 20 characters.',
  zip: 'Please enter a 5-digit zip code.',
  phone: 'Please enter a valid phone number with a 10-digit format, including the area code.',
  names50: 'Names must contain at most 50 characters.',
  names30: 'Names must contain at most 30 characters.',
  adDetail: 'Please tell us where you heard about us.',
  birthAge: 'You must be between 13 and 80 years old to register online.',
  terms: 'Please accept the terms and conditions.',
  code: 'Please enter valid code',
} as const;

describe('input that is not JSON, not an object, or missing', () => {
  const postCalls = [
    '/api/account/IsInfoExist',
    '/api/account/CheckLocation',
    '/api/account/register',
    '/api/account/registerExistedUser',
    '/api/account/ReEngagement',
    '/api/account/SaveSignUpProfile',
    '/api/account/Login',
    '/api/account/GetLoginUsername',
    '/api/account/initializeInformation',
    '/api/account/findusername',
    '/api/account/forgotpassword',
    '/api/account/ResetPassword',
    '/api/account/CheckConfirmEmail',
    '/api/account/ConfirmEmailAnother',
    '/api/account/EmailClickTrack',
  ];

  it.each(postCalls)('%s answers broken JSON with 400 naming the body', async (url) => {
    const response = await postJson(testApp.app, url, '{"username": "abc",', { raw: true });
    const body = apiErrorSchema.parse(response.json());
    expect(response.statusCode).toBe(400);
    expect(body.field).toBe('body');
    expect(body.message).toBe('The request body is not valid JSON.');
  });

  it.each(postCalls)('%s answers an empty JSON body with 400 naming the body', async (url) => {
    const response = await testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).field).toBe('body');
  });

  it.each(postCalls.filter((url) => !/CheckLocation|GetLoginUsername/.test(url)))(
    '%s answers a JSON array instead of an object with 400 naming the body',
    async (url) => {
      const response = await post(url, ['not', 'an', 'object']);
      expectFieldError(response, 'body');
    },
  );
});

describe('each call names the missing, mistyped or too long field', () => {
  const long = (length: number, char = 'a') => char.repeat(length);
  const cases: [string, string, unknown, string, string?][] = [
    // IsInfoExist: both fields may be left out (each check is optional), but not mistyped or endless.
    ['IsInfoExist username of the wrong type', '/api/account/IsInfoExist', { username: 12345678, email: '' }, 'username'],
    ['IsInfoExist username too long', '/api/account/IsInfoExist', { username: long(81), email: '' }, 'username'],
    ['IsInfoExist email too long', '/api/account/IsInfoExist', { username: '', email: `${long(200)}@x.io` }, 'email'],
    ['CheckLocation zip of the wrong type', '/api/account/CheckLocation', 60614, 'body'],
    ['CheckLocation zip of 4 digits', '/api/account/CheckLocation', '6061', 'body', EN.zip],
    ['CheckLocation zip of 6 digits', '/api/account/CheckLocation', '606140', 'body', EN.zip],
    ['CheckLocation zip with a letter', '/api/account/CheckLocation', '6061a', 'body', EN.zip],
    [
      'registerExistedUser without Username',
      '/api/account/registerExistedUser',
      { V: 'demo-returning-tester', EmailAddress: 'a@b.co', Password: 'Secret#Pass1' },
      'Username',
      EN.required,
    ],
    [
      'registerExistedUser Password of the wrong type',
      '/api/account/registerExistedUser',
      { V: 'x', EmailAddress: 'a@b.co', Password: 12345678, Username: 'someone01' },
      'Password',
      EN.required,
    ],
    [
      'registerExistedUser V too long',
      '/api/account/registerExistedUser',
      { V: long(201), EmailAddress: 'a@b.co', Password: 'Secret#Pass1', Username: 'someone01' },
      'V',
    ],
    [
      'registerExistedUser bad e-mail',
      '/api/account/registerExistedUser',
      { V: 'x', EmailAddress: 'a@b', Password: 'Secret#Pass1', Username: 'someone01' },
      'EmailAddress',
      EN.emailInvalid,
    ],
    ['ReEngagement without c', '/api/account/ReEngagement', { p: '3125550100' }, 'c', EN.required],
    ['ReEngagement without p', '/api/account/ReEngagement', { c: '1234567' }, 'p', EN.required],
    ['ReEngagement c of the wrong type', '/api/account/ReEngagement', { c: 1234567, p: '3125550100' }, 'c'],
    ['ReEngagement code of 5 digits', '/api/account/ReEngagement', { c: '12345', p: '3125550100' }, 'c', EN.code],
    ['ReEngagement code of 8 digits', '/api/account/ReEngagement', { c: '12345678', p: '3125550100' }, 'c', EN.code],
    ['ReEngagement code with a letter', '/api/account/ReEngagement', { c: '12345a', p: '3125550100' }, 'c', EN.code],
    ['ReEngagement phone of 9 digits', '/api/account/ReEngagement', { c: '1234567', p: '312555010' }, 'p', EN.phone],
    ['ReEngagement phone of 11 digits', '/api/account/ReEngagement', { c: '1234567', p: '13125550100' }, 'p', EN.phone],
    [
      'SaveSignUpProfile first name of 31',
      '/api/account/SaveSignUpProfile',
      { firstName: long(31), lastName: 'Rivera', phone: '3125550100', email: 'a@b.co' },
      'firstName',
      EN.names30,
    ],
    [
      'SaveSignUpProfile last name of 31',
      '/api/account/SaveSignUpProfile',
      { firstName: 'Alex', lastName: long(31), phone: '3125550100', email: 'a@b.co' },
      'lastName',
      EN.names30,
    ],
    [
      'SaveSignUpProfile without email',
      '/api/account/SaveSignUpProfile',
      { firstName: 'Alex', lastName: 'Rivera', phone: '3125550100' },
      'email',
      EN.required,
    ],
    [
      'SaveSignUpProfile phone of the wrong type',
      '/api/account/SaveSignUpProfile',
      { firstName: 'Alex', lastName: 'Rivera', phone: 3125550100, email: 'a@b.co' },
      'phone',
    ],
    ['Login without username', '/api/account/Login', { password: 'Demo#Pass1' }, 'username'],
    ['Login without password', '/api/account/Login', { username: 'demotester1' }, 'password'],
    ['Login username of the wrong type', '/api/account/Login', { username: 42, password: 'Demo#Pass1' }, 'username'],
    ['Login empty username', '/api/account/Login', { username: '   ', password: 'Demo#Pass1' }, 'username'],
    ['Login username too long', '/api/account/Login', { username: long(101), password: 'Demo#Pass1' }, 'username'],
    ['Login password too long', '/api/account/Login', { username: 'demotester1', password: long(201) }, 'password'],
    ['GetLoginUsername id of the wrong type', '/api/account/GetLoginUsername', 42, 'body'],
    ['GetLoginUsername id too long', '/api/account/GetLoginUsername', long(65), 'body'],
    [
      'initializeInformation without CurrentPassword',
      '/api/account/initializeInformation',
      { Username: 'changeme01', NewPassword: 'Fresh#Pass1', EmailAddress: 'a@b.co', PhoneNumber: '3125550100' },
      'CurrentPassword',
    ],
    [
      'initializeInformation Username of 7',
      '/api/account/initializeInformation',
      { Username: 'change7', CurrentPassword: 'x', NewPassword: 'Fresh#Pass1', EmailAddress: 'a@b.co', PhoneNumber: '3125550100' },
      'Username',
      EN.usernameShort,
    ],
    [
      'initializeInformation Username of 21',
      '/api/account/initializeInformation',
      { Username: long(21), CurrentPassword: 'x', NewPassword: 'Fresh#Pass1', EmailAddress: 'a@b.co', PhoneNumber: '3125550100' },
      'Username',
      EN.usernameLong,
    ],
    [
      'initializeInformation weak NewPassword',
      '/api/account/initializeInformation',
      { Username: 'changeme01', CurrentPassword: 'x', NewPassword: 'freshpass1#', EmailAddress: 'a@b.co', PhoneNumber: '3125550100' },
      'NewPassword',
      EN.passwordUpper,
    ],
    [
      'initializeInformation bad e-mail',
      '/api/account/initializeInformation',
      { Username: 'changeme01', CurrentPassword: 'x', NewPassword: 'Fresh#Pass1', EmailAddress: 'a b@c.co', PhoneNumber: '3125550100' },
      'EmailAddress',
      EN.emailInvalid,
    ],
    [
      'initializeInformation phone of 11',
      '/api/account/initializeInformation',
      { Username: 'changeme01', CurrentPassword: 'x', NewPassword: 'Fresh#Pass1', EmailAddress: 'a@b.co', PhoneNumber: '13125550100' },
      'PhoneNumber',
      EN.phone,
    ],
    [
      'initializeInformation PhoneNumber of the wrong type',
      '/api/account/initializeInformation',
      { Username: 'changeme01', CurrentPassword: 'x', NewPassword: 'Fresh#Pass1', EmailAddress: 'a@b.co', PhoneNumber: 3125550100 },
      'PhoneNumber',
    ],
    ['findusername without firstname', '/api/account/findusername', { lastname: 'Tester', emailAddress: 'a@b.co' }, 'firstname'],
    [
      'findusername lastname too long',
      '/api/account/findusername',
      { firstname: 'Dana', lastname: long(51), emailAddress: 'a@b.co' },
      'lastname',
    ],
    [
      'findusername bad e-mail',
      '/api/account/findusername',
      { firstname: 'Dana', lastname: 'Tester', emailAddress: 'not-an-email' },
      'emailAddress',
      'Please enter a valid email address',
    ],
    [
      'findusername firstname of the wrong type',
      '/api/account/findusername',
      { firstname: ['Dana'], lastname: 'Tester', emailAddress: 'a@b.co' },
      'firstname',
    ],
    ['forgotpassword without username', '/api/account/forgotpassword', { emailAddress: 'a@b.co' }, 'username'],
    ['forgotpassword username too long', '/api/account/forgotpassword', { username: long(51), emailAddress: 'a@b.co' }, 'username'],
    [
      'forgotpassword bad e-mail',
      '/api/account/forgotpassword',
      { username: 'demotester1', emailAddress: 'demo.tester@' },
      'emailAddress',
      EN.emailInvalid,
    ],
    [
      'forgotpassword e-mail of 51',
      '/api/account/forgotpassword',
      { username: 'demotester1', emailAddress: `${long(42)}@mail.com` },
      'emailAddress',
      EN.emailLong,
    ],
    ['ResetPassword without UserID', '/api/account/ResetPassword', { Code: 'abc', Password: 'Fresh#Pass1' }, 'UserID'],
    ['ResetPassword Code too long', '/api/account/ResetPassword', { UserID: SOME_ID, Code: long(201), Password: 'Fresh#Pass1' }, 'Code'],
    [
      'ResetPassword Code of the wrong type',
      '/api/account/ResetPassword',
      { UserID: SOME_ID, Code: 12345, Password: 'Fresh#Pass1' },
      'Code',
    ],
    [
      'ResetPassword weak password',
      '/api/account/ResetPassword',
      { UserID: SOME_ID, Code: 'abc', Password: 'Fresh#Pass' },
      'Password',
      EN.passwordDigit,
    ],
    [
      'ResetPassword password of 7',
      '/api/account/ResetPassword',
      { UserID: SOME_ID, Code: 'abc', Password: 'Fr#sh1a' },
      'Password',
      EN.passwordShort,
    ],
    ['CheckConfirmEmail without code', '/api/account/CheckConfirmEmail', { userId: SOME_ID }, 'code'],
    ['CheckConfirmEmail userId too long', '/api/account/CheckConfirmEmail', { userId: long(65), code: 'abc' }, 'userId'],
    ['CheckConfirmEmail userId of the wrong type', '/api/account/CheckConfirmEmail', { userId: 7, code: 'abc' }, 'userId'],
    ['ConfirmEmailAnother without token', '/api/account/ConfirmEmailAnother', {}, 'token'],
    ['ConfirmEmailAnother token too long', '/api/account/ConfirmEmailAnother', { token: long(401) }, 'token'],
    ['EmailClickTrack without tester', '/api/account/EmailClickTrack', { eCode: 'abc' }, 'tester'],
    ['EmailClickTrack eCode too long', '/api/account/EmailClickTrack', { tester: SOME_ID, eCode: long(201) }, 'eCode'],
  ];

  it.each(cases)('%s: 400 naming the field', async (_name, url, body, field, message) => {
    expectFieldError(await post(url, body), field, message);
  });
});

describe('cross-site requests to the state-changing account calls', () => {
  const calls = [
    ['/api/account/IsInfoExist', { username: 'demotester1', email: '' }],
    ['/api/account/register', validRegistration()],
    [
      '/api/account/registerExistedUser',
      { V: 'demo-returning-tester', EmailAddress: 'a@b.co', Password: 'Secret#Pass1', Username: 'someone01' },
    ],
    ['/api/account/ReEngagement', { c: '1234567', p: '3125550100' }],
    ['/api/account/SaveSignUpProfile', { firstName: 'Alex', lastName: 'Rivera', phone: '3125550100', email: 'a@b.co' }],
    ['/api/account/Login', { username: 'demotester1', password: 'Demo#Pass1' }],
    [
      '/api/account/initializeInformation',
      {
        Username: 'changeme01',
        CurrentPassword: 'Change#Me1',
        NewPassword: 'Fresh#Pass1',
        EmailAddress: 'a@b.co',
        PhoneNumber: '3125550100',
      },
    ],
    ['/api/account/findusername', { firstname: 'Dana', lastname: 'Tester', emailAddress: 'demo.tester@testerhub.example' }],
    ['/api/account/forgotpassword', { username: 'demotester1', emailAddress: 'demo.tester@testerhub.example' }],
    ['/api/account/ResetPassword', { UserID: 'u', Code: 'c', Password: 'Fresh#Pass1' }],
    ['/api/account/CheckConfirmEmail', { userId: 'u', code: 'c' }],
    ['/api/account/ConfirmEmailAnother', { token: 'u.c' }],
    ['/api/account/EmailClickTrack', { tester: 'u', eCode: 'c' }],
  ] as const;

  it.each(calls)('%s from another site is refused with 403 and sets no cookie', async (url, body) => {
    const response = await postJson(testApp.app, url, body, {
      headers: { origin: 'https://evil.example.test', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json()).statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts a login from the site itself (same Origin)', async () => {
    const response = await postJson(
      testApp.app,
      '/api/account/Login',
      { username: 'demotester1', password: 'Demo#Pass1' },
      { headers: { origin: testApp.config.publicUrl, 'sec-fetch-site': 'same-origin' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('succeed');
  });
});

describe('POST /api/account/register: each field and its boundaries', () => {
  it.each([
    'Username',
    'EmailAddress',
    'Password',
    'FirstName',
    'LastName',
    'ZipCode',
    'Address',
    'City',
    'State',
    'SexID',
    'PhoneNo',
    'RaceID',
    'AdID',
    'Birth',
    'AcceptTerms',
  ])('a payload without %s is refused naming that field', async (field) => {
    const payload = validRegistration();
    delete payload[field];
    expectFieldError(await post('/api/account/register', payload), field);
  });

  it.each([
    ['Username', 12345678],
    ['EmailAddress', { address: 'a@b.co' }],
    ['Password', true],
    ['ZipCode', 60614],
    ['PhoneNo', 3125550199],
    ['CAge', 'thirty'],
    ['DayIndex', 3],
    ['AcceptTerms', 'true'],
    ['Language', 'fr'],
  ])('%s of the wrong type or value is refused naming the field', async (field, value) => {
    expectFieldError(await register({ [field]: value }), field);
  });

  it.each([
    ['Address', 'a'.repeat(101)],
    ['City', 'a'.repeat(51)],
    ['AdDetail', 'a'.repeat(101)],
    ['Referral', 'a'.repeat(65)],
  ])('%s too long is refused naming the field', async (field, value) => {
    expectFieldError(await register({ [field]: value }), field);
  });

  it.each([
    ['Username', 'short07', EN.usernameShort],
    ['Username', 'a'.repeat(21), EN.usernameLong],
    ['Username', 'has space1', EN.usernameSpaces],
    ['Password', 'Abcde#1', EN.passwordShort],
    ['Password', `Abcdefghijklmnop#${'1'.repeat(4)}`, EN.passwordLong],
    ['Password', 'Abcdefgh#', EN.passwordDigit],
    ['Password', 'ABCDEFG#1', EN.passwordLower],
    ['Password', 'abcdefg#1', EN.passwordUpper],
    ['Password', 'Abcdefgh1', EN.passwordSpecial],
    ['EmailAddress', 'no-at-sign.example', EN.emailInvalid],
    ['EmailAddress', 'someone@nodot', EN.emailInvalid],
    ['EmailAddress', 'some one@mail.example', EN.emailInvalid],
    ['EmailAddress', `${'a'.repeat(38)}@mail.example`, EN.emailLong],
    ['PhoneNo', '312555019', EN.phone],
    ['PhoneNo', '13125550199', EN.phone],
    ['PhoneNo', '312-555-0199', EN.phone],
    ['ZipCode', '6061', EN.zip],
    ['ZipCode', '606145', EN.zip],
    ['FirstName', 'a'.repeat(51), EN.names50],
    ['LastName', 'b'.repeat(51), EN.names50],
    ['AcceptTerms', false, EN.terms],
  ])('%s = %j is refused with its message', async (field, value, message) => {
    expectFieldError(await register({ [field]: value }), field, message);
  });

  it('how-heard Other (0O) without a detail text names AdDetail', async () => {
    expectFieldError(await register({ AdID: '0O', AdDetail: '   ' }), 'AdDetail', EN.adDetail);
  });

  it('a birth date 12 years back and one 81 years back are refused', async () => {
    expectFieldError(await register({ Birth: birthYearsBack(12) }), 'Birth', EN.birthAge);
    expectFieldError(await register({ Birth: birthYearsBack(81) }), 'Birth', EN.birthAge);
    expectFieldError(await register({ Birth: birthYearsBack(30, 2, 30) }), 'Birth', 'Please choose a valid date of birth.');
  });

  it('a child who turns 13 only tomorrow is refused (minimum age 13), though the birth year is 13 years back', async () => {
    const today = new Date();
    const birth = new Date(Date.UTC(today.getFullYear() - 13, today.getMonth(), today.getDate() + 1));
    const iso = birth.toISOString().slice(0, 10);
    expectFieldError(await register({ Birth: iso }), 'Birth', EN.birthAge);
  });

  it.each([
    ['State', 'XX', 'Please choose a state.'],
    ['SexID', 'X', 'Please choose a gender.'],
    ['RaceID', 'Z', 'Please choose a race.'],
  ])('%s = %j outside its list is refused with its message', async (field, value, message) => {
    expectFieldError(await register({ [field]: value }), field, message);
  });

  it('the accepted boundaries register: username and password of 8, birth 13 years back, names of 50, how-heard Other with its detail', async () => {
    const username = uniqueUsername('u').padEnd(8, 'x').slice(0, 8);
    expect(username).toHaveLength(8);
    const response = await register({
      Username: username,
      Password: 'Abcde#12',
      Birth: birthYearsBack(13),
      FirstName: 'f'.repeat(50),
      LastName: 'l'.repeat(50),
      AdID: '0O',
      AdDetail: 'A poster at the gym',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeed' });
  });

  it('the accepted boundaries register: username and password of 20, birth 80 years back', async () => {
    const username = uniqueUsername('twentychars').padEnd(20, 'z').slice(0, 20);
    expect(username).toHaveLength(20);
    const password = 'Abcdefghijklmnop#123';
    expect(password).toHaveLength(20);
    const response = await register({ Username: username, Password: password, Birth: birthYearsBack(80, 12, 31) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeed' });
  });

  it('names every broken field at once, each with its own message', async () => {
    const response = await register({ Username: 'short', ZipCode: '123', PhoneNo: '1' });
    expectIssue(response, 'Username', EN.usernameShort);
    expectIssue(response, 'ZipCode', EN.zip);
    expectIssue(response, 'PhoneNo', EN.phone);
  });
});

describe('registration in Spanish (Language es)', () => {
  const ES = {
    usernameShort: 'El nombre de usuario debe tener al menos 8 caracteres.',
    required: 'Este campo es obligatorio.',
    passwordDigit: 'La contraseña debe contener al menos un número.',
    passwordSpecial: 'La contraseña debe contener al menos un carácter especial.',
    emailInvalid: 'Por favor ingrese un correo electrónico válido.',
    zip: 'Por favor ingrese un código postal de 5 dígitos.',
    phone: 'Por favor ingrese un número de teléfono válido de 10 dígitos, incluyendo el código de área.',
    adDetail: 'Por favor díganos dónde se enteró de nosotros.',
    birthAge: 'Debe tener entre 13 y 80 años para registrarse en línea.',
    terms: 'Por favor acepte los términos y condiciones.',
    code: 'Por favor ingrese un código válido',
    names30: 'Los nombres deben tener como máximo 30 caracteres.',
  };

  it.each([
    ['Username', 'corto07', ES.usernameShort],
    ['Password', 'Abcdefgh#', ES.passwordDigit],
    ['Password', 'Abcdefgh1', ES.passwordSpecial],
    ['EmailAddress', 'correo@', ES.emailInvalid],
    ['ZipCode', '6061', ES.zip],
    ['PhoneNo', '312555019', ES.phone],
    ['AcceptTerms', false, ES.terms],
    ['Birth', birthYearsBack(12), ES.birthAge],
  ])('%s = %j gets the Spanish message', async (field, value, message) => {
    expectFieldError(await register({ Language: 'es', [field]: value }), field, message);
  });

  it('a missing field reads "Este campo es obligatorio."', async () => {
    const payload = validRegistration({ Language: 'es' });
    delete payload.City;
    expectFieldError(await post('/api/account/register', payload), 'City', ES.required);
  });

  it('how-heard Other without detail gets the Spanish message', async () => {
    expectFieldError(await register({ Language: 'es', AdID: '0O', AdDetail: '' }), 'AdDetail', ES.adDetail);
  });

  it('the re-engagement and short sign-up forms answer in Spanish too', async () => {
    expectFieldError(await post('/api/account/ReEngagement', { c: '12345', p: '3125550100', Language: 'es' }), 'c', ES.code);
    expectFieldError(
      await post('/api/account/SaveSignUpProfile', {
        firstName: 'a'.repeat(31),
        lastName: 'Rivera',
        phone: '3125550100',
        email: 'a@b.co',
        Language: 'es',
      }),
      'firstName',
      ES.names30,
    );
    expectFieldError(
      await post('/api/account/registerExistedUser', {
        V: 'x',
        EmailAddress: 'a@b.co',
        Password: 'Secret#Pass1',
        Username: 'corto07',
        Language: 'es',
      }),
      'Username',
      ES.usernameShort,
    );
  });
});

describe('names hold letters, spaces, hyphens, apostrophes and periods only (issue 24, item 9)', () => {
  const NAME_RULE = {
    en: 'Use letters, spaces, hyphens, apostrophes and periods only.',
    es: 'Use solo letras, espacios, guiones, apóstrofos y puntos.',
  };
  const HEADER_LIKE = 'Eve Bcc: x@evil.example';

  it.each([
    ['FirstName', HEADER_LIKE],
    ['LastName', HEADER_LIKE],
    ['FirstName', 'Eve\r\nBcc: x@evil.example'],
    ['FirstName', 'Agent 007'],
    ['LastName', '<b>Rivera</b>'],
  ])('register refuses %s = %j with 400 and the rule, in English and in Spanish', async (field, value) => {
    expectFieldError(await register({ [field]: value }), field, NAME_RULE.en);
    expectFieldError(await register({ [field]: value, Language: 'es' }), field, NAME_RULE.es);
  });

  it('the short sign-up refuses such a name in both languages', async () => {
    const lead = { lastName: 'Rivera', phone: '3125550100', email: 'a@b.co' };
    expectFieldError(await post('/api/account/SaveSignUpProfile', { ...lead, firstName: HEADER_LIKE }), 'firstName', NAME_RULE.en);
    expectFieldError(
      await post('/api/account/SaveSignUpProfile', { ...lead, firstName: 'Ana', lastName: HEADER_LIKE, Language: 'es' }),
      'lastName',
      NAME_RULE.es,
    );
  });

  it('names in any script, with hyphens, apostrophes and periods, register as typed (trimmed)', async () => {
    const username = uniqueUsername('names');
    const response = await register({ Username: username, FirstName: ' José-María ', LastName: 'O’Brien Jr.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeed' });
    expect(await testerByUsername(testApp.database, username)).toMatchObject({ firstName: 'José-María', lastName: 'O’Brien Jr.' });
    const other = await register({ FirstName: '李雷', LastName: "d'Artagnan" });
    expect(other.statusCode, other.body).toBe(200);
  });
});
