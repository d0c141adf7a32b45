import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  DEMO,
  expectFieldError,
  getWith,
  latestMail,
  linkIn,
  login,
  loginCookie,
  postJson,
  testerByUsername,
} from '../../../test/account-helpers.ts';
import { emailTokens } from '../../core/db/schema.ts';
import { hashToken } from '../../core/security/tokens.ts';

/**
 * Find username and reset password (spec 2, sections 4, 5 and 8; issue 3, section 3): the
 * e-mails, reset codes of 128 bits or more stored hashed, single use and expiring, and a new
 * password ending the tester's other sessions.
 */

const PUBLIC_URL = 'https://testers.example.test';
const TEXTS = {
  findFailure: 'Username not found',
  forgotFailure: 'Oops! Something went wrong with your information. Please try again.',
  forgotSuccess: 'Please check your email for instructions on resetting your password.',
  resetSuccess: 'Your password has been reset. Click Close to redirect to log in page',
  resetFailure: 'Something went wrong with your link, please select link from your email again...',
};

const testApp = useTestApp({ env: { PUBLIC_URL } });

/** Each request from its own address: the recovery limit per address is not what these tests are about. */
let addressCounter = 0;
const post = (url: string, body: unknown) =>
  postJson(testApp.app, url, body, { remoteAddress: `10.9.${Math.floor((addressCounter += 1) / 200)}.${addressCounter % 200}` });
const get = (url: string, cookie?: string) => getWith(testApp.app, url, { cookie });

async function requestReset(): Promise<{ userId: string; code: string; link: URL }> {
  const response = await post('/api/account/forgotpassword', { username: DEMO.username, emailAddress: DEMO.email });
  expect(response.json()).toEqual({ status: 'succeed', message: TEXTS.forgotSuccess });
  const mail = await latestMail(testApp.database, DEMO.email, 'reset-password');
  expect(mail).not.toBeNull();
  const link = linkIn(mail!.text, '/account/resetPassword');
  return { userId: link.searchParams.get('userId')!, code: link.searchParams.get('code')!, link };
}

describe('POST /api/account/findusername', () => {
  it('finds the username from first name, last name and e-mail in any case, and mails it', async () => {
    const response = await post('/api/account/findusername', {
      firstname: 'dANA',
      lastname: ' tester ',
      emailAddress: 'DEMO.Tester@TesterHub.EXAMPLE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeed', userName: DEMO.username });
    const mail = await latestMail(testApp.database, DEMO.email, 'username');
    expect(mail).not.toBeNull();
    expect(mail!.text).toContain(DEMO.username);
    expect(mail!.html).toContain(DEMO.username);
    expect(linkIn(mail!.text, '/community/login').origin).toBe(PUBLIC_URL);
  });

  it.each([
    ['a wrong first name', { firstname: 'Dina', lastname: 'Tester', emailAddress: DEMO.email }],
    ['a wrong last name', { firstname: 'Dana', lastname: 'Testers', emailAddress: DEMO.email }],
    ['a wrong e-mail', { firstname: 'Dana', lastname: 'Tester', emailAddress: 'dana@mail.example.test' }],
  ])('answers %s with failed and "Username not found", and mails nothing', async (_name, body) => {
    const before = await latestMail(testApp.database, DEMO.email, 'username');
    const response = await post('/api/account/findusername', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failed', userName: '', message: TEXTS.findFailure });
    expect((await latestMail(testApp.database, DEMO.email, 'username'))?.id).toBe(before?.id);
  });
});

describe('POST /api/account/forgotpassword', () => {
  it.each([
    ['a wrong e-mail', { username: DEMO.username, emailAddress: 'someone.else@mail.example.test' }],
    ['an unknown username', { username: 'nosuchtester', emailAddress: DEMO.email }],
  ])('answers %s with failed and the catalogue text', async (_name, body) => {
    const response = await post('/api/account/forgotpassword', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failed', message: TEXTS.forgotFailure });
  });

  it('mails a reset link to /account/resetPassword?userId=&code= on PUBLIC_URL, its code of 128 bits or more kept only as a hash', async () => {
    const { userId, code, link } = await requestReset();
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/account/resetPassword');
    const tester = await testerByUsername(testApp.database, DEMO.username);
    expect(userId).toBe(tester!.id);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    // base64url: 22 characters carry 132 bits.
    expect(code.length).toBeGreaterThanOrEqual(22);

    const tokens = await testApp.database.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.testerId, userId), eq(emailTokens.purpose, 'reset-password')));
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(token.codeHash).not.toBe(code);
      expect(token.codeHash).not.toContain(code);
    }
    const mail = await latestMail(testApp.database, DEMO.email, 'reset-password');
    expect(mail!.html).toContain(link.toString().replace(/&/g, '&amp;'));
  });

  it('matches the username without regard to case', async () => {
    const response = await post('/api/account/forgotpassword', { username: 'DemoTester1', emailAddress: 'Demo.Tester@testerhub.example' });
    expect(response.json().status).toBe('succeed');
  });
});

