import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { message } from '@testerhub/shared/account-messages';
import { expectFieldError, latestMail, linkIn, loginCookie, nameTag, DEMO } from '../../../test/account-helpers.ts';
import {
  createAttendedTester,
  createBooking,
  expireUnconfirmedChildren,
  createLoggedInTester,
  createSessionGroup,
  createStudy,
} from '../../../test/factories.ts';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../core/clock.ts';
import { childConfirmationAttempts, children, emailOutbox } from '../../core/db/schema.ts';

/**
 * Children (spec 3, "Child form", the children calls and texts; decision 028): who may register
 * online, the duplicate, confirmation by the e-mailed link, expiry after 24 hours, bad input.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

let childCounter = 0;
/** A valid child payload with a name of its own (the same child twice is the duplicate). */
function childPayload(overrides: Record<string, unknown> = {}) {
  childCounter += 1;
  return {
    firstName: `Kid${nameTag(childCounter)}`,
    lastName: 'Example',
    race: 'A',
    gender: 'F',
    year: 2018,
    month: 2,
    day: 28,
    phone: '3125550123',
    ...overrides,
  };
}

/** A logged-in tester who has attended a study (the online-registration rule). */
const attendedParent = (email?: string) => createAttendedTester(db(), NOW, email ? { email } : {});

const register = (cookie: string, payload: unknown) => post('/api/account/RegistChildrenWithoutStudyNo', cookie, payload);
const listOf = async (cookie: string) => (await get('/api/schedule/GetChildrenInfo', cookie)).json().registeredChildren;

