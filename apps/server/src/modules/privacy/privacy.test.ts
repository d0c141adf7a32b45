import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '@testerhub/shared/privacy-schemas';
import { expectFieldError, getWith, login, postJson } from '../../../test/account-helpers.ts';
import {
  createBooking,
  createChild,
  createLoggedInTester,
  createQualifiedScreening,
  createReferral,
  createSessionGroup,
  createStudy,
  createTester,
  FACTORY_PASSWORD,
  sessionCookieFor,
} from '../../../test/factories.ts';
import { mailsTo } from '../../../test/schedule-mail-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../core/clock.ts';
import {
  bookings,
  children,
  coinLedger,
  dailyVisits,
  emailOutbox,
  reEngagementCodes,
  referrals,
  seatOffers,
  signUpLeads,
  sessionGroups,
  sessions,
  testers,
} from '../../core/db/schema.ts';

/**
 * Download my data and delete my account (issue 11, "Beyond the spec"; decision 040), at the
 * route, on PGlite and PostgreSQL: the export holds every part and no secret; a deletion with the
 * wrong password keeps everything; a deletion gives back every seat (and passes it on), removes
 * the children, the e-mails and the sessions, and two at once end with one deletion and no 500.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;
const post = (url: string, body: unknown, cookie: string) => postJson(testApp.app, url, body, { cookie });
const get = (url: string, cookie: string) => getWith(testApp.app, url, { cookie });
const deleteAccount = (cookie: string, password: string) => post('/api/account/DeleteMyAccount', { password }, cookie);

const testApp = useTestApp({ clock, env: { LOGIN_ATTEMPTS_PER_WINDOW: '3' } });

const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);

async function seatsOf(groupId: number) {
  const [row] = await db()
    .select({ taken: sessionGroups.taken, held: sessionGroups.held })
    .from(sessionGroups)
    .where(eq(sessionGroups.id, groupId));
  return row!;
}

async function queueMail(toAddress: string, status: 'pending' | 'sent', subject = 'Hello') {
  await db()
    .insert(emailOutbox)
    .values({ toAddress, subject, html: '<p>x</p>', text: 'x', kind: 'test-privacy', status, sentAt: status === 'sent' ? NOW : null });
}

/** A tester with something in most modules: a child, bookings (theirs and the child's), coins, a referral, a visit, e-mails. */
async function testerWithData() {
  clock.set(NOW);
  const logged = await createLoggedInTester(db(), { coins: 250, exp: 40 });
  const { tester } = logged;
  const study = await createStudy(db(), { studyBasicInfo: 'Cereal crunch test' });
  const child = await createChild(db(), { parentId: tester.id, birthDate: '2016-04-02', firstName: 'Milo' });
  const own = await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, startsAt: at(48) });
  const childStudy = await createStudy(db(), { studyBasicInfo: 'Juice box test' });
  const childBooking = await createBooking(db(), { testerId: tester.id, childId: child.id, studyNo: childStudy.studyNo, startsAt: at(96) });
  await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: NOW });
  await db()
    .insert(referrals)
    .values({
      referrerId: tester.id,
      firstName: 'Pat',
      lastName: 'Friend',
      age: 33,
      email: `pat.${tester.username}@friends.example.test`,
      phone: `31255${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
      code: `code-${tester.username}`,
      referredMonth: '2026-01-01',
      createdAt: NOW,
      statusChangedAt: NOW,
    });
  await db().insert(dailyVisits).values({ testerId: tester.id, lastVisitDay: '2026-01-15', visitMonth: '2026-01-01', visitDaysInMonth: 1 });
  await db().insert(signUpLeads).values({ firstName: 'Fran', lastName: 'Factory', phone: '3125550100', email: tester.email.toUpperCase() });
  const preSiteCode = `pre-${tester.username}`;
  await db()
    .insert(reEngagementCodes)
    .values({
      code: preSiteCode,
      phone: '3125550100',
      v: `v-secret-${tester.username}`,
      email: tester.email,
      firstName: 'Fran',
      lastName: 'Factory',
      zipCode: '60614',
      address: '1 Test Way',
      city: 'Chicago',
      state: 'IL',
      sex: 'F',
      raceId: 'H',
      birthDate: '1996-01-01',
      usedAt: NOW,
    });
  await queueMail(tester.email, 'sent', 'Welcome aboard');
  await queueMail(tester.email.toUpperCase(), 'pending', 'Your reminder');
  return { ...logged, study, child, own, childBooking, preSiteCode };
}

describe('GET /api/account/ExportMyData', () => {
  it('answers one JSON file, an attachment named with the day, holding every part and no secret', async () => {
    const { tester, cookie, child, own, childBooking, preSiteCode } = await testerWithData();
    const response = await get('/api/account/ExportMyData', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="testerhub-my-data-2026-01-15.json"');
    expect(response.headers['cache-control']).toBe('no-store');

    const data = response.json();
    expect(data).toMatchObject({ format: 'testerhub-my-data', version: 1, exportedAt: NOW.toISOString() });
    for (const part of [
      'contactSettings',
      'emailCodes',
      'suspensions',
      'termsAcceptances',
      'sessions',
      'levelAcknowledgements',
      'aboutMeAnswers',
      'aboutMePageCompletions',
      'quickSurveyResponses',
      'quickSurveyCompletions',
      'externalScreenerTokens',
      'screenerListRemovals',
      'screenings',
      'waitingList',
      'studyInvitations',
      'bookings',
      'seatOffers',
      'children',
      'childConfirmationAttempts',
      'coinLedger',
      'redemptionOrders',
      'referralsMade',
      'dailyVisits',
      'wheelSpins',
      'wheelWeekSpins',
      'drawingEntries',
      'drawingsWon',
      'perks',
      'leaderboardMonths',
      'emailClicks',
      'signUpLeads',
      'preSiteRecords',
      'emails',
    ]) {
      expect(Array.isArray(data[part]), part).toBe(true);
    }
    expect(data.profile).toMatchObject({
      id: tester.id,
      username: tester.username,
      email: tester.email,
      avatarFile: tester.avatarFile,
      coins: 250,
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.children).toEqual([expect.objectContaining({ id: child.id, firstName: 'Milo', publicId: child.publicId })]);
    expect(data.bookings.map((row: { id: number; childId: number | null }) => [row.id, row.childId]).sort()).toEqual(
      [
        [own.id, null],
        [childBooking.id, child.id],
      ].sort(),
    );
    expect(data.screenings).toHaveLength(1);
    expect(data.coinLedger).toEqual([expect.objectContaining({ coins: 250, experience: 40 })]);
    expect(data.referralsMade).toEqual([expect.objectContaining({ firstName: 'Pat', lastName: 'Friend' })]);
    expect(data.dailyVisits).toHaveLength(1);
    expect(data.signUpLeads).toHaveLength(1);
    expect(data.preSiteRecords).toEqual([expect.objectContaining({ firstName: 'Fran', city: 'Chicago' })]);
    expect(data.emails.map((row: { subject: string }) => row.subject)).toEqual(['Welcome aboard', 'Your reminder']);

    // No secret: no password hash, session id or its hash, no e-mailed code, no mail body (signed links).
    const text = response.body;
    const [row] = await db().select().from(testers).where(eq(testers.id, tester.id));
    const [session] = await db().select().from(sessions).where(eq(sessions.testerId, tester.id));
    expect(text).not.toContain(row!.passwordHash);
    expect(text).not.toContain(session!.idHash);
    expect(text).not.toContain(cookie.split('=')[1]!);
    expect(text).not.toContain(preSiteCode);
    expect(text).not.toContain('v-secret-');
    for (const key of ['passwordHash', 'idHash', 'codeHash', 'tokenHash', '"html"', '"text"']) expect(text).not.toContain(key);
  });

  it("names no other tester: a referred friend appears only as the referrer typed them, with the referral's status (decision 075)", async () => {
    clock.set(NOW);
    const { tester, cookie } = await createLoggedInTester(db());
    const friend = await createTester(db(), { firstName: 'Patricia', lastName: 'Registered' });
    const typed = { firstName: 'Pat', lastName: 'Friend', email: `pat.typed.${tester.username}@friends.example.test`, phone: '3125550177' };
    await db()
      .insert(referrals)
      .values({
        referrerId: tester.id,
        ...typed,
        age: 33,
        code: `JOIN${tester.username}`.slice(0, 20),
        status: 'Registered',
        referredTesterId: friend.id,
        referredMonth: '2026-01-01',
        createdAt: NOW,
        statusChangedAt: NOW,
      });
    const response = await get('/api/account/ExportMyData', cookie);
    expect(response.statusCode, response.body).toBe(200);
    const [made] = response.json().referralsMade;
    expect(made).toMatchObject({
      firstName: 'Pat',
      lastName: 'Friend',
      emailAddress: typed.email,
      phoneNumber: typed.phone,
      status: 'Registered',
    });
    for (const other of [friend.id, friend.username, friend.email, 'Patricia', `JOIN${tester.username}`.slice(0, 20)])
      expect(response.body, other).not.toContain(other);
  });

  it('is limited per tester: past the allowance in a window, 429 until the window ends', async () => {
    clock.set(NOW);
    const { cookie } = await createLoggedInTester(db());
    for (let index = 0; index < 3; index += 1) expect((await get('/api/account/ExportMyData', cookie)).statusCode).toBe(200);
    const refused = await get('/api/account/ExportMyData', cookie);
    expect(refused.statusCode).toBe(429);
    clock.advance(16 * MINUTE_MS);
    expect((await get('/api/account/ExportMyData', cookie)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await get('/api/account/ExportMyData', '')).statusCode).toBe(401);
  });
});

describe('POST /api/account/DeleteMyAccount', () => {
  it('refuses bad input with the shared schema’s message', async () => {
    const { cookie } = await createLoggedInTester(db());
    expectFieldError(await post('/api/account/DeleteMyAccount', {}, cookie), 'password', PRIVACY_TEXTS.passwordRequired);
    expectFieldError(await deleteAccount(cookie, ''), 'password', PRIVACY_TEXTS.passwordRequired);
    expectFieldError(await post('/api/account/DeleteMyAccount', { password: 'x'.repeat(201) }, cookie), 'password');
    expect((await deleteAccount('', FACTORY_PASSWORD)).statusCode).toBe(401);
  });

  it('with the wrong password answers failed and keeps everything', async () => {
    const { tester, cookie, child, own } = await testerWithData();
    const response = await deleteAccount(cookie, 'Not#ThePass1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'failed' });
    expect(await db().select().from(testers).where(eq(testers.id, tester.id))).toHaveLength(1);
    expect(await db().select().from(children).where(eq(children.id, child.id))).toHaveLength(1);
    expect((await db().select().from(bookings).where(eq(bookings.id, own.id)))[0]!.status).toBe('booked');
    expect(await seatsOf(own.groupId)).toEqual({ taken: 1, held: 0 });
    expect(await mailsTo(db(), tester.email)).toHaveLength(1);
    expect((await get('/api/account/GetContact', cookie)).statusCode).toBe(200);
  });

  it('deletes the account: seats given back and passed on, offers released, children, e-mails and sessions gone', async () => {
    const { tester, cookie, child, own, childBooking, study, preSiteCode } = await testerWithData();
    const secondCookie = await sessionCookieFor(db(), tester.id);
    // Someone waits for the tester's group: the freed seat is offered to them, as after a cancel.
    const waiter = await createLoggedInTester(db(), { firstName: 'Wren' });
    await createQualifiedScreening(db(), { testerId: waiter.tester.id, studyNo: study.studyNo, at: NOW });
    const group = (await db().select().from(sessionGroups).where(eq(sessionGroups.id, own.groupId)))[0]!;
    const joined = await post('/api/schedule/SelfWaitList', { Study: study.guid, GroupIds: [group.publicId] }, waiter.cookie);
    expect(joined.json().status, joined.body).toBe('succeed');
    // The tester holds an offer of another group's seat.
    const offerStudy = await createStudy(db(), { studyBasicInfo: 'Soup test' });
    const offered = await createSessionGroup(db(), { studyNo: offerStudy.studyNo, now: NOW, seats: 2, held: 1 });
    await db()
      .insert(seatOffers)
      .values({ groupId: offered.id, studyNo: offerStudy.studyNo, testerId: tester.id, offeredAt: NOW, expiresAt: at(12) });
    // A referral that brought the tester stays the referrer's, without the tester.
    const referrer = await createLoggedInTester(db());
    const [broughtBy] = await db()
      .insert(referrals)
      .values({
        referrerId: referrer.tester.id,
        firstName: tester.firstName,
        lastName: tester.lastName,
        age: 30,
        email: tester.email,
        phone: `31277${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
        code: `by-${tester.username}`,
        status: 'Registered',
        referredTesterId: tester.id,
        referredMonth: '2026-01-01',
        createdAt: NOW,
        statusChangedAt: NOW,
      })
      .returning();
    await queueMail('someone.else@example.test', 'pending');

    const response = await deleteAccount(cookie, FACTORY_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed' });
    expect(response.headers['set-cookie']).toMatch(/th_session=;/);

    expect(await db().select().from(testers).where(eq(testers.id, tester.id))).toHaveLength(0);
    expect(await db().select().from(children).where(eq(children.parentId, tester.id))).toHaveLength(0);
    expect(await db().select().from(children).where(eq(children.id, child.id))).toHaveLength(0);
    expect(await db().select().from(bookings).where(eq(bookings.testerId, tester.id))).toHaveLength(0);
    expect(await db().select().from(coinLedger).where(eq(coinLedger.testerId, tester.id))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.testerId, tester.id))).toHaveLength(0);
    // The tester's seat went to the one waiting (held for them), the child's seat is free, the offer's hold released.
    expect(await seatsOf(own.groupId)).toEqual({ taken: 0, held: 1 });
    expect(await db().select().from(seatOffers).where(eq(seatOffers.groupId, own.groupId))).toEqual([
      expect.objectContaining({ testerId: waiter.tester.id, status: 'offered' }),
    ]);
    expect(await mailsTo(db(), waiter.tester.email, 'seat-offer')).toHaveLength(1);
    expect(await seatsOf(childBooking.groupId)).toEqual({ taken: 0, held: 0 });
    expect(await seatsOf(offered.id)).toEqual({ taken: 0, held: 0 });
    // No e-mail to the address is left, sent or waiting (any case); others' mail stays.
    const left = await db()
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = lower(${tester.email})`);
    expect(left).toHaveLength(0);
    expect(await mailsTo(db(), 'someone.else@example.test')).not.toHaveLength(0);
    // What the entry flows held under the address is gone too.
    expect(
      await db()
        .select()
        .from(signUpLeads)
        .where(sql`lower(${signUpLeads.email}) = lower(${tester.email})`),
    ).toHaveLength(0);
    expect(await db().select().from(reEngagementCodes).where(eq(reEngagementCodes.code, preSiteCode))).toHaveLength(0);
    // The referrer keeps the referral, not who the friend was.
    const [kept] = await db().select().from(referrals).where(eq(referrals.id, broughtBy!.id));
    expect(kept).toMatchObject({ referrerId: referrer.tester.id, status: 'Registered', referredTesterId: null, firstName: 'Former' });
    expect(JSON.stringify(kept)).not.toContain(tester.email);
    expect(kept!.phone).not.toBe(broughtBy!.phone);
    expect(kept!.lastName).not.toBe(tester.lastName);

    // Every session ended, and the account cannot log in again.
    expect((await get('/api/account/GetContact', cookie)).statusCode).toBe(401);
    expect((await get('/api/account/GetContact', secondCookie)).statusCode).toBe(401);
    const again = await login(testApp.app, tester.username, FACTORY_PASSWORD);
    expect(again.json().status).not.toBe('succeed');
  });

  it('forgets a referral that named the tester by phone under another e-mail (decision 075: testers are referred like anyone)', async () => {
    const { tester, cookie } = await testerWithData();
    const referrer = await createLoggedInTester(db());
    const byPhone = await createReferral(db(), { referrerId: referrer.tester.id, phone: tester.phone, lastName: tester.lastName });
    expect((await deleteAccount(cookie, FACTORY_PASSWORD)).json()).toEqual({ status: 'succeed' });
    const [kept] = await db().select().from(referrals).where(eq(referrals.id, byPhone.id));
    expect(kept).toMatchObject({ referrerId: referrer.tester.id, firstName: 'Former', lastName: 'tester' });
    expect(kept!.phone).not.toBe(tester.phone);
  });

  it('two deletions at once: one succeeds, the other finds no account (401), none fails with 500', async () => {
    const { tester, cookie, own } = await testerWithData();
    const otherCookie = await sessionCookieFor(db(), tester.id);
    const answers = await Promise.all([deleteAccount(cookie, FACTORY_PASSWORD), deleteAccount(otherCookie, FACTORY_PASSWORD)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join(' ')).toEqual([200, 401]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toEqual({ status: 'succeed' });
    expect(await db().select().from(testers).where(eq(testers.id, tester.id))).toHaveLength(0);
    expect(await seatsOf(own.groupId)).toEqual({ taken: 0, held: 0 });
  });

  it('every table that names a tester or a child lets the deletion through (cascade, or set null where others keep the row)', async () => {
    const found = await testApp.database.executeSql(`
      select conrelid::regclass::text as "table", confrelid::regclass::text as "target", confdeltype as "onDelete"
      from pg_constraint where contype = 'f' and confrelid in ('testers'::regclass, 'children'::regclass)
      order by 2, 1`);
    const rows = found.rows as { table: string; target: string; onDelete: string }[];
    const setNull = rows.filter((row) => row.onDelete === 'n').map((row) => `${row.table}->${row.target}`);
    expect(setNull.sort()).toEqual(['gold_card_drawings->testers', 'referrals->testers']);
    // bookings.child_id has no action of its own: bookings go with their tester in the same statement.
    const other = rows.filter((row) => row.onDelete !== 'c' && row.onDelete !== 'n').map((row) => `${row.table}->${row.target}`);
    expect(other).toEqual(['bookings->children']);
    expect(rows.some((row) => row.table === 'bookings' && row.target === 'testers' && row.onDelete === 'c')).toBe(true);
    expect(rows.length).toBeGreaterThan(25);
  });
});
