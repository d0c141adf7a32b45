import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { REFERRAL_TEXTS } from '@testerhub/shared/referral-schemas';
import { expectFieldError, issueFields, latestMail, linkIn, nameTag, validRegistration } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester, createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { coinLedger, referrals, testers } from '../../core/db/schema.ts';
import { REFERRAL_REWARD_REASON } from './referral-service.ts';

/**
 * Referrals (spec 3, sections 4, 5, 7, 8 and 9; decision 036): UpdateReferralList with its rules,
 * 'Maximum' past 10 in the company's month (also under concurrency), 'Exist user', the invitation
 * e-mail and its join link, Registered through it, Complete after the first attended study, and
 * GetReferralReward paying 200 coins and 250 EXP once (also to 64 simultaneous claims).
 */

// Noon in Chicago on 15 January 2026 (UTC-6).
const NOON_JAN_15 = '2026-01-15T18:00:00Z';
const clock = createFakeClock(NOON_JAN_15);
const SECRET = 'test-support-secret-of-at-least-32-characters';
const db = () => testApp.database.db;

const testApp = useTestApp({ clock, env: { TEST_SUPPORT_SECRET: SECRET } });

const post = (url: string, cookie: string | undefined, payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

let friendCounter = 0;
/** A friend nobody referred yet: an e-mail and a phone of their own. */
function friend(overrides: Record<string, unknown> = {}) {
  friendCounter += 1;
  return {
    firstname: 'Fred',
    lastname: `Friend${nameTag(friendCounter)}`,
    age: '34',
    emailAddress: `friend${friendCounter}.${process.pid}@friends.example.test`,
    phoneNumber: `773${String(process.pid % 1000).padStart(3, '0')}${String(friendCounter).padStart(4, '0')}`,
    ...overrides,
  };
}

const refer = (cookie: string | undefined, payload: unknown) => post('/api/account/UpdateReferralList', cookie, payload);
const list = async (cookie: string) => (await get('/api/reward/GetReferralList', cookie)).json().referralList;
const claim = (cookie: string | undefined, payload: unknown) => post('/api/reward/GetReferralReward', cookie, payload);
const referralFor = async (email: string) => (await db().select().from(referrals).where(eq(referrals.email, email)))[0]!;

describe('the referral calls', () => {
  it('answer 401 without a session', async () => {
    expect((await refer(undefined, friend())).statusCode).toBe(401);
    expect((await get('/api/reward/GetReferralList')).statusCode).toBe(401);
    expect((await claim(undefined, { referralId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(401);
  });

  it('refuse the two calls that write when another site sends them', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const [url, payload] of [
      ['/api/account/UpdateReferralList', friend()],
      ['/api/reward/GetReferralReward', { referralId: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const answer = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie, origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
        payload: JSON.stringify(payload),
      });
      expect(answer.statusCode).toBe(403);
    }
    expect(await list(cookie)).toEqual([]);
  });

  it("refuse bad input with 400 and the form's messages", async () => {
    const { cookie } = await createLoggedInTester(db());
    expect(issueFields(await refer(cookie, {})).sort()).toEqual(['age', 'emailAddress', 'firstname', 'lastname', 'phoneNumber']);
    expectFieldError(await refer(cookie, friend({ firstname: '  ' })), 'firstname', message('required'));
    expectFieldError(await refer(cookie, friend({ lastname: 'x'.repeat(51) })), 'lastname');
    expectFieldError(await refer(cookie, friend({ age: '3a' })), 'age', REFERRAL_TEXTS.digitsOnly);
    expectFieldError(await refer(cookie, friend({ age: '-4' })), 'age', REFERRAL_TEXTS.digitsOnly);
    expectFieldError(await refer(cookie, friend({ age: 34 })), 'age');
    expectFieldError(await refer(cookie, friend({ emailAddress: 'fred@example' })), 'emailAddress', 'Please enter a valid email address.');
    expectFieldError(await refer(cookie, friend({ phoneNumber: '312555010' })), 'phoneNumber', message('phoneInvalid'));
    expectFieldError(await refer(cookie, friend({ phoneNumber: '(312)555-0101' })), 'phoneNumber', message('phoneInvalid'));
    expectFieldError(await refer(cookie, friend({ phoneNumber: '31255501011' })), 'phoneNumber', message('phoneInvalid'));
    expectFieldError(await claim(cookie, {}), 'referralId');
    expectFieldError(await claim(cookie, { referralId: 'not-an-id' }), 'referralId');
    expectFieldError(await claim(cookie, { referralId: '00000000-0000-4000-8000-000000000000', redeemedReward: 'no' }), 'redeemedReward');
    expect(await list(cookie)).toEqual([]);
  });

  it('refuse a name that is not letters, spaces, hyphens, apostrophes and periods with 400 and the rule (issue 24)', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const [field, value] of [
      ['firstname', 'Eve Bcc: x@evil.example'],
      ['lastname', 'Eve Bcc: x@evil.example'],
      ['firstname', 'Eve\nBcc: x@evil.example'],
      ['lastname', 'Novak 2'],
      ['firstname', '<b>Nina</b>'],
    ]) {
      expectFieldError(await refer(cookie, friend({ [field!]: value })), field!, message('nameCharacters'));
    }
    expect(await list(cookie)).toEqual([]);
    const accepted = await refer(cookie, friend({ firstname: 'José', lastname: "O'Brien-Li Jr." }));
    expect(accepted.json()).toEqual({ status: 'succeed' });
  });
});

describe('referring a friend', () => {
  it('adds the referral as New and e-mails the friend a join link carrying its code', async () => {
    clock.set(NOON_JAN_15);
    const { cookie } = await createLoggedInTester(db(), { firstName: 'Rita' });
    const payload = friend({ firstname: 'Nina', lastname: 'Novak' });
    const answer = await refer(cookie, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'succeed' });
    const row = await referralFor(payload.emailAddress);
    expect(row).toMatchObject({ status: 'New', age: 34, phone: payload.phoneNumber, redeemedAt: null, referredMonth: '2026-01-01' });
    expect(await list(cookie)).toEqual([
      { referralId: row.id, firstName: 'Nina', lastName: 'Novak', status: 'New', redeemedReward: false },
    ]);
    const mail = await latestMail(testApp.database, payload.emailAddress, 'referral-invitation');
    // The body names the referrer and greets the friend; the subject holds no typed name (issue 24).
    expect(mail?.subject).toBe('A friend invites you to join TesterHub');
    expect(mail?.text).toContain('Hi Nina,');
    expect(mail?.text).toContain('Rita thinks you would enjoy');
    const link = linkIn(mail!.text, '/community/join/attention');
    expect(link.searchParams.get('refer')).toBe(row.code);
    expect(link.searchParams.has('lang')).toBe(false);
  });

  it("gives a Spanish referrer's friend a join link that opens in Spanish (lang=es)", async () => {
    const { cookie } = await createLoggedInTester(db(), { firstName: 'Rosa', language: 'es' });
    const payload = friend({ firstname: 'Nina' });
    expect((await refer(cookie, payload)).json()).toEqual({ status: 'succeed' });
    const mail = await latestMail(testApp.database, payload.emailAddress, 'referral-invitation');
    const link = linkIn(mail!.text, '/community/join/attention');
    expect(link.searchParams.get('lang')).toBe('es');
    expect(link.searchParams.get('refer')).toBe((await referralFor(payload.emailAddress)).code);
  });

  it("keeps the referrer's stored name (even one from before the name rule) out of the invitation's subject (issue 24)", async () => {
    const { cookie } = await createLoggedInTester(db(), { firstName: 'Eve Bcc: x@evil.example' });
    const payload = friend({ firstname: 'Nina' });
    expect((await refer(cookie, payload)).json()).toEqual({ status: 'succeed' });
    const mail = await latestMail(testApp.database, payload.emailAddress, 'referral-invitation');
    expect(mail?.subject).toBe('A friend invites you to join TesterHub');
    expect(mail?.subject).not.toMatch(/Eve|Bcc|@|Nina/);
  });

  it("answers 'Exist user' for someone already referred (any tester, same e-mail in any case or same phone), and only them", async () => {
    const first = await createLoggedInTester(db());
    const second = await createLoggedInTester(db());
    const referred = friend();
    expect((await refer(first.cookie, referred)).json()).toEqual({ status: 'succeed' });
    expect((await refer(second.cookie, friend({ emailAddress: referred.emailAddress.toUpperCase() }))).json()).toEqual({
      status: 'existUser',
    });
    expect((await refer(second.cookie, friend({ phoneNumber: referred.phoneNumber }))).json()).toEqual({ status: 'existUser' });
    expect(await list(second.cookie)).toEqual([]);
  });

  it("answers a tester's e-mail or phone exactly as a stranger's: a New referral and an invitation, nothing that says they are a tester", async () => {
    const { cookie } = await createLoggedInTester(db());
    const member = await createTester(db(), { phone: '6305550142' });
    const byEmail = friend({ firstname: 'Mel', lastname: 'Member', emailAddress: member.email.toUpperCase() });
    const byPhone = friend({ firstname: 'Phil', lastname: 'Member', phoneNumber: '6305550142' });
    const stranger = friend({ firstname: 'Stan', lastname: 'Stranger' });
    const answers = [];
    for (const person of [byEmail, byPhone, stranger]) answers.push(await refer(cookie, person));
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual(Array(3).fill([200, JSON.stringify({ status: 'succeed' })]));
    const shown = await list(cookie);
    expect(
      shown
        .map(({ referralId: _id, ...item }: { referralId: string }) => item)
        .sort((a: { firstName: string }, b: { firstName: string }) => a.firstName.localeCompare(b.firstName)),
    ).toEqual([
      { firstName: 'Mel', lastName: 'Member', status: 'New', redeemedReward: false },
      { firstName: 'Phil', lastName: 'Member', status: 'New', redeemedReward: false },
      { firstName: 'Stan', lastName: 'Stranger', status: 'New', redeemedReward: false },
    ]);
    for (const person of [byEmail, byPhone, stranger])
      expect(await latestMail(testApp.database, person.emailAddress, 'referral-invitation'), person.lastname).not.toBeNull();
  });

  it("counts every request against the month's 10: 'Exist user' answers too", async () => {
    clock.set(NOON_JAN_15);
    const { cookie } = await createLoggedInTester(db());
    const referred = friend();
    expect((await refer((await createLoggedInTester(db())).cookie, referred)).json()).toEqual({ status: 'succeed' });
    for (let index = 0; index < 10; index += 1) expect((await refer(cookie, referred)).json()).toEqual({ status: 'existUser' });
    expect((await refer(cookie, friend())).json()).toEqual({ status: 'maximum' });
    expect((await refer(cookie, referred)).json()).toEqual({ status: 'maximum' });
    expect(await list(cookie)).toEqual([]);
  });

  it('answers at most 10 of 30 simultaneous requests by one tester, whatever they ask', async () => {
    clock.set(NOON_JAN_15);
    const { tester, cookie } = await createLoggedInTester(db());
    const referred = friend();
    expect((await refer((await createLoggedInTester(db())).cookie, referred)).json()).toEqual({ status: 'succeed' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => refer(cookie, index % 3 ? referred : friend())));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status !== 'maximum')).toHaveLength(10);
    const made = await db().select().from(referrals).where(eq(referrals.referrerId, tester.id));
    expect(made.length).toBe(statuses.filter((status) => status === 'succeed').length);
  });

  it("allows 10 in the company's month, answers 'Maximum' to the 11th, and counts again from the 1st in Chicago", async () => {
    const { cookie } = await createLoggedInTester(db());
    // 11:30 pm on 31 January in Chicago, already 1 February in UTC.
    clock.set('2026-02-01T05:30:00Z');
    for (let index = 0; index < 10; index += 1) expect((await refer(cookie, friend())).json()).toEqual({ status: 'succeed' });
    expect((await refer(cookie, friend())).json()).toEqual({ status: 'maximum' });
    expect(await list(cookie)).toHaveLength(10);
    clock.advance(HOUR_MS); // 12:30 am on 1 February in Chicago
    expect((await refer(cookie, friend())).json()).toEqual({ status: 'succeed' });
    clock.set(NOON_JAN_15);
  });

  it('makes exactly one more referral of 20 simultaneous ones by a tester at 9 this month', async () => {
    clock.set(NOON_JAN_15);
    const { tester, cookie } = await createLoggedInTester(db());
    for (let index = 0; index < 9; index += 1) expect((await refer(cookie, friend())).json()).toEqual({ status: 'succeed' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => refer(cookie, friend())));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'maximum')).toHaveLength(19);
    expect(await db().select().from(referrals).where(eq(referrals.referrerId, tester.id))).toHaveLength(10);
  });

  it("lets one of two testers referring the same person at once through, the other gets 'Exist user'", async () => {
    const first = await createLoggedInTester(db());
    const second = await createLoggedInTester(db());
    const person = friend();
    const answers = await Promise.all([refer(first.cookie, person), refer(second.cookie, person)]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['existUser', 'succeed']);
  });
});