describe('POST /api/account/ResetPassword', () => {
  it('refuses a weak new password with 400 and leaves the code usable', async () => {
    const { userId, code } = await requestReset();
    expectFieldError(
      await post('/api/account/ResetPassword', { UserID: userId, Code: code, Password: 'weakpass' }),
      'Password',
      'Password must contain at least one digit.',
    );
    expectFieldError(
      await post('/api/account/ResetPassword', { UserID: userId, Code: code, Password: 'Ab#1234' }),
      'Password',
      'Password must contain at least 8 characters.',
    );
    expectFieldError(
      await post('/api/account/ResetPassword', { UserID: userId, Code: code, Password: 'Abcdefghijklmnop#1234' }),
      'Password',
      'Password must contain at most 20 characters.',
    );
    const tokens = await testApp.database.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.testerId, userId), eq(emailTokens.purpose, 'reset-password')))
      .orderBy(emailTokens.id);
    expect(tokens.at(-1)!.usedAt).toBeNull();
  });

  it('refuses a code past its lifetime', async () => {
    const { userId, code } = await requestReset();
    await testApp.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(emailTokens.testerId, userId), eq(emailTokens.purpose, 'reset-password')));
    const response = await post('/api/account/ResetPassword', { UserID: userId, Code: code, Password: 'Late#Reset1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failed', message: TEXTS.resetFailure });
    expect((await login(testApp.app, DEMO.username, 'Late#Reset1')).json().status).toBe('failed');
  });

  it('refuses a made-up code and a code sent for another tester id', async () => {
    const { code } = await requestReset();
    const changeMe = await testerByUsername(testApp.database, 'changeme01');
    expect((await post('/api/account/ResetPassword', { UserID: changeMe!.id, Code: code, Password: 'Other#Reset1' })).json()).toEqual({
      status: 'failed',
      message: TEXTS.resetFailure,
    });
    const tester = await testerByUsername(testApp.database, DEMO.username);
    expect(
      (await post('/api/account/ResetPassword', { UserID: tester!.id, Code: 'A'.repeat(43), Password: 'Other#Reset1' })).json(),
    ).toEqual({ status: 'failed', message: TEXTS.resetFailure });
    // An id that is no UUID never reaches the database: 400 naming the field.
    expectFieldError(await post('/api/account/ResetPassword', { UserID: 'not-a-tester', Code: code, Password: 'Other#Reset1' }), 'UserID');
  });

  it('resets with the mailed link once: the other sessions end, the new password logs in, the same link fails the second time', async () => {
    const before = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect((await get('/api/account/CheckAuthorize', before)).statusCode).toBe(200);

    const { userId, code } = await requestReset();
    const newPassword = 'Reset#Pass77';
    const response = await post('/api/account/ResetPassword', { UserID: userId, Code: code, Password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed', message: TEXTS.resetSuccess });

    // A session from before the reset (perhaps the attacker's) is over.
    expect((await get('/api/account/CheckAuthorize', before)).statusCode).toBe(401);
    expect((await get('/api/account/GetPKTesterInfo', before)).statusCode).toBe(401);

    expect((await login(testApp.app, DEMO.username, DEMO.password)).json().status).toBe('failed');
    const after = await loginCookie(testApp.app, DEMO.username, newPassword);
    expect((await get('/api/account/CheckAuthorize', after)).statusCode).toBe(200);

    const again = await post('/api/account/ResetPassword', { UserID: userId, Code: code, Password: 'Again#Pass88' });
    expect(again.json()).toEqual({ status: 'failed', message: TEXTS.resetFailure });
    expect((await login(testApp.app, DEMO.username, 'Again#Pass88')).json().status).toBe('failed');
    expect((await login(testApp.app, DEMO.username, newPassword)).json().status).toBe('succeed');
  });

  it('lets only one of two simultaneous uses of one code through', async () => {
    const { userId, code } = await requestReset();
    const responses = await Promise.all(
      ['Race#One111', 'Race#Two222'].map((Password) => post('/api/account/ResetPassword', { UserID: userId, Code: code, Password })),
    );
    const statuses = responses.map((response) => response.json().status);
    expect(statuses.sort()).toEqual(['failed', 'succeed']);
  });
});

