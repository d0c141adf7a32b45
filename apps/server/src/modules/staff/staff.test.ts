import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { getWith, latestMail, linkIn, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { createStaffMember, STAFF_PASSWORD, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, MINUTE_MS } from '../../core/clock.ts';
import { staffAuditLog, staffMembers, staffRecoveryCodes } from '../../core/db/schema.ts';
import { createMailService } from '../mail/mail-service.ts';
import { createPublicContentService } from '../public-content/public-content-service.ts';
import { createStaffService } from './staff-service.ts';
import { createRateLimitStore } from '../rate-limits/rate-limit-service.ts';
import { base32Encode, createSecretBox, hotp, matchTotp, otpauthUri, totpCode } from './totp.ts';

/**
 * Staff accounts and their security (issue 12 section 1; decisions 043 and 044): TOTP against
 * RFC 6238's vectors, the set-up link, the two-step login with a wrong, a replayed and a
 * recovery code, the idle time-out, disabled accounts, separation from testers' sessions, the
 * admin's invitation through the outbox. On PGlite and PostgreSQL.
 */

const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;
const STEP_MS = 30_000;

const testApp = useTestApp({
  clock,
  env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, LOGIN_ATTEMPTS_PER_WINDOW: '5', STAFF_SESSION_IDLE_MINUTES: '30' },
});

/** The staff service over the test database, as the staff:create-admin command builds it. */
function commandService() {
  const log = testApp.app.log;
  return createStaffService(db(), {
    clock,
    rateLimits: createRateLimitStore(db(), clock.nowMs),
    mail: createMailService(db(), { clock, publicUrl: testApp.config.publicUrl, smtpUrl: undefined, mailFrom: 'x <x@example.test>', log }),
    totpKey: TEST_STAFF_TOTP_KEY,
    deviceCookieSecret: 'device-cookie-secret-of-the-command-tests',
    config: {
      idleMinutes: 30,
      absoluteHours: 12,
      invitationDays: 3,
      timeZone: testApp.config.loyaltyTimeZone,
      loginAttemptsPerWindow: 5,
      rateLimitWindowSeconds: 900,
    },
    unknownTestSiteIds: createPublicContentService(db(), { cacheSeconds: 0, clock, timeZone: testApp.config.loyaltyTimeZone })
      .unknownTestSiteIds,
  });
}

const cookieNamed = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const found = response.cookies.find((cookie) => cookie.name === name && cookie.value);
  return found ? `${found.name}=${found.value}` : null;
};