describe('a referral followed to its reward', () => {
  it('is Registered when the friend registers with the code, Complete after the first attended study, then pays 200 coins and 250 EXP once', async () => {
    clock.set(NOON_JAN_15);
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 0, exp: 0 });
    const payload = friend();
    await refer(cookie, payload);
    const referral = await referralFor(payload.emailAddress);
    const notYet = await claim(cookie, { referralId: referral.id, firstName: 'Fred', lastName: referral.lastName, status: 'New' });
    expect(notYet.json()).toEqual({ status: 'notClaimable', coins: 0, exp: 0 });

    const registration = validRegistration({ EmailAddress: payload.emailAddress, PhoneNo: payload.phoneNumber, Referral: referral.code });
    const registered = await post('/api/account/register', undefined, registration);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({ status: 'succeed' });
    const afterJoin = await referralFor(payload.emailAddress);
    expect(afterJoin.status).toBe('Registered');
    expect(afterJoin.referredTesterId).not.toBeNull();
    expect((await list(cookie))[0]).toMatchObject({ status: 'Registered', redeemedReward: false });

    // The friend attends a first study (test support books and checks them in through scheduling).
    const attended = await testApp.app.inject({
      method: 'POST',
      url: '/api/test-support/booking',
      headers: { 'x-test-support-secret': SECRET },
      payload: { testerId: afterJoin.referredTesterId, studyNo: 24102, startsAt: '2026-01-10T16:00:00Z', attended: true },
    });
    expect(attended.statusCode, attended.body).toBe(200);
    expect((await list(cookie))[0]).toMatchObject({ status: 'Complete', redeemedReward: false });

    const paid = await claim(cookie, { referralId: referral.id, firstName: 'Fred', lastName: referral.lastName, status: 'Complete' });
    expect(paid.json()).toEqual({ status: 'succeed', coins: 200, exp: 250 });
    expect((await list(cookie))[0]).toMatchObject({ status: 'Complete', redeemedReward: true });
    expect((await claim(cookie, { referralId: referral.id })).json()).toEqual({ status: 'notClaimable', coins: 0, exp: 0 });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 200, exp: 250, ledgerCoins: 200, ledgerExp: 250, entries: 1 });
    const [entry] = await db().select().from(coinLedger).where(eq(coinLedger.testerId, tester.id));
    expect(entry).toMatchObject({ reason: REFERRAL_REWARD_REASON, reference: referral.id });
  });

  it('ignores a registration with an unknown code, and does not pay another tester for a referral', async () => {
    const { cookie } = await createLoggedInTester(db());
    const other = await createLoggedInTester(db());
    const payload = friend();
    await refer(cookie, payload);
    const referral = await referralFor(payload.emailAddress);
    const registered = await post('/api/account/register', undefined, validRegistration({ Referral: 'NOSUCHCODE' }));
    expect(registered.json()).toMatchObject({ status: 'succeed' });
    expect((await referralFor(payload.emailAddress)).status).toBe('New');
    await db().update(referrals).set({ status: 'Paid' }).where(eq(referrals.id, referral.id));
    expect((await claim(other.cookie, { referralId: referral.id })).json()).toEqual({ status: 'notClaimable', coins: 0, exp: 0 });
  });

  it('pays a Paid referral once to 64 simultaneous claims', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 0, exp: 0 });
    const payload = friend();
    await refer(cookie, payload);
    const referral = await referralFor(payload.emailAddress);
    await db().update(referrals).set({ status: 'Paid' }).where(eq(referrals.id, referral.id));
    const answers = await Promise.all(Array.from({ length: 64 }, () => claim(cookie, { referralId: referral.id })));
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'notClaimable')).toHaveLength(63);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 200, exp: 250, ledgerCoins: 200, entries: 1 });
  });

  it("lists the demo tester's seeded referrals, one Complete and unclaimed", async () => {
    const [demo] = await db().select().from(testers).where(eq(testers.username, 'demotester1'));
    const rows = await db().select().from(referrals).where(eq(referrals.referrerId, demo!.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['Bad Number', 'Complete', 'New', 'Paid', 'Registered']);
    expect(rows.find((row) => row.status === 'Complete')?.redeemedAt).toBeNull();
  });
});
