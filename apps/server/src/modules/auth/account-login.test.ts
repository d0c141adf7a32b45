import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { useTestApp } from '../../../test/test-app.ts';
import { CHANGE_ME, DEMO, allCookiesFrom, getWith, login, postJson, testerByUsername } from '../../../test/account-helpers.ts';

/**
 * Login outcomes, the per-address limits of login and the other entry calls (429 with a clear
 * message), and the forced credential change of the seeded account changeme01.
 */

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const ATTEMPTS_PER_WINDOW = 2;
/** Long enough that no window ends in the middle of a test; the brute-force file tests the end of a window. */
const WINDOW_SECONDS = 600;

const testApp = useTestApp({
  env: { LOGIN_ATTEMPTS_PER_WINDOW: String(ATTEMPTS_PER_WINDOW), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
});

/** Each test sends from its own address, so that the per-address limits of one test do not spill into the next. */
let addressCounter = 10;
const nextAddress = () => `10.0.0.${(addressCounter += 1)}`;

function expectTooMany(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(response.json());
  expect(body.statusCode).toBe(429);
  expect(body.message).toBe(TOO_MANY);
}

describe('POST /api/account/Login outcomes', () => {
  it('answers a wrong password and an unknown username alike: failed with the default message, no cookie', async () => {
    const remoteAddress = nextAddress();
    for (const [username, password] of [
      [DEMO.username, 'Wrong#Pass1'],
      ['nosuchtester', 'Demo#Pass1'],
    ] as const) {
      const response = await login(testApp.app, username, password, { remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'failed', url: '', message: 'Incorrect username or password.' });
      expect(response.cookies.filter((cookie) => cookie.value)).toHaveLength(0);
    }
  });

  it('answers the demo tester with succeed and the portal url', async () => {
    const response = await login(testApp.app, DEMO.username, DEMO.password, { remoteAddress: nextAddress() });
    expect(response.json()).toEqual({ status: 'succeed', url: '/community/main/screener', message: '' });
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith('th_session='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it('answers the seeded account that must change its credentials with changePassword and no session', async () => {
    const response = await login(testApp.app, CHANGE_ME.username, CHANGE_ME.password, { remoteAddress: nextAddress() });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('changePassword');
    expect(response.cookies.filter((cookie) => /th_session$/.test(cookie.name) && cookie.value)).toHaveLength(0);
  });
});

describe('limits on the login address', () => {
  it('limits one address trying many accounts (ten times the per-account limit), the right password included', async () => {
    const remoteAddress = nextAddress();
    const total = ATTEMPTS_PER_WINDOW * 10 + 10;
    // A different unknown username each time, so only the address limit can stop these.
    const responses = await Promise.all(
      Array.from({ length: total }, (_, attempt) => login(testApp.app, `sprayed${attempt}user`, 'Wrong#Pass1', { remoteAddress })),
    );
    const refused = responses.filter((response) => response.statusCode === 429);
    for (const response of refused) expectTooMany(response);
    const answered = responses.filter((response) => response.statusCode === 200);
    expect(answered.length + refused.length).toBe(total);
    expect(answered.length).toBeGreaterThan(ATTEMPTS_PER_WINDOW);
    expect(answered.length).toBeLessThanOrEqual(ATTEMPTS_PER_WINDOW * 10);
    expectTooMany(await login(testApp.app, DEMO.username, DEMO.password, { remoteAddress }));
  });
});

describe('limits on the other entry calls', () => {
  async function hitUntilRefused(send: (remoteAddress: string) => Promise<Awaited<ReturnType<typeof login>>>, max: number) {
    const remoteAddress = nextAddress();
    for (let attempt = 1; attempt <= max; attempt += 1) {
      const response = await send(remoteAddress);
      if (response.statusCode === 429) {
        expectTooMany(response);
        return attempt;
      }
      expect(response.statusCode, response.body).toBe(200);
    }
    return Infinity;
  }

  it('limits the uniqueness check (IsInfoExist) per address', async () => {
    const refusedAt = await hitUntilRefused(
      (remoteAddress) => postJson(testApp.app, '/api/account/IsInfoExist', { username: 'someone99', email: '' }, { remoteAddress }),
      200,
    );
    expect(refusedAt).toBeLessThan(200);
  });

  it('limits re-engagement codes per address', async () => {
    const refusedAt = await hitUntilRefused(
      (remoteAddress) => postJson(testApp.app, '/api/account/ReEngagement', { c: '7654321', p: '3125550100' }, { remoteAddress }),
      200,
    );
    expect(refusedAt).toBeLessThan(200);
  });

  it('limits find-username and forgot-password per address', async () => {
    const findAt = await hitUntilRefused(
      (remoteAddress) =>
        postJson(
          testApp.app,
          '/api/account/findusername',
          { firstname: 'No', lastname: 'Body', emailAddress: 'no.body@mail.example.test' },
          { remoteAddress },
        ),
      100,
    );
    expect(findAt).toBeLessThan(100);
    const forgotAt = await hitUntilRefused(
      (remoteAddress) =>
        postJson(
          testApp.app,
          '/api/account/forgotpassword',
          { username: 'nobodyhere', emailAddress: 'no.body@mail.example.test' },
          { remoteAddress },
        ),
      100,
    );
    expect(forgotAt).toBeLessThan(100);
  });
});

describe('the forced credential change (POST /api/account/initializeInformation)', () => {
  const FAILURE = 'The username or password you entered is incorrect. Please check your credentials and try again.';
  const fresh = {
    Username: 'chrisnew01',
    NewPassword: 'Brand#New22',
    EmailAddress: 'chris.new@mail.example.test',
    PhoneNumber: '9725550199',
  };

  /** The login that asks for the change, and any cookie it sets for the popup that follows. */
  async function startChange(remoteAddress: string) {
    const response = await login(testApp.app, CHANGE_ME.username, CHANGE_ME.password, { remoteAddress });
    expect(response.json().status).toBe('changePassword');
    return allCookiesFrom(response);
  }

  it('answers a wrong current password with failedLogin and the exact text, changing nothing', async () => {
    const remoteAddress = nextAddress();
    const cookie = await startChange(remoteAddress);
    const response = await postJson(
      testApp.app,
      '/api/account/initializeInformation',
      { ...fresh, Username: CHANGE_ME.username, CurrentPassword: 'Not#ThePass1' },
      { remoteAddress, cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failedLogin', message: FAILURE });
    const tester = await testerByUsername(testApp.database, CHANGE_ME.username);
    expect(tester).toMatchObject({ email: CHANGE_ME.email, mustChangeCredentials: true });
  });

  it('refuses the change for an account that does not have to change (demotester1), with failedLogin', async () => {
    const response = await postJson(
      testApp.app,
      '/api/account/initializeInformation',
      { ...fresh, Username: DEMO.username, CurrentPassword: DEMO.password },
      { remoteAddress: nextAddress() },
    );
    expect(response.json()).toEqual({ status: 'failedLogin', message: FAILURE });
    expect((await testerByUsername(testApp.database, DEMO.username))!.email).toBe(DEMO.email);
  });

  it('refuses a new e-mail that another account uses, with the message of the form', async () => {
    const remoteAddress = nextAddress();
    const cookie = await startChange(remoteAddress);
    const response = await postJson(
      testApp.app,
      '/api/account/initializeInformation',
      { ...fresh, Username: CHANGE_ME.username, EmailAddress: DEMO.email.toUpperCase(), CurrentPassword: CHANGE_ME.password },
      { remoteAddress, cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'emailTaken', message: 'Sorry, this email is already in use. Please choose another one.' });
    expect(await testerByUsername(testApp.database, CHANGE_ME.username)).toMatchObject({
      email: CHANGE_ME.email,
      mustChangeCredentials: true,
    });
  });

  it('refuses a new username that another account uses with an answer, not a server error', async () => {
    const remoteAddress = nextAddress();
    const cookie = await startChange(remoteAddress);
    const response = await postJson(
      testApp.app,
      '/api/account/initializeInformation',
      { ...fresh, Username: 'DemoTester1', CurrentPassword: CHANGE_ME.password },
      { remoteAddress, cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).not.toBe('succeed');
    expect(await testerByUsername(testApp.database, CHANGE_ME.username)).toMatchObject({
      email: CHANGE_ME.email,
      mustChangeCredentials: true,
    });
    expect((await testerByUsername(testApp.database, DEMO.username))!.email).toBe(DEMO.email);
  });

  it('replaces username, e-mail, phone and password with the right current password; the new credentials log in, the old username does not', async () => {
    const remoteAddress = nextAddress();
    const cookie = await startChange(remoteAddress);
    const response = await postJson(
      testApp.app,
      '/api/account/initializeInformation',
      { ...fresh, CurrentPassword: CHANGE_ME.password },
      { remoteAddress, cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed', message: 'Password Reset Successful' });

    const tester = await testerByUsername(testApp.database, fresh.Username);
    expect(tester).toMatchObject({ email: fresh.EmailAddress, phone: fresh.PhoneNumber, mustChangeCredentials: false });

    const withNew = await login(testApp.app, fresh.Username, fresh.NewPassword, { remoteAddress });
    expect(withNew.json().status).toBe('succeed');
    const oldName = await login(testApp.app, CHANGE_ME.username, CHANGE_ME.password, { remoteAddress });
    expect(oldName.json()).toMatchObject({ status: 'failed', message: 'Incorrect username or password.' });
    const oldPassword = await login(testApp.app, fresh.Username, CHANGE_ME.password, { remoteAddress });
    expect(oldPassword.json().status).toBe('failed');
  });

  it('cannot be used a second time once the credentials are changed', async () => {
    const response = await postJson(
      testApp.app,
      '/api/account/initializeInformation',
      { ...fresh, Username: 'chrisnew02', CurrentPassword: fresh.NewPassword },
      { remoteAddress: nextAddress() },
    );
    expect(response.json().status).toBe('failedLogin');
  });

  it('GET /api/account/CheckAuthorize is refused without a session', async () => {
    expect((await getWith(testApp.app, '/api/account/CheckAuthorize')).statusCode).toBe(401);
  });
});
