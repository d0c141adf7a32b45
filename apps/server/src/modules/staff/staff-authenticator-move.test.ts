import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_ACCOUNT_TEXTS, STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { emailOutbox } from '../../core/db/schema.ts';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { auditRowsWhere, createStaffMember, STAFF_PASSWORD, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { staffMembers } from '../../core/db/schema.ts';
import { totpCode } from './totp.ts';

/**
 * A staff member moves their authenticator to a new phone from Your sign-in (decision 128): the
 * current password and a code from the current authenticator start it, a code from the new one
 * finishes it; until then the old one works. On PGlite and PostgreSQL.
 */

const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;
const STEP_MS = 30_000;

const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, LOGIN_ATTEMPTS_PER_WINDOW: '5' } });

let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 200)}.${address % 200}`;
const post = (url: string, body: unknown, cookie?: string) =>
  postJson(testApp.app, url, body, { ...(cookie && { cookie }), remoteAddress: nextAddress() });

/** A staff member signed in in two browsers, a fresh code step for each test. */
async function memberInTwoBrowsers() {
  clock.advance(2 * STEP_MS);
  const { staff, totpSecret } = await createStaffMember(db(), { roles: ['recruiter'] });
  return {
    staff,
    oldCode: () => totpCode(totpSecret, clock.nowMs()),
    here: await staffCookieFor(db(), staff.id),
    elsewhere: await staffCookieFor(db(), staff.id),
  };
}

const start = (cookie: string, body: { currentPassword?: string; code: string }) =>
  post('/api/staff/account/StartAuthenticatorMove', { currentPassword: STAFF_PASSWORD, ...body }, cookie);
const finish = (cookie: string, moveToken: string, code: string) =>
  post('/api/staff/account/FinishAuthenticatorMove', { moveToken, code }, cookie);

async function signIn(email: string, code: string) {
  const first = await post('/api/staff/Login', { email, password: STAFF_PASSWORD });
  const step = first.cookies.find((cookie) => cookie.name === 'th_staff_step' && cookie.value);
  if (!step) return first.json().status as string;
  return (await post('/api/staff/LoginCode', { code }, `${step.name}=${step.value}`)).json().status as string;
}

const rowOf = async (id: string) => (await db().select().from(staffMembers).where(eq(staffMembers.id, id)))[0]!;
const changeMails = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff-sign-in-changed')));
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('moving one’s authenticator to a new phone', () => {
  it('switches only on a code from the new one: the old works until then and not after, other sessions end, audited and e-mailed', async () => {
    const { staff, oldCode, here, elsewhere } = await memberInTwoBrowsers();
    const started = (await start(here, { code: oldCode() })).json();
    expect(started).toMatchObject({ status: 'succeed', message: STAFF_ACCOUNT_TEXTS.moveStarted });
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    const newCode = () => totpCode(started.secret, clock.nowMs());

    // Started only: the old phone still signs in, the new one does not.
    clock.advance(STEP_MS);
    expect(await signIn(staff.email, newCode())).toBe('codeWrong');
    expect(await signIn(staff.email, oldCode())).toBe('succeed');

    clock.advance(STEP_MS);
    expect((await finish(here, started.moveToken, newCode())).json()).toEqual({ status: 'succeed', message: STAFF_ACCOUNT_TEXTS.moved });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: here })).statusCode).toBe(200);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: elsewhere })).statusCode).toBe(401);

    clock.advance(STEP_MS);
    expect(await signIn(staff.email, oldCode())).toBe('codeWrong');
    expect(await signIn(staff.email, newCode())).toBe('succeed');
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.authenticator-move-start' })).toHaveLength(1);
    const [audit] = await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.move-authenticator' });
    expect(audit).toMatchObject({ targetType: 'staff', targetId: staff.id, before: null, after: null });
    const [mail, ...more] = await changeMails(staff.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain('staff sign-in changed');
    expect(mail!.text).toContain('Your authenticator was moved to a new phone');
    expect(mail!.text).not.toContain(started.secret);
  });

  it('refuses a wrong password, a wrong current code and a wrong new code, changing nothing', async () => {
    const { staff, oldCode, here, elsewhere } = await memberInTwoBrowsers();
    const before = await rowOf(staff.id);
    expect((await start(here, { currentPassword: 'Not my password 1', code: oldCode() })).json()).toEqual({
      status: 'failed',
      message: STAFF_ACCOUNT_TEXTS.currentPasswordWrong,
      field: 'currentPassword',
      secret: '',
      otpauthUri: '',
      moveToken: '',
    });
    expect((await start(here, { code: wrongOf(oldCode()) })).json()).toMatchObject({
      status: 'failed',
      message: STAFF_TEXTS.codeWrong,
      field: 'code',
      moveToken: '',
    });
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.authenticator-move-start' })).toHaveLength(0);

    const started = (await start(here, { code: oldCode() })).json();
    const newCode = totpCode(started.secret, clock.nowMs());
    expect((await finish(here, started.moveToken, wrongOf(newCode))).json()).toEqual({
      status: 'failed',
      message: STAFF_TEXTS.codeWrong,
      field: 'code',
    });
    // A code from the old phone does not finish it either.
    clock.advance(STEP_MS);
    expect((await finish(here, started.moveToken, oldCode())).json()).toMatchObject({ status: 'failed', field: 'code' });

    const after = await rowOf(staff.id);
    expect(after.totpSecret).toBe(before.totpSecret);
    expect(after.loginStepGeneration).toBe(before.loginStepGeneration);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: elsewhere })).statusCode).toBe(200);
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.move-authenticator' })).toHaveLength(0);
    expect(await changeMails(staff.email)).toHaveLength(0);
    expect(await signIn(staff.email, oldCode())).toBe('succeed');
  });

  it('refuses a token that is forged, another member’s or past its 10 minutes', async () => {
    const { staff, oldCode, here } = await memberInTwoBrowsers();
    const other = await memberInTwoBrowsers();
    const mine = (await start(here, { code: oldCode() })).json();
    const theirs = (await start(other.here, { code: other.oldCode() })).json();
    const expired = { status: 'failed', message: STAFF_ACCOUNT_TEXTS.moveExpired };
    expect((await finish(here, theirs.moveToken, totpCode(theirs.secret, clock.nowMs()))).json()).toEqual(expired);
    // Its authentication tag swapped for another token's: it no longer opens.
    const [version, iv, , sealed] = mine.moveToken.split('.');
    const forged = [version, iv, theirs.moveToken.split('.')[2], sealed].join('.');
    expect((await finish(here, forged, totpCode(mine.secret, clock.nowMs()))).json()).toEqual(expired);
    clock.advance(10 * 60_000 + 1);
    expect((await finish(here, mine.moveToken, totpCode(mine.secret, clock.nowMs()))).json()).toEqual(expired);
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.move-authenticator' })).toHaveLength(0);
  });

  it('two confirmations at once switch once: one succeeds, the other finds the move finished', async () => {
    const { staff, oldCode, here } = await memberInTwoBrowsers();
    const started = (await start(here, { code: oldCode() })).json();
    const newCode = totpCode(started.secret, clock.nowMs());
    const answers = await Promise.all([1, 2, 3].map(() => finish(here, started.moveToken, newCode)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.status === 'succeed')).toHaveLength(1);
    expect(bodies.filter((body) => body.status === 'failed').map((body) => body.message)).toEqual([
      STAFF_ACCOUNT_TEXTS.moveExpired,
      STAFF_ACCOUNT_TEXTS.moveExpired,
    ]);
    expect(await auditRowsWhere(db(), { staffId: staff.id, action: 'staff.move-authenticator' })).toHaveLength(1);
    expect(await changeMails(staff.email)).toHaveLength(1);
  });

  it('counts its tries with the other own-account code checks: past the limit, 429 and nothing changes', async () => {
    const { staff, oldCode, here } = await memberInTwoBrowsers();
    const before = await rowOf(staff.id);
    const started = (await start(here, { code: oldCode() })).json();
    const newCode = totpCode(started.secret, clock.nowMs());
    for (let attempt = 0; attempt < 4; attempt++) expect((await finish(here, started.moveToken, wrongOf(newCode))).statusCode).toBe(200);
    const limited = await finish(here, started.moveToken, newCode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(STAFF_TEXTS.tooManyAttempts);
    expect((await rowOf(staff.id)).totpSecret).toBe(before.totpSecret);
  });
});
