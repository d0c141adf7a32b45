import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { getWith, latestMail, linkIn, postJson } from '../../../test/account-helpers.ts';
import { auditRowsWhere, createStaffMember, STAFF_PASSWORD, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { emailOutbox, staffInvitations, staffMembers } from '../../core/db/schema.ts';
import { totpCode } from './totp.ts';

/**
 * An admin sends a staff member a new set-up link (decision 073): the `--reset` command's unit of
 * work from the staff accounts page, the link e-mailed through the outbox; its refusals; two
 * admins at once. On PGlite and PostgreSQL.
 */

const clock = createFakeClock(Date.now());
const db = () => testApp.database.db;
const STEP_MS = 30_000;

const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, LOGIN_ATTEMPTS_PER_WINDOW: '5' } });

let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 200)}.${address % 200}`;

const post = (url: string, body: unknown, cookie?: string) =>
  postJson(testApp.app, url, body, { ...(cookie && { cookie }), remoteAddress: nextAddress() });

/** Password then code from one address: the code step's status, or the password step's when it goes no further. */
async function signIn(email: string, password: string, code: string) {
  const ip = nextAddress();
  const first = await postJson(testApp.app, '/api/staff/Login', { email, password }, { remoteAddress: ip });
  const step = first.cookies.find((cookie) => cookie.name === 'th_staff_step' && cookie.value);
  if (!step) return first.json().status as string;
  return (await postJson(testApp.app, '/api/staff/LoginCode', { code }, { cookie: `${step.name}=${step.value}`, remoteAddress: ip })).json()
    .status as string;
}

/** The set-up page's three calls from a link: a new password, the new secret, a code confirming it. */
async function setUpThrough(link: URL, password: string) {
  const token = link.searchParams.get('token')!;
  const ip = nextAddress();
  const enrol = (
    await postJson(testApp.app, '/api/staff/setup/Password', { token, password, confirmPassword: password }, { remoteAddress: ip })
  ).json();
  if (enrol.status !== 'succeed') return { status: enrol.status as string, secret: '' };
  const confirmed = await postJson(
    testApp.app,
    '/api/staff/setup/Confirm',
    { token, code: totpCode(enrol.secret, clock.nowMs()) },
    { remoteAddress: ip },
  );
  return { status: confirmed.json().status as string, secret: enrol.secret as string };
}

const resetMails = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff-new-setup-link')))
    .orderBy(asc(emailOutbox.id));

const memberRow = async (id: string) => (await db().select().from(staffMembers).where(eq(staffMembers.id, id)))[0]!;

async function adminAndMember() {
  clock.advance(2 * STEP_MS);
  const { staff: admin } = await createStaffMember(db(), { roles: ['admin'] });
  const { staff: member, totpSecret } = await createStaffMember(db(), { roles: ['recruiter'] });
  return {
    admin,
    adminCookie: await staffCookieFor(db(), admin.id),
    member,
    memberSecret: totpSecret,
    memberCookie: await staffCookieFor(db(), member.id),
  };
}

describe('an admin sends a staff member a new set-up link', () => {
  it('ends the password, sign-in code, recovery codes and sessions; the e-mailed link sets the member up again', async () => {
    const { admin, adminCookie, member, memberSecret, memberCookie } = await adminAndMember();
    const codes = (await post('/api/staff/account/NewRecoveryCodes', { code: totpCode(memberSecret, clock.nowMs()) }, memberCookie)).json();
    expect(codes.status).toBe('succeed');

    const answer = await post('/api/staff/admin/ResetSignIn', { staffId: member.id }, adminCookie);
    expect(answer.json()).toEqual({ status: 'succeed', message: STAFF_TEXTS.setupLinkSent(member.name) });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: memberCookie })).statusCode).toBe(401);
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: adminCookie })).statusCode).toBe(200);
    expect(await signIn(member.email, STAFF_PASSWORD, codes.recoveryCodes[0])).toBe('failed');
    expect(
      await getWith(testApp.app, '/api/staff/admin/StaffList', { cookie: adminCookie }).then((list) => list.json().staff),
    ).toContainEqual(expect.objectContaining({ id: member.id, state: 'invited' }));

    const mail = (await latestMail(testApp.database, member.email, 'staff-new-setup-link'))!;
    expect(mail.subject).toContain('new set-up link');
    expect(mail.text).toContain(`${admin.name} sent you a new set-up link.`);
    const { status, secret } = await setUpThrough(linkIn(mail.text, '/staff/setup'), 'A fresh start passphrase');
    expect(status).toBe('succeed');

    // The old secret's code and the old recovery codes are refused; the new password and secret sign in.
    clock.advance(STEP_MS);
    expect(await signIn(member.email, 'A fresh start passphrase', totpCode(memberSecret, clock.nowMs()))).toBe('codeWrong');
    expect(await signIn(member.email, 'A fresh start passphrase', codes.recoveryCodes[1])).toBe('codeWrong');
    expect(await signIn(member.email, 'A fresh start passphrase', totpCode(secret, clock.nowMs()))).toBe('succeed');

    const [audit] = await auditRowsWhere(db(), { action: 'staff.reset-account', targetId: member.id });
    expect(audit).toMatchObject({ staffId: admin.id, targetType: 'staff', before: { email: member.email, disabled: false } });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|token/i);
  });

  it('refuses the admin’s own account, an unknown member, a disabled member and a caller who is not an admin, changing nothing', async () => {
    const { admin, adminCookie, member, memberCookie } = await adminAndMember();
    const reset = (staffId: string, cookie = adminCookie) => post('/api/staff/admin/ResetSignIn', { staffId }, cookie);

    expect((await reset(admin.id)).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.cannotResetSelf });
    expect((await getWith(testApp.app, '/api/staff/Me', { cookie: adminCookie })).statusCode).toBe(200);
    expect((await memberRow(admin.id)).passwordHash).toBe(admin.passwordHash);
    expect((await reset(randomUUID())).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.noSuchStaff });
    expect((await reset('not-an-id')).statusCode).toBe(400);

    // A recruiter may not; the member stays as they were.
    expect((await reset(admin.id, memberCookie)).statusCode).toBe(403);
    expect((await memberRow(admin.id)).totpSecret).toBe(admin.totpSecret);

    // Disabled (by another admin while this one's dialog was open): enabling stays a change of its own.
    await post('/api/staff/admin/SetDisabled', { staffId: member.id, disabled: true }, adminCookie);
    expect((await reset(member.id)).json()).toEqual({ status: 'failed', message: STAFF_TEXTS.resetDisabled });
    expect(await memberRow(member.id)).toMatchObject({ passwordHash: member.passwordHash, totpSecret: member.totpSecret });
    expect((await memberRow(member.id)).disabledAt).not.toBeNull();

    expect(await resetMails(member.email)).toEqual([]);
    expect(await resetMails(admin.email)).toEqual([]);
    expect(await auditRowsWhere(db(), { action: 'staff.reset-account', staffId: admin.id })).toEqual([]);
    expect(await auditRowsWhere(db(), { action: 'staff.reset-account', staffId: member.id })).toEqual([]);
  });

  it('two admins pressing at once: both answer, and only the later link works', async () => {
    const { adminCookie, member } = await adminAndMember();
    const { staff: other } = await createStaffMember(db(), { roles: ['admin'] });
    const otherCookie = await staffCookieFor(db(), other.id);

    const answers = await Promise.all(
      [adminCookie, otherCookie].map((cookie) => post('/api/staff/admin/ResetSignIn', { staffId: member.id }, cookie)),
    );
    expect(answers.map((answer) => answer.json().status)).toEqual(['succeed', 'succeed']);
    const open = await db()
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.staffId, member.id), isNull(staffInvitations.usedAt)));
    expect(open.filter((row) => row.expiresAt.getTime() > clock.nowMs())).toHaveLength(1);

    // The row lock puts one after the other: the later transaction's mail is written last.
    const mails = await resetMails(member.email);
    expect(mails).toHaveLength(2);
    const [earlier, later] = mails.map((mail) => linkIn(mail.text, '/staff/setup'));
    expect((await setUpThrough(earlier!, 'The earlier link passphrase')).status).toBe('invalid');
    expect((await setUpThrough(later!, 'The later link passphrase')).status).toBe('succeed');
    expect(await auditRowsWhere(db(), { action: 'staff.reset-account', targetId: member.id })).toHaveLength(2);
  });
});
