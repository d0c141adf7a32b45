import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, getWith, latestMail, linkIn, login, postJson, sessionCookieFrom } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createTester, FACTORY_PASSWORD, sessionCookieFor } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { contactSettings, testers } from '../../core/db/schema.ts';

/**
 * Account settings (spec 3, sections 5, 7 "Settings" and 8; decision 035): the contact, the
 * password with its rules, the other sessions ended by a change, the reminder after six months,
 * and the contact-channel choices, at the route, on PGlite and PostgreSQL.
 */

const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;
const post = (url: string, body: unknown, cookie: string) => postJson(testApp.app, url, body, { cookie });
const get = (url: string, cookie: string) => getWith(testApp.app, url, { cookie });

const testApp = useTestApp({ clock, env: { LOGIN_ATTEMPTS_PER_WINDOW: '3' } });

const CONTACT = { address: '5 Main Street', city: 'Chicago', zipCode: '60606', phone: '3125550199' };
const NEW_PASSWORD = 'Fresh#Pass9';

const DAY_MS = 24 * HOUR_MS;
const testerRow = async (id: string) => (await db().select().from(testers).where(eq(testers.id, id)))[0]!;

describe('GET /api/account/GetContact and POST /api/account/ChangeContact', () => {
  it('reads the contact back (the phone as homeNo), stores a change with its zip’s site, and reads the change back', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    expect((await get('/api/account/GetContact', cookie)).json()).toEqual({
      status: 'succeed',
      address: tester.address,
      city: tester.city,
      zipCode: tester.zipCode,
      homeNo: tester.phone,
    });

    const changed = await post('/api/account/ChangeContact', { ...CONTACT, zipCode: '59001', address: '  7 Far Road ' }, cookie);
    expect(changed.json()).toEqual({ status: 'succeed' });
    const row = await testerRow(tester.id);
    expect(row).toMatchObject({ address: '7 Far Road', city: 'Chicago', zipCode: '59001', phone: '3125550199', siteId: '88888' });
    expect((await get('/api/account/GetContact', cookie)).json()).toEqual({
      status: 'succeed',
      address: '7 Far Road',
      city: 'Chicago',
      zipCode: '59001',
      homeNo: '3125550199',
    });
  });

  it.each([
    ['address', { address: '' }, 'This field is required.'],
    ['address', { address: '   ' }, 'This field is required.'],
    ['city', { city: '' }, 'This field is required.'],
    ['zipCode', { zipCode: '' }, 'This field is required.'],
    ['zipCode', { zipCode: '6061' }, 'Please enter a 5-digit zip code.'],
    ['zipCode', { zipCode: '606141' }, 'Please enter a 5-digit zip code.'],
    ['zipCode', { zipCode: '6061a' }, 'Please enter a 5-digit zip code.'],
    ['phone', { phone: '' }, 'This field is required.'],
    ['phone', { phone: '312555019' }, 'Please enter a valid phone number with a 10-digit format, including the area code.'],
    ['phone', { phone: '(312)555-0199' }, 'Please enter a valid phone number with a 10-digit format, including the area code.'],
    ['address', { address: 'x'.repeat(101) }, 'This text is too long.'],
    ['city', { city: 42 }, 'This field is required.'],
  ])('refuses a bad %s (%j) with 400 and the spec’s message, and changes nothing', async (field, change, message) => {
    const { tester, cookie } = await createLoggedInTester(db());
    expectFieldError(await post('/api/account/ChangeContact', { ...CONTACT, ...change }, cookie), field, message);
    expect(await testerRow(tester.id)).toMatchObject({ address: tester.address, zipCode: tester.zipCode, phone: tester.phone });
  });

  it('refuses a missing field with 400, and a stranger with 401', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { phone: _phone, ...withoutPhone } = CONTACT;
    expectFieldError(await post('/api/account/ChangeContact', withoutPhone, cookie), 'phone', 'This field is required.');
    expect((await postJson(testApp.app, '/api/account/ChangeContact', CONTACT)).statusCode).toBe(401);
    expect((await getWith(testApp.app, '/api/account/GetContact')).statusCode).toBe(401);
  });

  it('refuses a change sent by another site (403)', async () => {
    const { cookie } = await createLoggedInTester(db());
    const response = await postJson(testApp.app, '/api/account/ChangeContact', CONTACT, {
      cookie,
      headers: { origin: 'http://elsewhere.test' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a name stored before the name rule (issue 24)', () => {
  it('is kept as it is, and the settings changes (which carry no name) still save', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { firstName: 'Eve Bcc: x@evil.example', lastName: 'Legacy 2' });
    expect((await post('/api/account/ChangeContact', CONTACT, cookie)).json()).toEqual({ status: 'succeed' });
    const changed = await post('/api/account/ChangePassword', { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    expect(changed.json()).toEqual({ status: 'succeed' });
    expect(await testerRow(tester.id)).toMatchObject({ firstName: 'Eve Bcc: x@evil.example', lastName: 'Legacy 2', city: CONTACT.city });
  });
});

describe('POST /api/account/ChangePassword', () => {
  it('changes the password: the old one no longer logs in, the new one does, and the change time is recorded', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const response = await post('/api/account/ChangePassword', { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    expect(response.json()).toEqual({ status: 'succeed' });
    expect((await testerRow(tester.id)).passwordChangedAt).toEqual(clock.now());
    expect((await login(testApp.app, tester.username, FACTORY_PASSWORD)).json().status).toBe('failed');
    expect((await login(testApp.app, tester.username, NEW_PASSWORD)).json().status).toBe('succeed');
  });

  it('ends the tester’s other sessions at once and keeps the one that made the change', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const other = sessionCookieFrom(await login(testApp.app, tester.username, FACTORY_PASSWORD));
    const third = await sessionCookieFor(db(), tester.id);
    const someoneElse = await createLoggedInTester(db());
    // Every session was read lately, so this process has them all in its cache.
    for (const session of [cookie, other, third, someoneElse.cookie])
      expect((await get('/api/account/CheckAuthorize', session)).statusCode).toBe(200);

    expect(
      (await post('/api/account/ChangePassword', { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD }, cookie)).json(),
    ).toEqual({
      status: 'succeed',
    });
    expect((await get('/api/account/CheckAuthorize', other)).statusCode).toBe(401);
    expect((await get('/api/account/CheckAuthorize', third)).statusCode).toBe(401);
    expect((await get('/api/account/CheckAuthorize', cookie)).statusCode).toBe(200);
    expect((await get('/api/account/GetContact', cookie)).statusCode).toBe(200);
    expect((await get('/api/account/CheckAuthorize', someoneElse.cookie)).statusCode).toBe(200);
  });

  it('answers failed for a wrong current password, keeps the password and every session', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const other = await sessionCookieFor(db(), tester.id);
    const response = await post('/api/account/ChangePassword', { currentPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD }, cookie);
    expect(response.json()).toEqual({ status: 'failed' });
    expect((await testerRow(tester.id)).passwordChangedAt).toBeNull();
    expect((await get('/api/account/CheckAuthorize', other)).statusCode).toBe(200);
    expect((await login(testApp.app, tester.username, FACTORY_PASSWORD)).json().status).toBe('succeed');
  });

  it('limits wrong current passwords per account like login: 429 past the limit, even with the right one, until the window ends', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await post('/api/account/ChangePassword', { currentPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD }, cookie)).json(),
      ).toEqual({
        status: 'failed',
      });
    }
    const right = { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await post('/api/account/ChangePassword', right, cookie)).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    expect((await post('/api/account/ChangePassword', right, cookie)).json()).toEqual({ status: 'succeed' });
  });

  it.each([
    ['currentPassword', { currentPassword: '' }, 'Current password is required.'],
    ['newPassword', { newPassword: '' }, 'This field is required.'],
    ['newPassword', { newPassword: 'Abcdefg#' }, 'Password must contain at least one digit.'],
    ['newPassword', { newPassword: 'ABCDEF1#' }, 'Password must contain at least one lowercase letter.'],
    ['newPassword', { newPassword: 'abcdef1#' }, 'Password must contain at least one uppercase letter.'],
    ['newPassword', { newPassword: 'Abcdefg1' }, 'Password must contain at least one special character.'],
    ['newPassword', { newPassword: 'Ab1#xyz' }, 'Password must contain at least 8 characters.'],
    ['newPassword', { newPassword: 'Ab1#' + 'x'.repeat(17) }, 'Password must contain at most 20 characters.'],
    ['newPassword', { newPassword: null }, 'This field is required.'],
  ])('refuses a bad %s (%j) with 400 and the spec’s message', async (field, change, message) => {
    const { tester, cookie } = await createLoggedInTester(db());
    const body = { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD, ...change };
    expectFieldError(await post('/api/account/ChangePassword', body, cookie), field, message);
    expect((await testerRow(tester.id)).passwordChangedAt).toBeNull();
  });

  it('takes 8 and 20 characters (the boundaries)', async () => {
    for (const newPassword of ['Ab1#wxyz', 'Ab1#' + 'x'.repeat(16)]) {
      const { cookie } = await createLoggedInTester(db());
      expect((await post('/api/account/ChangePassword', { currentPassword: FACTORY_PASSWORD, newPassword }, cookie)).json()).toEqual({
        status: 'succeed',
      });
    }
  });

  it('lets exactly one of 8 simultaneous changes with the same current password through', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post('/api/account/ChangePassword', { currentPassword: FACTORY_PASSWORD, newPassword: `Racer#${index}xx` }, cookie),
      ),
    );
    // Attempts are counted before the check, as at login: past the per-account limit they get 429.
    const answered = answers.filter((answer) => answer.statusCode === 200);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 429)).toBe(true);
    const statuses = answers.map((answer) => (answer.statusCode === 200 ? answer.json().status : 'limited'));
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    const winner = statuses.indexOf('succeed');
    expect((await login(testApp.app, tester.username, `Racer#${winner}xx`)).json().status).toBe('succeed');
  });
});