let address = 0;
/** A fresh client address, so one test's attempts do not use up another's rate-limit window. */
const nextAddress = () => `10.9.${Math.floor(++address / 200)}.${address % 200}`;

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1, 8 digits, the ASCII secret "12345678901234567890".
  const secret = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(hotp(secret, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('accepts the code of the step before and after, refuses two steps away, and answers the step it matched', () => {
    const base32 = base32Encode(secret);
    const now = 1111111111_000;
    const step = Math.floor(now / STEP_MS);
    expect(matchTotp(base32, totpCode(base32, now), now)).toBe(step);
    expect(matchTotp(base32, totpCode(base32, now - STEP_MS), now)).toBe(step - 1);
    expect(matchTotp(base32, totpCode(base32, now + STEP_MS), now)).toBe(step + 1);
    expect(matchTotp(base32, totpCode(base32, now - 2 * STEP_MS), now)).toBeNull();
    expect(matchTotp(base32, '12345', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read, and seals secrets so only the key opens them', () => {
    expect(otpauthUri({ issuer: 'Acme staff', account: 'a@b.test', secret: 'ABC' })).toBe(
      'otpauth://totp/Acme%20staff:a%40b.test?secret=ABC&issuer=Acme+staff&algorithm=SHA1&digits=6&period=30',
    );
    const sealed = createSecretBox('k'.repeat(32)).seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(createSecretBox('k'.repeat(32)).open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox('z'.repeat(32)).open(sealed)).toThrow();
  });
});

describe('set-up link, first admin and login', () => {
  it('sets up through the link (password, enrolment confirmed by a code, 10 recovery codes once) and logs in with a code', async () => {
    const email = `first.admin.${Date.now()}@staff.example.test`;
    const { staffId, link } = await commandService().createAccount({ name: 'First Admin', email, roles: ['admin'] });
    const token = new URL(link).searchParams.get('token')!;
    expect(new URL(link).pathname).toBe('/staff/setup');
    const ip = nextAddress();
    const post = (url: string, body: unknown, cookie?: string) => postJson(testApp.app, url, body, { cookie, remoteAddress: ip });

    expect((await post('/api/staff/setup/Check', { token })).json()).toEqual({
      status: 'succeed',
      message: '',
      name: 'First Admin',
      email,
    });
    expect((await post('/api/staff/setup/Check', { token: 'nope' })).json()).toMatchObject({ status: 'invalid' });

    const short = await post('/api/staff/setup/Password', { token, password: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    const password = 'A long staff passphrase';
    const enrol = (await post('/api/staff/setup/Password', { token, password, confirmPassword: password })).json();
    expect(enrol).toMatchObject({ status: 'succeed' });
    expect(enrol.otpauthUri).toContain(`secret=${enrol.secret}`);
    const stored = (await db().select().from(staffMembers).where(eq(staffMembers.id, staffId)))[0]!;
    expect(stored.totpSecret).not.toContain(enrol.secret);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    // Not in force before a code confirms it.
    expect((await post('/api/staff/Login', { email, password })).json()).toEqual({
      status: 'setupUnfinished',
      message: STAFF_TEXTS.setupUnfinished,
    });
    const wrong = String((Number(totpCode(enrol.secret, clock.nowMs())) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/api/staff/setup/Confirm', { token, code: wrong })).json()).toMatchObject({ status: 'codeWrong' });
    const confirmed = await post('/api/staff/setup/Confirm', { token, code: totpCode(enrol.secret, clock.nowMs()) });
    const body = confirmed.json();
    expect(body.status).toBe('succeed');
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const hashes = await db().select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    expect(hashes.map((row) => row.codeHash)).not.toContain(body.recoveryCodes[0]);
    const session = cookieNamed(confirmed, 'th_staff')!;
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: session })).json()).toMatchObject({
      name: 'First Admin',
      roles: ['admin'],
    });
    // The link works once.
    expect((await post('/api/staff/setup/Check', { token })).json()).toMatchObject({ status: 'invalid' });
    expect((await post('/api/staff/setup/Confirm', { token, code: totpCode(enrol.secret, clock.nowMs()) })).json()).toMatchObject({
      status: 'invalid',
    });

    // Log out, then in: password, then code. The set-up's code is spent: replay refused.
    expect((await post('/api/staff/Logout', {}, session)).json()).toEqual({ status: 'succeed' });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: session })).statusCode).toBe(401);
    const first = await post('/api/staff/Login', { email: email.toUpperCase(), password });
    expect(first.json()).toEqual({ status: 'secondFactor', message: '' });
    const step = cookieNamed(first, 'th_staff_step')!;
    expect(cookieNamed(first, 'th_staff')).toBeNull();
    expect((await post('/api/staff/LoginCode', { code: totpCode(enrol.secret, clock.nowMs()) }, step)).json()).toEqual({
      status: 'codeReplayed',
      message: STAFF_TEXTS.codeReplayed,
    });
    expect((await post('/api/staff/LoginCode', { code: wrong }, step)).json()).toEqual({
      status: 'codeWrong',
      message: STAFF_TEXTS.codeWrong,
    });
    clock.advance(STEP_MS);
    const code = totpCode(enrol.secret, clock.nowMs());
    const loggedIn = await post('/api/staff/LoginCode', { code }, step);
    expect(loggedIn.json()).toEqual({ status: 'succeed', message: '' });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: cookieNamed(loggedIn, 'th_staff')! })).statusCode).toBe(200);
    // The same code again, even with a new password step: replayed.
    const again = await post('/api/staff/Login', { email, password });
    expect((await post('/api/staff/LoginCode', { code }, cookieNamed(again, 'th_staff_step')!)).json()).toMatchObject({
      status: 'codeReplayed',
    });

    // A recovery code works once, in any case and with or without its dash.
    const recovery = body.recoveryCodes[3] as string;
    const third = await post('/api/staff/Login', { email, password });
    const thirdStep = cookieNamed(third, 'th_staff_step')!;
    expect((await post('/api/staff/LoginCode', { code: recovery.replace('-', '').toUpperCase() }, thirdStep)).json()).toMatchObject({
      status: 'succeed',
    });
    // The completed login spent its password step (decision 074): the code is tried with a new one.
    const fourthStep = cookieNamed(await post('/api/staff/Login', { email, password }), 'th_staff_step')!;
    expect((await post('/api/staff/LoginCode', { code: recovery }, fourthStep)).json()).toEqual({
      status: 'recoveryUsed',
      message: STAFF_TEXTS.recoveryUsed,
    });
    expect((await post('/api/staff/LoginCode', { code: 'aaaaa-aaaaa' }, fourthStep)).json()).toMatchObject({ status: 'codeWrong' });

    const audit = await db().select().from(staffAuditLog).where(eq(staffAuditLog.targetId, staffId));
    expect(audit.map((row) => row.action).sort()).toEqual(
      // The wrong TOTP code and the wrong recovery code are refused sign-in steps in the log (decision 127).
      ['staff.code-wrong', 'staff.code-wrong', 'staff.create-account', 'staff.login', 'staff.login', 'staff.logout', 'staff.setup'].sort(),
    );
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('--reset takes an account back to set-up: sessions, password and second factor end; the new link sets it up again', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['admin'], disabled: true });
    const cookie = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    const reset = (await commandService().resetAccount({ email: staff.email.toUpperCase() }))!;
    expect(reset.staffId).toBe(staff.id);
    expect(await commandService().resetAccount({ email: 'nobody@staff.example.test' })).toBeNull();
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie })).statusCode).toBe(401);
    const ip = nextAddress();
    expect(
      (await postJson(testApp.app, '/api/staff/Login', { email: staff.email, password: STAFF_PASSWORD }, { remoteAddress: ip })).json(),
    ).toMatchObject({
      status: 'failed',
    });
    const token = new URL(reset.link).searchParams.get('token')!;
    expect((await postJson(testApp.app, '/api/staff/setup/Check', { token }, { remoteAddress: ip })).json()).toMatchObject({
      status: 'succeed',
    });
    const [row] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetId, staff.id), eq(staffAuditLog.action, 'staff.reset-account')));
    expect(row).toMatchObject({ staffId: null, before: { disabled: true }, after: { disabled: false } });
    // The command prints the link; only an admin's reset e-mails it (decision 073).
    expect(await latestMail(testApp.database, staff.email)).toBeNull();
  });

  it('refuses the code step without the password step’s proof, or after it ran out', async () => {
    const { staff, totpSecret } = await createStaffMember(db(), { roles: ['recruiter'] });
    const ip = nextAddress();
    const noProof = await postJson(
      testApp.app,
      '/api/staff/LoginCode',
      { code: totpCode(totpSecret, clock.nowMs()) },
      { remoteAddress: ip },
    );
    expect(noProof.json()).toEqual({ status: 'expired', message: STAFF_TEXTS.secondStepExpired });
    const first = await postJson(testApp.app, '/api/staff/Login', { email: staff.email, password: STAFF_PASSWORD }, { remoteAddress: ip });
    const step = cookieNamed(first, 'th_staff_step')!;
    const forged = step.replace(staff.id, '00000000-0000-4000-8000-000000000000');
    expect(
      (await postJson(testApp.app, '/api/staff/LoginCode', { code: '123456' }, { cookie: forged, remoteAddress: ip })).json(),
    ).toMatchObject({
      status: 'expired',
    });
    clock.advance(6 * MINUTE_MS);
    const late = await postJson(
      testApp.app,
      '/api/staff/LoginCode',
      { code: totpCode(totpSecret, clock.nowMs()) },
      { cookie: step, remoteAddress: ip },
    );
    expect(late.json()).toMatchObject({ status: 'expired' });
  });

  it('refuses a disabled account at the password step and its sessions at once', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['rewards'] });
    const cookie = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie })).statusCode).toBe(200);
    await db().update(staffMembers).set({ disabledAt: clock.now() }).where(eq(staffMembers.id, staff.id));
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie })).statusCode).toBe(401);
    const answer = await postJson(
      testApp.app,
      '/api/staff/Login',
      { email: staff.email, password: STAFF_PASSWORD },
      { remoteAddress: nextAddress() },
    );
    expect(answer.json()).toEqual({ status: 'disabled', message: STAFF_TEXTS.disabled });
  });

  it('answers a wrong password plainly and rate-limits the account after the configured attempts (429)', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const attempt = () =>
      postJson(testApp.app, '/api/staff/Login', { email: staff.email, password: 'wrong password!' }, { remoteAddress: nextAddress() });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.loginFailed });
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(STAFF_TEXTS.tooManyAttempts);
  });

  it('rate-limits wrong codes per account (429)', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const ip = nextAddress();
    const first = await postJson(testApp.app, '/api/staff/Login', { email: staff.email, password: STAFF_PASSWORD }, { remoteAddress: ip });
    const step = cookieNamed(first, 'th_staff_step')!;
    const codes = [];
    for (let i = 0; i < 6; i += 1)
      codes.push(await postJson(testApp.app, '/api/staff/LoginCode', { code: '000000' }, { cookie: step, remoteAddress: ip }));
    expect(codes.slice(0, 5).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]!.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('ends a staff session idle for longer than STAFF_SESSION_IDLE_MINUTES', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
    const cookie = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 12 * 3600_000) });
    clock.advance(29 * MINUTE_MS);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie })).statusCode).toBe(200);
    clock.advance(29 * MINUTE_MS);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie })).statusCode).toBe(200);
    clock.advance(31 * MINUTE_MS);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie })).statusCode).toBe(401);
  });

  it('keeps testers and staff apart: a tester session is refused on staff calls, a staff session on tester calls', async () => {
    const { cookie: testerCookie } = await createLoggedInTester(db());
    const { staff } = await createStaffMember(db(), { roles: ['admin'] });
    const staffCookie = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: testerCookie })).statusCode).toBe(401);
    expect((await getWith(testApp.app, '/api/account/CheckAuthorize', { cookie: staffCookie })).statusCode).toBe(401);
    // The values swapped between the cookies' names: each table knows only its own.
    const testerValue = testerCookie.split('=')[1];
    const staffValue = staffCookie.split('=')[1];
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: `th_staff=${testerValue}` })).statusCode).toBe(401);
    expect((await getWith(testApp.app, '/api/account/CheckAuthorize', { cookie: `th_session=${staffValue}` })).statusCode).toBe(401);
  });

  it('refuses a staff change sent from another site (403) and writes nothing', async () => {
    const { staff } = await createStaffMember(db(), { roles: ['admin'] });
    const cookie = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    const email = `forged.${Date.now()}@staff.example.test`;
    const forged = await postJson(
      testApp.app,
      '/API/Staff/admin/invite',
      { name: 'Forged', email, roles: ['admin'] },
      { cookie, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
    );
    expect(forged.statusCode).toBe(403);
    expect(await db().select().from(staffMembers).where(eq(staffMembers.email, email))).toHaveLength(0);
  });
});

