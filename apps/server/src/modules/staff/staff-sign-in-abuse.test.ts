import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { postJson } from '../../../test/account-helpers.ts';
import { auditRowsWhere, createStaffMember, STAFF_PASSWORD, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { staffRecoveryCodes, staffSessions } from '../../core/db/schema.ts';
import { hashToken } from '../../core/security/tokens.ts';
import { createDeviceCookieSigner } from '../rate-limits/device-cookie-service.ts';
import { totpCode } from './totp.ts';

/**
 * Staff sign-in that strangers cannot game (issue 24 items 3 and 4, decision 074): a browser that
 * signed in to the account before keeps getting in while strangers' wrong passwords lock the
 * account for everyone else, and a password step completes one login at most.
 */

const ATTEMPTS_PER_WINDOW = 10;
const DEVICE_COOKIE_SECRET = 'staff-device-cookie-test-secret-0123456789';
const STEP_MS = 30_000;
const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;

const testApp = useTestApp({
  clock,
  env: {
    STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
    DEVICE_COOKIE_SECRET,
    LOGIN_ATTEMPTS_PER_WINDOW: String(ATTEMPTS_PER_WINDOW),
    RATE_LIMIT_WINDOW_SECONDS: '900',
  },
});

type Answer = Awaited<ReturnType<typeof postJson>>;

const cookieNamed = (answer: Answer, name: string) => {
  const found = answer.cookies.find((cookie) => cookie.name === name && cookie.value);
  return found ? `${found.name}=${found.value}` : null;
};

let address = 0;
/** A fresh client address, so that the per-address limit is not what answers 429. */
const nextAddress = () => `10.74.${Math.floor(++address / 200)}.${address % 200}`;

const passwordStep = (email: string, password: string, cookie?: string) =>
  postJson(testApp.app, '/api/staff/Login', { email, password }, { cookie, remoteAddress: nextAddress() });
const codeStep = (step: string, code: string) =>
  postJson(testApp.app, '/api/staff/LoginCode', { code }, { cookie: step, remoteAddress: nextAddress() });

/** The password step's cookie of a right password (status secondFactor). */
async function stepCookie(email: string, password = STAFF_PASSWORD, cookie?: string) {
  const answer = await passwordStep(email, password, cookie);
  expect(answer.json(), answer.body).toEqual({ status: 'secondFactor', message: '' });
  return cookieNamed(answer, 'th_staff_step')!;
}

/** A set-up staff member with `recoveryCodes` unused recovery codes, and their current TOTP code. */
async function member(recoveryCodes: string[] = []) {
  const made = await createStaffMember(db(), { roles: ['recruiter'] });
  if (recoveryCodes.length > 0)
    await db()
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ staffId: made.staff.id, codeHash: hashToken(code) })));
  return { ...made, code: () => totpCode(made.totpSecret, clock.nowMs()) };
}

const sessionsOf = async (staffId: string) =>
  (await db().select({ sessions: count() }).from(staffSessions).where(eq(staffSessions.staffId, staffId)))[0]!.sessions;

const unusedRecoveryCode = async (staffId: string, code: string) =>
  (
    await db()
      .select()
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashToken(code))))
  )[0]?.usedAt === null;

