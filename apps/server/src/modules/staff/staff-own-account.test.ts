import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, STAFF_ACCOUNT_TEXTS, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { formatMoment } from '@testerhub/shared/schedule-format';
import { expectFieldError, getWith, latestMail, postJson } from '../../../test/account-helpers.ts';
import { auditRowsWhere, createStaffMember, STAFF_PASSWORD, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { staffMembers } from '../../core/db/schema.ts';
import { totpCode } from './totp.ts';

/**
 * The staff member's own sign-in (decision 072): a new password and a new set of recovery codes,
 * each asking for a TOTP code and told to the member by e-mail (decision 073); the count of unused
 * codes. On PGlite and PostgreSQL.
 */

const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;
const STEP_MS = 30_000;
const NEW_PASSWORD = 'A brand new staff passphrase';

const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, LOGIN_ATTEMPTS_PER_WINDOW: '5' } });

let address = 0;
const nextAddress = () => `10.8.${Math.floor(++address / 200)}.${address % 200}`;

const post = (url: string, body: unknown, cookie?: string) =>
  postJson(testApp.app, url, body, { ...(cookie && { cookie }), remoteAddress: nextAddress() });

/** A staff member signed in twice (two browsers), with a fresh code step for each test. */
async function staffSignedInTwice() {
  clock.advance(2 * STEP_MS);
  const { staff, totpSecret } = await createStaffMember(db(), { roles: ['content'] });
  return {
    staff,
    code: () => totpCode(totpSecret, clock.nowMs()),
    here: await staffCookieFor(db(), staff.id),
    elsewhere: await staffCookieFor(db(), staff.id),
  };
}

/** The e-mail telling the member their sign-in changed, if one was written. */
const changeMail = (email: string) => latestMail(testApp.database, email, 'staff-sign-in-changed');

/** Now on the company's clock, as the mail says it ('Thursday, November 26th, 2026, 3:17 AM CST'). */
const companyNow = () => formatMoment(clock.now().toISOString(), testApp.config.loyaltyTimeZone);

/** Password then code: 'secondFactor' answers say the password was right; the code step's outcome is the second status. */
async function signIn(email: string, password: string, code: string) {
  const first = await post('/api/staff/Login', { email, password });
  const step = first.cookies.find((cookie) => cookie.name === 'th_staff_step' && cookie.value);
  if (!step) return first.json().status as string;
  return (await post('/api/staff/LoginCode', { code }, `${step.name}=${step.value}`)).json().status as string;
}

describe('a staff member’s own password', () => {
  it('changes with the current password and a code: the new one signs in, the old does not, the other session ends, this one stays', async () => {
    const { staff, code, here, elsewhere } = await staffSignedInTwice();
    const changed = await post(
      '/api/staff/account/ChangePassword',
      { currentPassword: STAFF_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, code: code() },
      here,
    );
    expect(changed.json()).toEqual({ status: 'succeed', message: STAFF_ACCOUNT_TEXTS.passwordChanged });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: here })).statusCode).toBe(200);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: elsewhere })).statusCode).toBe(401);
    clock.advance(STEP_MS);
    expect(await signIn(staff.email, STAFF_PASSWORD, code())).toBe('failed');
    expect(await signIn(staff.email, NEW_PASSWORD, code())).toBe('succeed');
    const [audit] = await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.change-password' });
    expect(audit).toMatchObject({ targetType: 'staff', targetId: staff.id, before: null, after: null });
  });

  it('e-mails the member what changed and when, on the company’s clock, and whom to tell if it was not them', async () => {
    const { staff, code, here } = await staffSignedInTwice();
    expect(await changeMail(staff.email)).toBeNull();
    const when = companyNow();
    expect(testApp.config.loyaltyTimeZone).toBe('America/Chicago');
    expect(when).toMatch(/ C[SD]T$/);
    await post(
      '/api/staff/account/ChangePassword',
      { currentPassword: STAFF_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, code: code() },
      here,
    );
    const mail = (await changeMail(staff.email))!;
    expect(mail.subject).toContain('staff sign-in changed');
    expect(mail.text).toContain(`Hello ${staff.name},`);
    expect(mail.text).toContain(`Your password was changed on ${when}, on the staff console's Your sign-in page.`);
    expect(mail.text).toContain('If this was not you, contact an admin at once');
    expect(mail.text).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password, a wrong code and a spent code at their fields, changing nothing', async () => {
    const { staff, code, here, elsewhere } = await staffSignedInTwice();
    const before = (await db().select().from(staffMembers).where(eq(staffMembers.id, staff.id)))[0]!;
    const change = (fields: { currentPassword?: string; code: string }) =>
      post(
        '/api/staff/account/ChangePassword',
        { currentPassword: STAFF_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...fields },
        here,
      );
    expect((await change({ currentPassword: 'Not my password 1', code: code() })).json()).toEqual({
      status: 'failed',
      message: STAFF_ACCOUNT_TEXTS.currentPasswordWrong,
      field: 'currentPassword',
    });
    const wrong = String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
    expect((await change({ code: wrong })).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.codeWrong, field: 'code' });
    // The refusals spent nothing: this code then signs in, and after that it is spent here too.
    const now = code();
    expect(await signIn(staff.email, STAFF_PASSWORD, now)).toBe('succeed');
    expect((await change({ code: now })).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.codeReplayed, field: 'code' });
    const after = (await db().select().from(staffMembers).where(eq(staffMembers.id, staff.id)))[0]!;
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: elsewhere })).statusCode).toBe(200);
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.change-password' })).toHaveLength(0);
    expect(await changeMail(staff.email)).toBeNull();
  });

  it('checks the form as the page does: the same password again, a short one, two that differ, a recovery code', async () => {
    const { code, here } = await staffSignedInTwice();
    const change = (fields: Record<string, string>) =>
      post(
        '/api/staff/account/ChangePassword',
        { currentPassword: STAFF_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, code: code(), ...fields },
        here,
      );
    expectFieldError(
      await change({ password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD }),
      'password',
      STAFF_ACCOUNT_TEXTS.samePassword,
    );
    expectFieldError(await change({ password: 'short', confirmPassword: 'short' }), 'password', STAFF_TEXTS.passwordTooShort);
    expectFieldError(await change({ confirmPassword: `${NEW_PASSWORD}!` }), 'confirmPassword', STAFF_TEXTS.passwordsDiffer);
    expectFieldError(await change({ code: 'abcde-fghij' }), 'code', STAFF_ACCOUNT_TEXTS.totpOnly);
  });

  it('two changes at once with one code: one goes through, the other is refused', async () => {
    const { staff, code, here } = await staffSignedInTwice();
    const now = code();
    const answers = await Promise.all(
      ['First new passphrase 1', 'Second new passphrase 2'].map((password) =>
        post(
          '/api/staff/account/ChangePassword',
          { currentPassword: STAFF_PASSWORD, password, confirmPassword: password, code: now },
          here,
        ),
      ),
    );
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['failed', 'succeed']);
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.change-password' })).toHaveLength(1);
  });
});