describe('older reset links (finding 6)', () => {
  const resetWith = (userId: string, code: string, Password: string) =>
    post('/api/account/ResetPassword', { UserID: userId, Code: code, Password });

  it('a newer link voids the older unused one', async () => {
    const older = await requestReset();
    const newer = await requestReset();
    expect(newer.code).not.toBe(older.code);
    expect((await resetWith(older.userId, older.code, 'Older#Link11')).json()).toEqual({ status: 'failed', message: TEXTS.resetFailure });
    expect((await login(testApp.app, DEMO.username, 'Older#Link11')).json().status).toBe('failed');
    expect((await resetWith(newer.userId, newer.code, 'Newer#Link22')).json()).toEqual({ status: 'succeed', message: TEXTS.resetSuccess });
    expect((await login(testApp.app, DEMO.username, 'Newer#Link22')).json().status).toBe('succeed');
  });

  it("using a link voids every other reset code of that tester, and only that tester's", async () => {
    const { userId, code } = await requestReset();
    const other = await testerByUsername(testApp.database, 'changeme01');
    // Codes issued outside the forgotpassword call (as an older release or a race could leave them): still open.
    const spareCode = 'spare-code-spare-code-spare-code-1';
    const othersCode = 'others-code-others-code-others-code';
    const expiresAt = new Date(Date.now() + 3600_000);
    await testApp.database.db.insert(emailTokens).values([
      { testerId: userId, purpose: 'reset-password', codeHash: hashToken(spareCode), expiresAt },
      { testerId: other!.id, purpose: 'reset-password', codeHash: hashToken(othersCode), expiresAt },
    ]);
    expect((await resetWith(userId, code, 'Fresh#Reset33')).json().status).toBe('succeed');
    expect((await resetWith(userId, spareCode, 'Spare#Reset44')).json()).toEqual({ status: 'failed', message: TEXTS.resetFailure });
    expect((await login(testApp.app, DEMO.username, 'Fresh#Reset33')).json().status).toBe('succeed');
    const open = await testApp.database.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.testerId, userId), eq(emailTokens.purpose, 'reset-password')));
    expect(open.filter((token) => token.usedAt === null)).toEqual([]);
    const othersToken = await testApp.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.codeHash, hashToken(othersCode)));
    expect(othersToken[0]!.usedAt).toBeNull();
  });

  it('does not void the e-mail confirmation codes', async () => {
    const tester = await testerByUsername(testApp.database, DEMO.username);
    const confirmHash = hashToken('confirm-code-kept-confirm-code-kept');
    await testApp.database.db
      .insert(emailTokens)
      .values({ testerId: tester!.id, purpose: 'confirm-email', codeHash: confirmHash, expiresAt: new Date(Date.now() + 3600_000) });
    const { userId, code } = await requestReset();
    expect((await resetWith(userId, code, 'Kept#Confirm55')).json().status).toBe('succeed');
    const [confirm] = await testApp.database.db.select().from(emailTokens).where(eq(emailTokens.codeHash, confirmHash));
    expect(confirm!.usedAt).toBeNull();
  });
});
