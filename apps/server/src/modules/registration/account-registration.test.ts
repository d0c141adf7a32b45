import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { useTestApp } from '../../../test/test-app.ts';
import {
  DEMO,
  expectFieldError,
  getWith,
  latestMail,
  linkIn,
  login,
  postJson,
  sessionCookieFrom,
  testerByUsername,
  validRegistration,
} from '../../../test/account-helpers.ts';
import { coinLedger, emailTokens, reEngagementCodes, signUpLeads, testers } from '../../core/db/schema.ts';

/**
 * The join pages' calls and a registration from start to the portal: level 1, the welcome
 * coins in the ledger, the confirmation e-mail built from PUBLIC_URL, confirmation, login.
 */

const PUBLIC_URL = 'https://testers.example.test';
const WELCOME_COINS = 75;

const testApp = useTestApp({ env: { PUBLIC_URL, WELCOME_COINS: String(WELCOME_COINS) } });

const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(testApp.app, url, body, { headers });
const get = (url: string, cookie?: string) => getWith(testApp.app, url, { cookie });

describe('POST /api/account/IsInfoExist', () => {
  it('finds a taken username without regard to case, and a taken e-mail', async () => {
    expect((await post('/api/account/IsInfoExist', { username: 'DemoTester1', email: '' })).json()).toEqual({
      isExists1: true,
      isExists2: false,
    });
    expect((await post('/api/account/IsInfoExist', { username: '', email: 'Demo.Tester@TesterHub.Example' })).json()).toEqual({
      isExists1: false,
      isExists2: true,
    });
    expect((await post('/api/account/IsInfoExist', { username: DEMO.username, email: DEMO.email, u: '' })).json()).toEqual({
      isExists1: true,
      isExists2: true,
    });
  });

  it('answers false for a free username and e-mail', async () => {
    const response = await post('/api/account/IsInfoExist', { username: 'nobodyhere99', email: 'nobody.here@mail.example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isExists1: false, isExists2: false });
  });
});

describe('POST /api/account/CheckLocation', () => {
  it.each([
    ['60614', '00001', false],
    ['60606', '00001', false],
    ['59001', '88888', true],
    ['99501', '00006', true],
  ])('zip %s is site %s (too far: %s)', async (zip, siteId, tooFar) => {
    const response = await post('/api/account/CheckLocation', zip);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ siteId, tooFar });
  });

  it('refuses a 4-digit zip with 400', async () => {
    expectFieldError(await post('/api/account/CheckLocation', '6061'), 'body', 'Please enter a 5-digit zip code.');
  });
});

describe('the registration lists', () => {
  it('GET /api/account/GetMoreInfo lists the how-heard choices with Other (0O)', async () => {
    const response = await get('/api/account/GetMoreInfo');
    expect(response.statusCode).toBe(200);
    const { adsInfo } = response.json() as { adsInfo: { adName: string; adID: string }[] };
    expect(adsInfo.length).toBeGreaterThan(1);
    expect(adsInfo).toContainEqual({ adID: '0O', adName: 'Other' });
    for (const ad of adsInfo) expect(ad.adName.length).toBeGreaterThan(0);
  });

  it('GET /api/account/GetRaceList gives the 8 race codes, in English by default and in Spanish with lang=es', async () => {
    const english = (await get('/api/account/GetRaceList')).json() as { raceInfo: { raceName: string; raceID: string }[] };
    expect(english.raceInfo.map((race) => race.raceID)).toEqual(['B', 'A', 'C', 'H', 'N', 'S', 'O', 'R']);
    expect(english.raceInfo).toContainEqual({ raceID: 'N', raceName: 'Hispanic-English Only' });
    expect(english.raceInfo).toContainEqual({ raceID: 'B', raceName: 'African-American' });

    const spanish = (await get('/api/account/GetRaceList?lang=es')).json() as { raceInfo: { raceName: string; raceID: string }[] };
    expect(spanish.raceInfo.map((race) => race.raceID)).toEqual(['B', 'A', 'C', 'H', 'N', 'S', 'O', 'R']);
    expect(spanish.raceInfo).toContainEqual({ raceID: 'B', raceName: 'Afroamericano' });
    expect(spanish.raceInfo).toContainEqual({ raceID: 'O', raceName: 'Otro' });
    expect(spanish.raceInfo.find((race) => race.raceID === 'C')!.raceName).not.toBe('Caucasian');
  });

  it('GET /api/account/GetRaceList refuses an unknown language with 400', async () => {
    expectFieldError(await get('/api/account/GetRaceList?lang=fr'), 'lang');
  });
});

