import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { DEMO, expectIssue, postJson, testerByUsername } from '../../../test/account-helpers.ts';

/**
 * Odd input is refused with 400 naming the field before it reaches the database (issue "Ready for
 * growth", part 4, finding 4): a NUL byte (PostgreSQL's text cannot hold one), a lone surrogate
 * (no UTF-8 for it) and a 36-character id that looks like a UUID but is none.
 */

const NUL = 'demo\u0000tester';
const LONE_SURROGATE = 'demo\ud800tester';
/** 36 characters, hyphens where a UUID has them, but not hexadecimal. */
const NOT_A_UUID = 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz';
/** Hexadecimal in the right places, but neither version nor variant of a UUID. */
const NO_UUID_VERSION = '12345678-1234-0234-0234-123456789abc';

let demoId: string;
let address = 0;

const testApp = useTestApp();
beforeAll(async () => {
  demoId = (await testerByUsername(testApp.database, DEMO.username))!.id;
});

const post = (url: string, body: unknown) => postJson(testApp.app, url, body, { remoteAddress: `10.77.${(address += 1) % 250}.1` });

type Case = [name: string, url: string, body: (odd: string) => unknown, field: string];

const stringCases: Case[] = [
  ['GetLoginUsername', '/api/account/GetLoginUsername', (odd) => odd, 'body'],
  ['CheckConfirmEmail userId', '/api/account/CheckConfirmEmail', (odd) => ({ userId: odd, code: 'abc' }), 'userId'],
  ['CheckConfirmEmail code', '/api/account/CheckConfirmEmail', (odd) => ({ userId: demoId, code: odd }), 'code'],
  ['ResetPassword UserID', '/api/account/ResetPassword', (odd) => ({ UserID: odd, Code: 'abc', Password: 'Fresh#Pass1' }), 'UserID'],
  ['ResetPassword Code', '/api/account/ResetPassword', (odd) => ({ UserID: demoId, Code: odd, Password: 'Fresh#Pass1' }), 'Code'],
  ['ConfirmEmailAnother token', '/api/account/ConfirmEmailAnother', (odd) => ({ token: `${odd}.abc` }), 'token'],
  ['EmailClickTrack tester', '/api/account/EmailClickTrack', (odd) => ({ tester: odd, eCode: 'abc' }), 'tester'],
  ['EmailClickTrack eCode', '/api/account/EmailClickTrack', (odd) => ({ tester: demoId, eCode: odd }), 'eCode'],
  ['Login username', '/api/account/Login', (odd) => ({ username: odd, password: 'Wrong#Pass1' }), 'username'],
  ['Login password', '/api/account/Login', (odd) => ({ username: 'nosuchtester9', password: odd }), 'password'],
  ['IsInfoExist username', '/api/account/IsInfoExist', (odd) => ({ username: odd, email: '' }), 'username'],
  ['IsInfoExist email', '/api/account/IsInfoExist', (odd) => ({ username: '', email: `${odd}@mail.example.test` }), 'email'],
  [
    'findusername firstname',
    '/api/account/findusername',
    (odd) => ({ firstname: odd, lastname: 'Tester', emailAddress: DEMO.email }),
    'firstname',
  ],
  [
    'findusername emailAddress',
    '/api/account/findusername',
    (odd) => ({ firstname: 'Dana', lastname: 'Tester', emailAddress: `${odd}@mail.example.test` }),
    'emailAddress',
  ],
  ['forgotpassword username', '/api/account/forgotpassword', (odd) => ({ username: odd, emailAddress: DEMO.email }), 'username'],
];

describe.each([
  ['a NUL byte', NUL],
  ['a lone surrogate', LONE_SURROGATE],
])('%s', (_what, odd) => {
  it.each(stringCases)('%s: 400 naming the field', async (_name, url, body, field) => {
    expectIssue(await post(url, body(odd)), field);
  });
});

describe.each([
  ['a 36-character id that is not hexadecimal', NOT_A_UUID],
  ['a 36-character hexadecimal id without UUID version and variant', NO_UUID_VERSION],
])('%s', (_what, id) => {
  const idCases: Case[] = [
    ['GetLoginUsername', '/api/account/GetLoginUsername', (odd) => odd, 'body'],
    ['CheckConfirmEmail', '/api/account/CheckConfirmEmail', (odd) => ({ userId: odd, code: 'abc' }), 'userId'],
    ['ResetPassword', '/api/account/ResetPassword', (odd) => ({ UserID: odd, Code: 'abc', Password: 'Fresh#Pass1' }), 'UserID'],
    ['ConfirmEmailAnother', '/api/account/ConfirmEmailAnother', (odd) => ({ token: `${odd}.abc` }), 'token'],
    ['EmailClickTrack', '/api/account/EmailClickTrack', (odd) => ({ tester: odd, eCode: 'abc' }), 'tester'],
  ];
  it.each(idCases)('%s: 400 naming the field', async (_name, url, body, field) => {
    expectIssue(await post(url, body(id)), field);
  });
});

describe('well-formed text still passes', () => {
  it('accepts letters outside the Basic Multilingual Plane (a proper surrogate pair) and accents', async () => {
    const response = await post('/api/account/IsInfoExist', { username: 'zoë😀tester', email: '' });
    expect(response.statusCode, response.body).toBe(200);
  });
});