describe('a staff member’s own recovery codes', () => {
  it('counts the unused ones, makes a new set for a code (the old set stops working), and the new set signs in once each', async () => {
    const { staff, code, here } = await staffSignedInTwice();
    const left = () => getWith(testApp.app, '/api/staff/account/RecoveryCodes', { cookie: here }).then((answer) => answer.json());
    expect(await left()).toEqual({ status: 'succeed', unused: 0, total: RECOVERY_CODE_COUNT });

    const first = (await post('/api/staff/account/NewRecoveryCodes', { code: code() }, here)).json();
    expect(first).toMatchObject({ status: 'succeed', message: STAFF_ACCOUNT_TEXTS.codesMade });
    expect(new Set(first.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await left()).toMatchObject({ unused: RECOVERY_CODE_COUNT });
    expect(await signIn(staff.email, STAFF_PASSWORD, first.recoveryCodes[0])).toBe('succeed');
    expect(await left()).toMatchObject({ unused: RECOVERY_CODE_COUNT - 1 });

    clock.advance(STEP_MS);
    const second = (await post('/api/staff/account/NewRecoveryCodes', { code: code() }, here)).json();
    expect(second.status).toBe('succeed');
    expect(second.recoveryCodes.filter((made: string) => first.recoveryCodes.includes(made))).toEqual([]);
    expect(await left()).toMatchObject({ unused: RECOVERY_CODE_COUNT });
    expect(await signIn(staff.email, STAFF_PASSWORD, first.recoveryCodes[1])).toBe('codeWrong');
    expect(await signIn(staff.email, STAFF_PASSWORD, second.recoveryCodes[1])).toBe('succeed');
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.new-recovery-codes' })).toHaveLength(2);
    const mail = (await changeMail(staff.email))!;
    expect(mail.text).toContain(`A new set of recovery codes was made (the old codes no longer work) on ${companyNow()}`);
    expect(mail.text).not.toContain(second.recoveryCodes[0]);
  });

  it('refuses a wrong or spent code and a recovery code, keeping the set it has', async () => {
    const { staff, code, here } = await staffSignedInTwice();
    const made = (await post('/api/staff/account/NewRecoveryCodes', { code: code() }, here)).json();
    const told = (await changeMail(staff.email))!;
    expect((await post('/api/staff/account/NewRecoveryCodes', { code: code() }, here)).json()).toEqual({
      status: 'failed',
      message: STAFF_TEXTS.codeReplayed,
      field: 'code',
      recoveryCodes: [],
    });
    const wrong = String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/api/staff/account/NewRecoveryCodes', { code: wrong }, here)).json()).toMatchObject({
      status: 'failed',
      field: 'code',
    });
    expectFieldError(
      await post('/api/staff/account/NewRecoveryCodes', { code: made.recoveryCodes[0] }, here),
      'code',
      STAFF_ACCOUNT_TEXTS.totpOnly,
    );
    expect(await signIn(staff.email, STAFF_PASSWORD, made.recoveryCodes[0])).toBe('succeed');
    // The refusals told the member nothing: the only mail is the first set's.
    expect((await changeMail(staff.email))!.id).toBe(told.id);
  });
});