describe('the staff device cookie: strangers cannot lock a member out', () => {
  it("lets the member's browser in after ten strangers' wrong passwords; without it, or with a forged or foreign one, 429", async () => {
    const { staff, code } = await member();
    const signedIn = await codeStep(await stepCookie(staff.email), code());
    expect(signedIn.json()).toEqual({ status: 'succeed', message: '' });
    const deviceCookie = signedIn.cookies.find((cookie) => cookie.name === 'th_staff_device');
    expect(deviceCookie).toMatchObject({ httpOnly: true, path: '/api/staff', sameSite: 'Strict' });
    const device = `th_staff_device=${deviceCookie!.value}`;

    // Ten strangers, each from their own address, with wrong passwords: the account is limited for everyone without the cookie.
    for (let attempt = 1; attempt <= ATTEMPTS_PER_WINDOW; attempt += 1)
      expect((await passwordStep(staff.email, `Wrong password ${attempt}`)).json()).toMatchObject({ status: 'failed' });
    const stranger = await passwordStep(staff.email, STAFF_PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(STAFF_TEXTS.tooManyAttempts);
    expect((await passwordStep(staff.email.toUpperCase(), STAFF_PASSWORD)).statusCode).toBe(429);

    // A cookie counts only as the server signed it, for staff, for this member.
    const [nonceAndId, signature] = [
      deviceCookie!.value.slice(0, deviceCookie!.value.lastIndexOf('.')),
      deviceCookie!.value.split('.').at(-1)!,
    ];
    const forged = `th_staff_device=${nonceAndId}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherMember = await member();
    const otherSignedIn = await codeStep(await stepCookie(otherMember.staff.email), otherMember.code());
    const foreign = cookieNamed(otherSignedIn, 'th_staff_device')!;
    // Signed with the same secret for a tester's login (no staff purpose), naming this member: not a staff cookie.
    const testersKind = `th_staff_device=${createDeviceCookieSigner(DEVICE_COOKIE_SECRET).issue(staff.id)}`;
    for (const notThisDevice of [forged, foreign, testersKind])
      expect((await passwordStep(staff.email, STAFF_PASSWORD, notThisDevice)).statusCode, notThisDevice).toBe(429);

    // The member's browser: the password step, then the code, signs in.
    clock.advance(STEP_MS);
    const step = await stepCookie(staff.email, STAFF_PASSWORD, device);
    expect((await codeStep(step, code())).json()).toEqual({ status: 'succeed', message: '' });
    // Still limited for strangers.
    expect((await passwordStep(staff.email, STAFF_PASSWORD)).statusCode).toBe(429);
  });

  it("counts the member's own wrong passwords on the device, and limits them too", async () => {
    const { staff, code } = await member();
    const device = cookieNamed(await codeStep(await stepCookie(staff.email), code()), 'th_staff_device')!;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS_PER_WINDOW + 1; attempt += 1)
      statuses.push((await passwordStep(staff.email, `Typo password ${attempt}`, device)).statusCode);
    expect(statuses).toEqual([...Array<number>(ATTEMPTS_PER_WINDOW).fill(200), 429]);
    // Strangers were not counted by the member's typos.
    expect((await passwordStep(staff.email, 'Wrong password!')).json()).toMatchObject({ status: 'failed' });
  });
});

describe('the staff password step completes one login', () => {
  it('after a completed login, its cookie with a recovery code or a TOTP code is refused and spends neither', async () => {
    const recovery = 'abcde-fghij';
    const { staff, code } = await member([recovery]);
    const step = await stepCookie(staff.email);
    expect((await codeStep(step, code())).json()).toEqual({ status: 'succeed', message: '' });

    const expired = { status: 'expired', message: STAFF_TEXTS.secondStepExpired };
    expect((await codeStep(step, recovery)).json()).toEqual(expired);
    clock.advance(STEP_MS);
    expect((await codeStep(step, code())).json()).toEqual(expired);
    expect(await sessionsOf(staff.id)).toBe(1);
    expect(await unusedRecoveryCode(staff.id, recovery)).toBe(true);

    // A new password step works, with the codes the spent one could not use.
    expect((await codeStep(await stepCookie(staff.email), recovery)).json()).toEqual({ status: 'succeed', message: '' });
    expect(await sessionsOf(staff.id)).toBe(2);
  });

  it('a password step made before a password change completes no login', async () => {
    const { staff, code } = await member();
    const step = await stepCookie(staff.email);
    const session = await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) });
    const password = 'A brand new staff passphrase';
    const changed = await postJson(
      testApp.app,
      '/api/staff/account/ChangePassword',
      { currentPassword: STAFF_PASSWORD, password, confirmPassword: password, code: code() },
      { cookie: session },
    );
    expect(changed.json()).toMatchObject({ status: 'succeed' });
    clock.advance(STEP_MS);
    expect((await codeStep(step, code())).json()).toMatchObject({ status: 'expired' });
    expect((await codeStep(await stepCookie(staff.email, password), code())).json()).toMatchObject({ status: 'succeed' });
  });

  it('two completions racing with one password step (a TOTP code and recovery codes at once) give one session', async () => {
    const recoveries = ['racea-aaaaa', 'raceb-bbbbb', 'racec-ccccc', 'raced-ddddd'];
    const { staff, code } = await member(recoveries);
    const step = await stepCookie(staff.email);
    const answers = await Promise.all([code(), ...recoveries].map((typed) => codeStep(step, typed)));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'expired')).toHaveLength(recoveries.length);
    expect(answers.filter((answer) => cookieNamed(answer, 'th_staff'))).toHaveLength(1);
    expect(await sessionsOf(staff.id)).toBe(1);
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.login' })).toHaveLength(1);
    // The losers spent no recovery code: only the winner's, when it was one (the TOTP code is first).
    const unused = await Promise.all(recoveries.map((recovery) => unusedRecoveryCode(staff.id, recovery)));
    expect(unused.filter(Boolean)).toHaveLength(recoveries.length - (statuses.indexOf('succeed') > 0 ? 1 : 0));
  });
});