describe('POST /api/account/SaveSignUpProfile (the short sign-up form)', () => {
  it('keeps names of 30 characters as a lead', async () => {
    const lead = { firstName: 'F'.repeat(30), lastName: 'L'.repeat(30), phone: '3125550177', email: 'short.form@mail.example.test' };
    const response = await post('/api/account/SaveSignUpProfile', lead);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed' });
    const rows = await testApp.database.db.select().from(signUpLeads).where(eq(signUpLeads.email, lead.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: lead.firstName, lastName: lead.lastName, phone: lead.phone });
  });

  it('refuses names of 31 characters', async () => {
    expectFieldError(
      await post('/api/account/SaveSignUpProfile', { firstName: 'F'.repeat(31), lastName: 'Rivera', phone: '3125550177', email: 'a@b.co' }),
      'firstName',
      'Names must contain at most 30 characters.',
    );
  });
});

describe('POST /api/account/ReEngagement and registerExistedUser', () => {
  it('gives back v for the seeded code and phone', async () => {
    const response = await post('/api/account/ReEngagement', { c: '1234567', p: '3125550100' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeed', v: 'demo-returning-tester' });
  });

  it('answers a wrong code with status failed and the catalogue text', async () => {
    const response = await post('/api/account/ReEngagement', { c: '7654321', p: '3125550100' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'failed', message: 'Invalid code detected. Please review your code for errors.' });
    expect(response.json().v).toBe('');
  });

  it('answers a right code with the wrong phone as failed', async () => {
    expect((await post('/api/account/ReEngagement', { c: '1234567', p: '3125550101' })).json()).toMatchObject({ status: 'failed' });
  });

  it('answers a wrong code in Spanish when the form is in Spanish', async () => {
    const response = await post('/api/account/ReEngagement', { c: '7654321', p: '3125550100', Language: 'es' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'failed', message: 'Código no válido. Por favor revise su código.' });
  });

  it('refuses a 5-digit code with 400', async () => {
    expectFieldError(await post('/api/account/ReEngagement', { c: '12345', p: '3125550100' }), 'c', 'Please enter valid code');
  });

  it('registers the known tester once: the first Complete succeeds, the second fails', async () => {
    const payload = {
      V: 'demo-returning-tester',
      E: '',
      EmailAddress: 'rosa.alvarez@mail.example.test',
      Password: 'Rosa#Pass1',
      Username: 'rosaalvarez',
    };
    const first = await post('/api/account/registerExistedUser', payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'succeed' });

    const tester = await testerByUsername(testApp.database, 'rosaalvarez');
    expect(tester).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Alvarez',
      email: 'rosa.alvarez@mail.example.test',
      siteId: '00001',
      level: 1,
      coins: WELCOME_COINS,
    });
    expect(await latestMail(testApp.database, 'rosa.alvarez@mail.example.test', 'confirm-email')).not.toBeNull();

    const second = await post('/api/account/registerExistedUser', {
      ...payload,
      EmailAddress: 'rosa.again@mail.example.test',
      Username: 'rosaagain1',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().status).toBe('failed');
    expect(second.json().message).toBe(
      'Something went wrong with your information, Can you please try again? or Please contact Tester Services for further assistance...',
    );
    expect(await testerByUsername(testApp.database, 'rosaagain1')).toBeNull();

    // The code is used up now: the re-engagement form does not hand out v again.
    const [record] = await testApp.database.db.select().from(reEngagementCodes).where(eq(reEngagementCodes.v, 'demo-returning-tester'));
    expect(record!.usedAt).not.toBeNull();
    expect((await post('/api/account/ReEngagement', { c: '1234567', p: '3125550100' })).json()).toMatchObject({ status: 'failed' });
  });

  it('answers an unknown v with failed', async () => {
    const response = await post('/api/account/registerExistedUser', {
      V: 'no-such-v',
      EmailAddress: 'nobody2@mail.example.test',
      Password: 'Secret#Pass1',
      Username: 'nobodyatall',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('failed');
  });
});

describe('a registration from the form to the portal', () => {
  const username = 'NewTester01';
  const email = 'New.Tester01@Mail.Example.test';
  const password = 'Fresh#Start9';
  let testerId = '';
  let confirmLink: URL;

  it('registers (status succeed), ignoring fields a visitor may not set', async () => {
    const response = await post(
      '/api/account/register',
      // Extra keys a forged request might add; none of them may reach the account.
      {
        ...validRegistration({ Username: username, EmailAddress: email, Password: password, ZipCode: '60614' }),
        Coins: 99999,
        Level: 9,
        Exp: 5000,
        EmailConfirmed: true,
        mustChangeCredentials: true,
      },
      { host: 'attacker.example.test' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeed' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('starts the tester at level 1 with the welcome coins recorded in the coin ledger', async () => {
    const tester = await testerByUsername(testApp.database, username);
    expect(tester).not.toBeNull();
    testerId = tester!.id;
    expect(tester).toMatchObject({
      username,
      level: 1,
      exp: 0,
      coins: WELCOME_COINS,
      siteId: '00001',
      emailConfirmedAt: null,
      mustChangeCredentials: false,
      language: 'en',
    });
    expect(tester!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(tester!.passwordHash).not.toContain(password);

    const ledger = await testApp.database.db.select().from(coinLedger).where(eq(coinLedger.testerId, testerId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.coins).toBe(WELCOME_COINS);
    expect(ledger.reduce((sum, row) => sum + row.coins, 0)).toBe(tester!.coins);
  });

  it('refuses a second account with the same username (any case) or e-mail, with the messages of the form', async () => {
    const sameName = await post('/api/account/register', validRegistration({ Username: username.toUpperCase() }));
    expect(sameName.json()).toEqual({ status: 'usernameTaken', message: 'Username is already taken. Please choose another name.' });
    const sameEmail = await post('/api/account/register', validRegistration({ EmailAddress: email.toLowerCase() }));
    expect(sameEmail.json()).toEqual({ status: 'emailTaken', message: 'Sorry, this email is already in use. Please choose another one.' });
    const inSpanish = await post('/api/account/register', validRegistration({ Username: DEMO.username, Language: 'es' }));
    expect(inSpanish.json()).toEqual({ status: 'usernameTaken', message: 'Ese nombre de usuario ya está en uso. Por favor elija otro.' });
  });

  it('queues the confirmation e-mail, its link built from PUBLIC_URL and not from the Host header', async () => {
    const mail = await latestMail(testApp.database, email, 'confirm-email');
    expect(mail).not.toBeNull();
    expect(mail!.status).toBe('pending');
    expect(mail!.subject).toMatch(/confirm/i);
    confirmLink = linkIn(mail!.text, '/community/checkConfirmEmail');
    expect(confirmLink.origin).toBe(PUBLIC_URL);
    expect(mail!.text).not.toContain('attacker.example.test');
    expect(mail!.html).not.toContain('attacker.example.test');
    expect(confirmLink.searchParams.get('t')).toBe(testerId);
    const code = confirmLink.searchParams.get('r')!;
    expect(code.length).toBeGreaterThanOrEqual(22);
    // The HTML part carries the same link (HTML-escaped).
    expect(mail!.html).toContain(confirmLink.toString().replace(/&/g, '&amp;'));
    // Only a hash of the code is kept.
    const tokens = await testApp.database.db.select().from(emailTokens).where(eq(emailTokens.testerId, testerId));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.codeHash).not.toBe(code);
    expect(tokens[0]!.codeHash).not.toContain(code);
  });

  it('answers a login before confirmation with notConfirmed and no session', async () => {
    const response = await login(testApp.app, username, password);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('notConfirmed');
    expect(response.json().message.length).toBeGreaterThan(0);
    // No session: the one cookie is the one that lets this login have the confirmation e-mail sent again.
    expect(response.cookies.filter((cookie) => cookie.value).map((cookie) => cookie.name)).toEqual(['th_confirmation_resend']);
  });

  it('refuses a wrong confirmation code with failed, leaving the account unconfirmed', async () => {
    const response = await post('/api/account/CheckConfirmEmail', { userId: testerId, code: 'A'.repeat(43) });
    expect(response.json()).toEqual({ status: 'failed' });
    expect((await testerByUsername(testApp.database, username))!.emailConfirmedAt).toBeNull();
    expect(
      (
        await post('/api/account/CheckConfirmEmail', {
          userId: '00000000-0000-4000-8000-000000000000',
          code: confirmLink.searchParams.get('r'),
        })
      ).json(),
    ).toEqual({ status: 'failed' });
    // An id that is no UUID never reaches the database: 400 naming the field.
    const malformed = await post('/api/account/CheckConfirmEmail', { userId: 'not-a-uuid', code: confirmLink.searchParams.get('r') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('userId');
  });

  it('confirms with the code from the e-mail link', async () => {
    const response = await post('/api/account/CheckConfirmEmail', {
      userId: confirmLink.searchParams.get('t'),
      code: confirmLink.searchParams.get('r'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'confirmed' });
    expect((await testerByUsername(testApp.database, username))!.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('answers a later confirmation with a wrong code as failed', async () => {
    const response = await post('/api/account/CheckConfirmEmail', { userId: testerId, code: 'wrong-code-wrong-code-wrong' });
    expect(response.json()).toEqual({ status: 'failed' });
  });

  let cookie = '';
  it('logs in with a session cookie that is HttpOnly, SameSite=Lax, Secure and __Host- (PUBLIC_URL is https)', async () => {
    const response = await login(testApp.app, username.toLowerCase(), password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed', url: '/community/main/screener', message: '' });
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = setCookie.find((line) => line.startsWith('__Host-'));
    expect(session, JSON.stringify(setCookie)).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/);
    expect(session).not.toMatch(/;\s*Domain=/i);
    cookie = sessionCookieFrom(response);
    const value = cookie.split('=').slice(1).join('=');
    expect(value.length).toBeGreaterThanOrEqual(43);
  });

  it('shows the new tester in the portal: level 1, the welcome coins, 100 experience to the next level', async () => {
    const info = await get('/api/account/GetPKTesterInfo', cookie);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      username,
      level: 1,
      exp: 0,
      coins: WELCOME_COINS,
      nextLevelExp: 100,
      remainExp: 100,
      blackList: false,
    });
    expect(info.json().fileName.length).toBeGreaterThan(0);
    expect(info.json().imageSrc).toContain(info.json().fileName);

    expect((await get('/api/profile/GetUserInfo', cookie)).json()).toMatchObject({
      status: 'succeed',
      level: 1,
      coins: WELCOME_COINS,
      nextLevelExp: 100,
      remainExp: 100,
    });
    expect((await get('/api/profile/GetNextLevelEXP', cookie)).json()).toEqual({
      status: 'succeed',
      exp: 0,
      nextLevelExp: 100,
      remainExp: 100,
    });
    expect((await get('/api/account/GetUserInfo', cookie)).json()).toEqual({
      testerInfo: { testerId, username, firstName: 'Alex', lastName: 'Rivera', emailAddress: email, emailConfirmed: true, language: 'en' },
    });
    expect((await get('/api/account/CheckAuthorize', cookie)).json()).toEqual({ status: 'authorized' });
  });

  it('answers GetLoginUsername for a bare tester id exactly as for an unknown one: no username without a link (decision 075)', async () => {
    const known = await post('/api/account/GetLoginUsername', testerId);
    const unknown = await post('/api/account/GetLoginUsername', '00000000-0000-4000-8000-000000000000');
    expect([known.statusCode, known.json()]).toEqual([200, { status: 'failed', name: '' }]);
    expect([unknown.statusCode, unknown.body]).toEqual([200, known.body]);
  });

  it('records an e-mail click for a known tester and answers an unknown one with the catalogue text', async () => {
    expect((await post('/api/account/EmailClickTrack', { tester: testerId, eCode: 'confirm' })).json()).toEqual({
      status: 'succeed',
      message: '',
    });
    expect(
      (await post('/api/account/EmailClickTrack', { tester: '00000000-0000-4000-8000-000000000000', eCode: 'confirm' })).json(),
    ).toEqual({
      status: 'failed',
      message: 'This link is no longer accessible. Please contact Tester Services...',
    });
  });
});

describe('ConfirmEmailAnother (the /account/ConfirmEmail link)', () => {
  it('confirms with the token "{testerId}.{code}" and refuses a wrong one', async () => {
    const payload = validRegistration({ Username: 'otherpath01', EmailAddress: 'other.path01@mail.example.test' });
    expect((await post('/api/account/register', payload)).json()).toMatchObject({ status: 'succeed' });
    const link = linkIn(
      (await latestMail(testApp.database, 'other.path01@mail.example.test', 'confirm-email'))!.text,
      '/community/checkConfirmEmail',
    );
    const id = link.searchParams.get('t')!;
    expect((await post('/api/account/ConfirmEmailAnother', { token: `${id}.not-the-code` })).json()).toEqual({ status: 'failed' });
    const garbage = await post('/api/account/ConfirmEmailAnother', { token: 'garbage' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().field).toBe('token');
    expect((await post('/api/account/ConfirmEmailAnother', { token: `${id}.${link.searchParams.get('r')}` })).json()).toEqual({
      status: 'confirmed',
    });
    const [row] = await testApp.database.db.select().from(testers).where(eq(testers.id, id));
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
  });
});

describe('a confirmation code past its lifetime', () => {
  it('is refused', async () => {
    const payload = validRegistration({ Username: 'lateclick01', EmailAddress: 'late.click01@mail.example.test' });
    expect((await post('/api/account/register', payload)).json()).toMatchObject({ status: 'succeed' });
    const link = linkIn(
      (await latestMail(testApp.database, 'late.click01@mail.example.test', 'confirm-email'))!.text,
      '/community/checkConfirmEmail',
    );
    const id = link.searchParams.get('t')!;
    await testApp.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.testerId, id));
    expect((await post('/api/account/CheckConfirmEmail', { userId: id, code: link.searchParams.get('r') })).json()).toEqual({
      status: 'failed',
    });
  });
});

describe('a registration in Spanish', () => {
  it('keeps the language and sends the confirmation e-mail in Spanish', async () => {
    const payload = validRegistration({ Username: 'probador01', EmailAddress: 'probador01@mail.example.test', Language: 'es' });
    expect((await post('/api/account/register', payload)).json()).toMatchObject({ status: 'succeed' });
    expect((await testerByUsername(testApp.database, 'probador01'))!.language).toBe('es');
    const mail = await latestMail(testApp.database, 'probador01@mail.example.test', 'confirm-email');
    expect(mail!.subject).toMatch(/^Confirme su correo electrónico/);
    expect(mail!.text).toContain('Gracias por registrarse');
  });

  it('sends the Spanish tester the username and reset e-mails in Spanish too', async () => {
    const found = await post('/api/account/findusername', {
      firstname: 'Alex',
      lastname: 'Rivera',
      emailAddress: 'probador01@mail.example.test',
    });
    expect(found.json()).toMatchObject({ status: 'succeed', userName: 'probador01' });
    expect((await latestMail(testApp.database, 'probador01@mail.example.test', 'username'))!.subject).toMatch(/^Su nombre de usuario/);
    const reset = await post('/api/account/forgotpassword', { username: 'probador01', emailAddress: 'probador01@mail.example.test' });
    expect(reset.json().status).toBe('succeed');
    const mail = await latestMail(testApp.database, 'probador01@mail.example.test', 'reset-password');
    expect(mail!.subject).toMatch(/^Restablezca su contraseña/);
    expect(linkIn(mail!.text, '/account/resetPassword').origin).toBe(PUBLIC_URL);
  });
});

describe('the portal calls without a session', () => {
  it.each([
    '/api/account/GetPKTesterInfo',
    '/api/account/GetUserInfo',
    '/api/profile/GetUserInfo',
    '/api/profile/GetNextLevelEXP',
    '/api/schedule/GetScreeners',
    '/api/account/CheckAuthorize',
  ])('%s answers 401 JSON', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(apiErrorSchema.parse(response.json()).statusCode).toBe(401);
  });

  it('answers 401 to a made-up session cookie', async () => {
    expect((await get('/api/account/GetPKTesterInfo', `__Host-th_session=${'x'.repeat(43)}`)).statusCode).toBe(401);
  });
});