describe('admin pages: invite, roles, disable, audit log', () => {
  it('refuses an invitation or a roles save naming a site that does not exist, at the site ids field, writing nothing (decision 069)', async () => {
    const { staff: admin } = await createStaffMember(db(), { roles: ['admin'] });
    const cookie = await staffCookieFor(db(), admin.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    const post = (call: string, body: unknown) => postJson(testApp.app, `/api/staff/admin/${call}`, body, { cookie });
    const auditCount = async () => (await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, admin.id))).length;
    const email = `site.${Date.now()}@staff.example.test`;

    const invited = await post('Invite', { name: 'Sid Site', email, roles: ['site-staff'], siteIds: ['00001', '99998', '99999'] });
    expect(invited.json()).toEqual({ status: 'failed', message: STAFF_TEXTS.unknownSites(['99998', '99999']), field: 'siteIds' });
    expect(STAFF_TEXTS.unknownSites(['99998', '99999'])).toBe('There are no test sites 99998, 99999. Enter the ids of existing sites.');
    expect(await db().select().from(staffMembers).where(eq(staffMembers.email, email))).toEqual([]);
    expect(await latestMail(testApp.database, email, 'staff-invitation')).toBeFalsy();
    expect(await auditCount()).toBe(0);

    const { staff: holder } = await createStaffMember(db(), { roles: ['site-staff'], siteIds: ['00001'] });
    const saved = await post('SetRoles', { staffId: holder.id, roles: ['site-staff'], siteIds: ['00001', '77777'] });
    expect(saved.json()).toEqual({ status: 'failed', message: STAFF_TEXTS.unknownSites(['77777']), field: 'siteIds' });
    expect(STAFF_TEXTS.unknownSites(['77777'])).toBe('There is no test site 77777. Enter the ids of existing sites.');
    expect((await db().select().from(staffMembers).where(eq(staffMembers.id, holder.id)))[0]).toMatchObject({ siteIds: ['00001'] });
    expect(await auditCount()).toBe(0);

    // Existing sites are taken; ids given without the site staff role are dropped, not checked.
    expect((await post('SetRoles', { staffId: holder.id, roles: ['site-staff'], siteIds: ['00002', '00001'] })).json()).toMatchObject({
      status: 'succeed',
    });
    expect((await post('SetRoles', { staffId: holder.id, roles: ['recruiter'], siteIds: ['77777'] })).json()).toMatchObject({
      status: 'succeed',
    });
    expect((await db().select().from(staffMembers).where(eq(staffMembers.id, holder.id)))[0]).toMatchObject({ siteIds: [] });
    expect((await post('Invite', { name: 'Sid Site', email, roles: ['site-staff'], siteIds: ['00001'] })).json()).toMatchObject({
      status: 'succeed',
    });
  });

  it('invites a recruiter by e-mail through the outbox; the link sets the account up with the roles given', async () => {
    const { staff: admin } = await createStaffMember(db(), { roles: ['admin'] });
    const cookie = await staffCookieFor(db(), admin.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    const email = `recruiter.${Date.now()}@staff.example.test`;
    const invited = await postJson(
      testApp.app,
      '/api/staff/admin/Invite',
      { name: 'Rita Recruiter', email, roles: ['recruiter'] },
      { cookie },
    );
    expect(invited.json()).toEqual({ status: 'succeed', message: 'Rita Recruiter is invited.' });
    const again = await postJson(
      testApp.app,
      '/api/staff/admin/Invite',
      { name: 'Rita', email: email.toUpperCase(), roles: ['content'] },
      { cookie },
    );
    expect(again.json()).toEqual({ status: 'failed', message: STAFF_TEXTS.emailTaken });
    const bad = await postJson(
      testApp.app,
      '/api/staff/admin/Invite',
      { name: 'Sam', email: 'sam@x.test', roles: ['site-staff'] },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    // A NUL byte or a lone surrogate is refused by the schema (400), never reaches PostgreSQL (a 500).
    for (const unreadable of ['Sa\u0000m', 'Sa\ud800m']) {
      const refused = await postJson(
        testApp.app,
        '/api/staff/admin/Invite',
        { name: unreadable, email: 'sam@x.test', roles: ['content'] },
        { cookie },
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(STAFF_TEXTS.invalidCharacters);
    }
    const login = await postJson(testApp.app, '/api/staff/Login', { email: 'a\u0000@x.test', password: 'x' });
    expect(login.statusCode, login.body).toBe(400);

    const message = (await latestMail(testApp.database, email, 'staff-invitation'))!;
    const token = linkIn(message.text, '/staff/setup').searchParams.get('token')!;
    const ip = nextAddress();
    const enrol = (
      await postJson(
        testApp.app,
        '/api/staff/setup/Password',
        { token, password: 'Recruiter pass 123', confirmPassword: 'Recruiter pass 123' },
        { remoteAddress: ip },
      )
    ).json();
    const done = await postJson(
      testApp.app,
      '/api/staff/setup/Confirm',
      { token, code: totpCode(enrol.secret, clock.nowMs()) },
      { remoteAddress: ip },
    );
    const recruiterCookie = cookieNamed(done, 'th_staff')!;
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: recruiterCookie })).json()).toMatchObject({ roles: ['recruiter'] });
    expect((await getWith(testApp.app, '/api/staff/admin/StaffList', { cookie: recruiterCookie })).statusCode).toBe(403);

    const list = (await getWith(testApp.app, '/api/staff/admin/StaffList', { cookie })).json();
    const rita = list.staff.find((entry: { email: string }) => entry.email === email);
    expect(rita).toMatchObject({ name: 'Rita Recruiter', roles: ['recruiter'], state: 'active' });

    // Roles changed and the account disabled, each with its audit row (before and after).
    const roles = await postJson(
      testApp.app,
      '/api/staff/admin/SetRoles',
      { staffId: rita.id, roles: ['recruiter', 'site-staff'], siteIds: ['00001'] },
      { cookie },
    );
    expect(roles.json()).toEqual({ status: 'succeed', message: 'Roles saved.' });
    const disabled = await postJson(testApp.app, '/api/staff/admin/SetDisabled', { staffId: rita.id, disabled: true }, { cookie });
    expect(disabled.json()).toEqual({ status: 'succeed', message: 'Account disabled.' });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: recruiterCookie })).statusCode).toBe(401);
    expect((await postJson(testApp.app, '/api/staff/admin/SetDisabled', { staffId: admin.id, disabled: true }, { cookie })).json()).toEqual(
      {
        status: 'failed',
        message: STAFF_TEXTS.cannotDisableSelf,
      },
    );

    const log = (await getWith(testApp.app, `/api/staff/admin/AuditLog?staffId=${admin.id}`, { cookie })).json();
    expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual(['staff.disable', 'staff.set-roles', 'staff.invite']);
    expect(log.entries[1]).toMatchObject({
      staffId: admin.id,
      staffName: admin.name,
      targetType: 'staff',
      targetId: rita.id,
      before: { roles: ['recruiter'], siteIds: [] },
      after: { roles: ['recruiter', 'site-staff'], siteIds: ['00001'] },
    });
    const byAction = (await getWith(testApp.app, `/api/staff/admin/AuditLog?action=staff.invite&staffId=${admin.id}`, { cookie })).json();
    expect(byAction.entries).toHaveLength(1);
    expect(byAction.actions).toEqual(expect.arrayContaining(['staff.invite', 'staff.disable']));
    const today = clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(clock.nowMs() + 24 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await getWith(testApp.app, `/api/staff/admin/AuditLog?staffId=${admin.id}&from=${today}&to=${today}`, { cookie })).json().entries,
    ).toHaveLength(3);
    expect(
      (await getWith(testApp.app, `/api/staff/admin/AuditLog?staffId=${admin.id}&from=${tomorrow}`, { cookie })).json().entries,
    ).toHaveLength(0);
  });

  it('writes no audit row when the change fails, and no change without its audit row', async () => {
    const { staff: admin } = await createStaffMember(db(), { roles: ['admin'] });
    const service = commandService();
    const me = { id: admin.id, name: admin.name, email: admin.email, roles: ['admin' as const], siteIds: [] };
    const before = await db().select().from(staffAuditLog);
    await expect(
      service.audited(me.id, 'test.fail', { type: 'staff', id: admin.id }, async (tx) => {
        await tx.update(staffMembers).set({ name: 'Changed' }).where(eq(staffMembers.id, admin.id));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect((await db().select().from(staffMembers).where(eq(staffMembers.id, admin.id)))[0]!.name).toBe(admin.name);
    expect(await db().select().from(staffAuditLog)).toHaveLength(before.length);
  });
});