describe('GET /api/account/GetPasswordAge', () => {
  it('recommends a change once the password (or the account, never changed) is older than 6 months, and not before', async () => {
    const now = clock.now();
    const sixMonthsAgo = new Date(now);
    sixMonthsAgo.setUTCMonth(sixMonthsAgo.getUTCMonth() - 6);
    const justUnder = new Date(sixMonthsAgo.getTime() + DAY_MS);
    const cases = [
      [{ createdAt: justUnder }, false],
      [{ createdAt: sixMonthsAgo }, true],
      [{ createdAt: new Date(now.getTime() - 400 * DAY_MS), passwordChangedAt: justUnder }, false],
      [{ createdAt: new Date(now.getTime() - 400 * DAY_MS), passwordChangedAt: sixMonthsAgo }, true],
    ] as const;
    for (const [overrides, recommended] of cases) {
      const { cookie } = await createLoggedInTester(db(), overrides);
      const answer = (await get('/api/account/GetPasswordAge', cookie)).json();
      expect(answer, JSON.stringify(overrides)).toEqual({
        status: 'succeed',
        passwordChangedAt: ('passwordChangedAt' in overrides ? overrides.passwordChangedAt : overrides.createdAt).toISOString(),
        changeRecommended: recommended,
        reminderMonths: 6,
      });
    }
  });

  it('stops recommending once the password is changed', async () => {
    const { cookie } = await createLoggedInTester(db(), { createdAt: new Date(clock.nowMs() - 365 * DAY_MS) });
    expect((await get('/api/account/GetPasswordAge', cookie)).json().changeRecommended).toBe(true);
    await post('/api/account/ChangePassword', { currentPassword: FACTORY_PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    expect((await get('/api/account/GetPasswordAge', cookie)).json()).toMatchObject({ changeRecommended: false });
  });

  it('starts again from the forced credential change: the new password is as old as the change', async () => {
    const tester = await createTester(db(), { createdAt: new Date(clock.nowMs() - 365 * DAY_MS), mustChangeCredentials: true });
    const changed = await postJson(testApp.app, '/api/account/initializeInformation', {
      Username: tester.username,
      CurrentPassword: FACTORY_PASSWORD,
      NewPassword: NEW_PASSWORD,
      EmailAddress: `new.${tester.email}`,
      PhoneNumber: '3125550177',
    });
    expect(changed.json()).toMatchObject({ status: 'succeed' });
    expect((await testerRow(tester.id)).passwordChangedAt).toEqual(clock.now());
    const cookie = await sessionCookieFor(db(), tester.id);
    expect((await get('/api/account/GetPasswordAge', cookie)).json()).toMatchObject({
      passwordChangedAt: clock.now().toISOString(),
      changeRecommended: false,
    });
  });

  it('starts again from a reset with the mailed link', async () => {
    const tester = await createTester(db(), { createdAt: new Date(clock.nowMs() - 365 * DAY_MS) });
    const requested = await postJson(testApp.app, '/api/account/forgotpassword', { username: tester.username, emailAddress: tester.email });
    expect(requested.json()).toMatchObject({ status: 'succeed' });
    const link = linkIn((await latestMail(testApp.database, tester.email, 'reset-password'))!.text, '/account/resetPassword');
    const reset = await postJson(testApp.app, '/api/account/ResetPassword', {
      UserID: link.searchParams.get('userId'),
      Code: link.searchParams.get('code'),
      Password: NEW_PASSWORD,
    });
    expect(reset.json()).toMatchObject({ status: 'succeed' });
    expect((await testerRow(tester.id)).passwordChangedAt).toEqual(clock.now());
    const cookie = await sessionCookieFor(db(), tester.id);
    expect((await get('/api/account/GetPasswordAge', cookie)).json()).toMatchObject({ changeRecommended: false });
  });
});

describe('contact settings (opt-ins)', () => {
  it('starts with every channel on, stores a change per channel, and reads it back (GetSMSContactSetting follows NoText)', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await get('/api/profile/GetContactSetting', cookie)).json()).toEqual({
      status: 'succeed',
      contactTypes: [
        { contactType: 'Phone', isTurnOn: true },
        { contactType: 'NoText', isTurnOn: true },
        { contactType: 'Email', isTurnOn: true },
      ],
    });
    expect((await get('/api/profile/GetSMSContactSetting', cookie)).json()).toEqual({ status: 'succeed', smsSetting: true });

    expect((await post('/api/profile/ChangeContactSetting', { contactType: 'NoText', isTurnOn: false }, cookie)).json()).toEqual({
      status: 'succeed',
      contactType: 'NoText',
      isTurnOn: false,
    });
    await post('/api/profile/ChangeContactSetting', { contactType: 'Email', isTurnOn: false }, cookie);
    await post('/api/profile/ChangeContactSetting', { contactType: 'Email', isTurnOn: true }, cookie);
    expect((await get('/api/profile/GetContactSetting', cookie)).json().contactTypes).toEqual([
      { contactType: 'Phone', isTurnOn: true },
      { contactType: 'NoText', isTurnOn: false },
      { contactType: 'Email', isTurnOn: true },
    ]);
    expect((await get('/api/profile/GetSMSContactSetting', cookie)).json()).toEqual({ status: 'succeed', smsSetting: false });
  });

  it.each([
    [{ contactType: 'Text', isTurnOn: true }, 'contactType'],
    [{ contactType: 'email', isTurnOn: true }, 'contactType'],
    [{ isTurnOn: true }, 'contactType'],
    [{ contactType: 'Email', isTurnOn: 'yes' }, 'isTurnOn'],
    [{ contactType: 'Email' }, 'isTurnOn'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { cookie } = await createLoggedInTester(db());
    expectFieldError(await post('/api/profile/ChangeContactSetting', body, cookie), field);
  });

  it('refuses strangers (401) and other sites (403)', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await getWith(testApp.app, '/api/profile/GetContactSetting')).statusCode).toBe(401);
    expect((await getWith(testApp.app, '/api/profile/GetSMSContactSetting')).statusCode).toBe(401);
    expect((await postJson(testApp.app, '/api/profile/ChangeContactSetting', { contactType: 'Email', isTurnOn: false })).statusCode).toBe(
      401,
    );
    const forged = await postJson(
      testApp.app,
      '/api/profile/ChangeContactSetting',
      { contactType: 'Email', isTurnOn: false },
      {
        cookie,
        headers: { origin: 'http://elsewhere.test' },
      },
    );
    expect(forged.statusCode).toBe(403);
  });

  it('ends 16 simultaneous toggles of one channel in one stored row that agrees with what GetContactSetting reads', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        post('/api/profile/ChangeContactSetting', { contactType: 'Email', isTurnOn: index % 2 === 0 }, cookie),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await db().select().from(contactSettings).where(eq(contactSettings.testerId, tester.id));
    expect(rows).toHaveLength(1);
    const read = (await get('/api/profile/GetContactSetting', cookie)).json().contactTypes;
    expect(read.find((setting: { contactType: string }) => setting.contactType === 'Email').isTurnOn).toBe(rows[0]!.isTurnOn);
  });

  it('holds back no security mail: a tester with e-mail off still gets the password-reset e-mail', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    await post('/api/profile/ChangeContactSetting', { contactType: 'Email', isTurnOn: false }, cookie);
    const answer = await postJson(testApp.app, '/api/account/forgotpassword', { username: tester.username, emailAddress: tester.email });
    expect(answer.json().status).toBe('succeed');
    expect(await latestMail(testApp.database, tester.email, 'reset-password')).not.toBeNull();
  });

  it('keeps one tester’s choice from another', async () => {
    const [first, second] = [await createLoggedInTester(db()), await createTester(db())];
    await post('/api/profile/ChangeContactSetting', { contactType: 'Phone', isTurnOn: false }, first.cookie);
    const rows = await db().select().from(contactSettings).where(eq(contactSettings.testerId, second.id));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/account/ChangeLanguage (issue 28, Spanish end to end)', () => {
  it('stores the language, which GetPKTesterInfo then answers at once (the session cache forgets the old row)', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    expect((await get('/api/account/GetPKTesterInfo', cookie)).json().language).toBe('en');
    expect((await post('/api/account/ChangeLanguage', { language: 'es' }, cookie)).json()).toEqual({ status: 'succeed', language: 'es' });
    expect((await testerRow(tester.id)).language).toBe('es');
    expect((await get('/api/account/GetPKTesterInfo', cookie)).json().language).toBe('es');
  });

  it('refuses a language it does not have (400) and a stranger (401)', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/account/ChangeLanguage', { language: 'fr' }, cookie)).statusCode).toBe(400);
    expect((await post('/api/account/ChangeLanguage', { language: 'es' }, '')).statusCode).toBe(401);
  });
});