describe('the children calls', () => {
  it('answer 401 without a session', async () => {
    expect((await get('/api/schedule/GetChildrenInfo')).statusCode).toBe(401);
    expect((await register('', childPayload())).statusCode).toBe(401);
    expect((await post('/api/account/RegistChildren', undefined, { ...childPayload(), studyNo: 24101 })).statusCode).toBe(401);
    expect((await post('/api/account/ConfirmKid', undefined, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it("list the demo tester's confirmed child", async () => {
    clock.set(NOW);
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const list = await listOf(cookie);
    expect(list).toEqual([expect.objectContaining({ fullName: 'Sam Tester', isConfirmed: true, expiresAt: null })]);
  });
});

describe('registering a child', () => {
  it('registers, awaiting confirmation for 24 hours, and e-mails the parent a link that confirms the e-mail once (not the child: decision 079)', async () => {
    clock.set(NOW);
    const { tester, cookie } = await attendedParent();
    const payload = childPayload({ firstName: 'Mia' });
    const response = await register(cookie, payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed' });

    const [listed] = await listOf(cookie);
    expect(listed).toMatchObject({
      fullName: 'Mia Example',
      isConfirmed: false,
      expiresAt: new Date(NOW.getTime() + 24 * HOUR_MS).toISOString(),
    });

    const mail = await latestMail(testApp.database, tester.email, 'confirm-child');
    // The body names the child; the subject holds no typed name (issue 24).
    expect(mail?.subject).toBe("Confirm your child's TesterHub registration");
    expect(mail?.text).toContain('You registered Mia on your TesterHub account.');
    const link = linkIn(mail!.text, '/community');
    const k = link.searchParams.get('k')!;
    expect(k).toBe(listed.childId);

    clock.set(new Date(NOW.getTime() + 23 * HOUR_MS));
    const confirmed = await post('/api/account/ConfirmKid', cookie, k);
    expect(confirmed.json()).toEqual({ status: 'succeed', fullName: 'Mia Example', isConfirmed: false });
    // The child still awaits Tester Services' call, and still expires 24 hours after registering.
    expect((await listOf(cookie))[0]).toMatchObject({
      isConfirmed: false,
      emailConfirmed: true,
      expiresAt: new Date(NOW.getTime() + 24 * HOUR_MS).toISOString(),
    });
    // The link again: the same answer, one attempt recorded.
    expect((await post('/api/account/ConfirmKid', cookie, k)).json().status).toBe('succeed');
    const [row] = await db().select().from(children).where(eq(children.publicId, k));
    const attempts = await db().select().from(childConfirmationAttempts).where(eq(childConfirmationAttempts.childId, row!.id));
    expect(attempts).toEqual([expect.objectContaining({ channel: 'emailLink', outcome: 'confirmed' })]);
  });

  it("answers 'kidExisted' for the same child again, whatever the names' case", async () => {
    clock.set(NOW);
    const { cookie } = await attendedParent();
    const payload = childPayload();
    expect((await register(cookie, payload)).json().status).toBe('succeed');
    const again = await register(cookie, { ...payload, firstName: payload.firstName.toUpperCase(), lastName: 'example' });
    expect(again.json()).toEqual({ status: 'kidExisted', detail: CHILD_TEXTS.duplicate });
    expect(CHILD_TEXTS.alreadyRegistered).toBe('Sorry, your kid already registered');
    expect(await listOf(cookie)).toHaveLength(1);
  });

  it('registers one child when the same registration arrives ten times at once, with one e-mail', async () => {
    clock.set(NOW);
    const { tester, cookie } = await attendedParent();
    const payload = childPayload();
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(cookie, payload)));
    const statuses = answers.map((answer) => answer.json().status).sort();
    expect(statuses).toEqual(['succeed', ...Array<string>(9).fill('kidExisted')].sort());
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, tester.email), eq(emailOutbox.kind, 'confirm-child')));
    expect(mails).toHaveLength(1);
  });

  it('refuses online registration with 101 until the tester has attended a study, storing nothing', async () => {
    clock.set(NOW);
    const { tester, cookie } = await createLoggedInTester(db());
    const response = await register(cookie, childPayload());
    expect(response.json()).toEqual({ status: '101', detail: CHILD_TEXTS.mustJoinFirst });
    expect(await listOf(cookie)).toEqual([]);
    expect(await latestMail(testApp.database, tester.email, 'confirm-child')).toBeNull();
    // A booking that is only booked (not attended) does not open it either.
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      sessions: [{ startsAt: new Date(NOW.getTime() + 48 * HOUR_MS), endsAt: new Date(NOW.getTime() + 50 * HOUR_MS) }],
    });
    const { startsAt, endsAt } = group.sessions[0]!;
    await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
    expect((await register(cookie, childPayload())).json().status).toBe('101');
  });

  it('answers 102 when the parent’s e-mail address cannot be used', async () => {
    clock.set(NOW);
    const { cookie } = await attendedParent(`not-an-address-${Date.now()}`);
    expect((await register(cookie, childPayload())).json()).toEqual({ status: '102', detail: CHILD_TEXTS.emailUnsendable });
    expect(await listOf(cookie)).toEqual([]);
  });

  it('from a study: 103 when the study is closed or unknown, and the study is kept on the child when open', async () => {
    clock.set(NOW);
    const { cookie } = await attendedParent();
    const closed = await createStudy(db(), { closesAt: new Date(NOW.getTime() - HOUR_MS) });
    const open = await createStudy(db());
    const fromStudy = (studyNo: number) => post('/api/account/RegistChildren', cookie, { ...childPayload(), studyNo });
    expect((await fromStudy(closed.studyNo)).json()).toEqual({ status: '103', detail: CHILD_TEXTS.studyUnavailable });
    expect((await fromStudy(999_999)).json().status).toBe('103');
    expect((await fromStudy(open.studyNo)).json()).toEqual({ status: 'succeed' });
    const [listed] = await listOf(cookie);
    const [row] = await db().select().from(children).where(eq(children.publicId, listed.childId));
    expect(row!.registeredForStudy).toBe(open.studyNo);
  });
});

describe('expiry', () => {
  it('an unconfirmed child past 24 hours is not listed, cannot be confirmed, is removed by the job, and can be registered again', async () => {
    clock.set(NOW);
    const { cookie } = await attendedParent();
    const payload = childPayload();
    await register(cookie, payload);
    const [listed] = await listOf(cookie);

    clock.set(new Date(NOW.getTime() + 24 * HOUR_MS + MINUTE_MS));
    expect(await listOf(cookie)).toEqual([]);
    expect((await post('/api/account/ConfirmKid', cookie, listed.childId)).json()).toEqual({ status: 'failed' });
    // Registering it again before the job ran replaces the expired row.
    expect((await register(cookie, payload)).json().status).toBe('succeed');
    const [again] = await listOf(cookie);
    expect(again.childId).not.toBe(listed.childId);

    clock.set(new Date(NOW.getTime() + 49 * HOUR_MS));
    expect(await expireUnconfirmedChildren(db(), clock)).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(children).where(eq(children.publicId, again.childId))).toEqual([]);
    // Confirmed children stay.
    const cookieDemo = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect(await listOf(cookieDemo)).toHaveLength(1);
  });
});

describe("another tester's child", () => {
  it('is neither listed nor confirmable by someone else', async () => {
    clock.set(NOW);
    const parent = await attendedParent();
    await register(parent.cookie, childPayload());
    const [listed] = await listOf(parent.cookie);
    const stranger = await createLoggedInTester(db());
    expect(await listOf(stranger.cookie)).toEqual([]);
    expect((await post('/api/account/ConfirmKid', stranger.cookie, listed.childId)).json()).toEqual({ status: 'failed' });
    expect((await listOf(parent.cookie))[0].isConfirmed).toBe(false);
  });
});

describe('bad input answers 400 naming the field', () => {
  it('for each rule of the child form', async () => {
    clock.set(NOW);
    const { cookie } = await attendedParent();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ firstName: '' }, 'firstName', message('required')],
      [{ firstName: 'x'.repeat(51) }, 'firstName', 'Use at most 50 characters.'],
      [{ lastName: 'y'.repeat(51) }, 'lastName'],
      // Names go into the parent's e-mails: letters, spaces, hyphens, apostrophes and periods only (issue 24).
      [{ firstName: 'Eve Bcc: x@evil.example' }, 'firstName', message('nameCharacters')],
      [{ lastName: 'Eve\r\nBcc: x@evil.example' }, 'lastName', message('nameCharacters')],
      [{ firstName: 'Kid3' }, 'firstName', message('nameCharacters')],
      [{ lastName: '<i>Example</i>' }, 'lastName', message('nameCharacters')],
      [{ phone: '312555012' }, 'phone', 'Please enter a valid phone number with a 10-digit format, including the area code.'],
      [{ phone: '(312)555-0123' }, 'phone'],
      [{ race: 'Z' }, 'race'],
      [{ gender: 'X' }, 'gender'],
      [{ year: 2026 - 18 }, 'day'],
      [{ year: 2023, month: 2, day: 29 }, 'day', message('birthDateInvalid')],
      [{ year: 2026, month: 12, day: 1 }, 'day', 'The birth date is in the future.'],
      [{ month: 13 }, 'month'],
      [{ year: 'abc' }, 'year'],
    ];
    for (const [override, field, text] of cases) {
      expectFieldError(await register(cookie, childPayload(override)), field, text);
    }
    expectFieldError(await post('/api/account/RegistChildren', cookie, { ...childPayload(), studyNo: 'x' }), 'studyNo');
    expectFieldError(await post('/api/account/ConfirmKid', cookie, 'not-a-guid'), 'body', 'The child id is not valid.');
    expect(await listOf(cookie)).toEqual([]);
  });
});

describe('the expiry job', () => {
  it('is scheduled on the job queue (every ten minutes, once across instances) when scheduled jobs are on', async () => {
    const withJobs = await createTestApp({ env: { SCHEDULED_JOBS: 'on' } });
    try {
      await withJobs.app.ready();
      const rows = await withJobs.database.executeSql("select name, cron from pgboss.schedule where name = 'children-expire-unconfirmed'");
      expect(rows.rows).toEqual([{ name: 'children-expire-unconfirmed', cron: '*/10 * * * *' }]);
    } finally {
      await withJobs.close();
    }
  });
});
