import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { duplicateHoldMessageFor } from '@testerhub/shared/screener-messages';
import { DUPLICATE_TEXTS, STAFF_TESTER_TEXTS, type DuplicatesResponse } from '@testerhub/shared/staff-testers-schemas';
import { getWith, login, OUR_PAGE, postJson, sessionCookieFrom } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createStudy, createTester, FACTORY_PASSWORD } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { testers } from '../../core/db/schema.ts';

/**
 * Likely duplicate accounts (issue 29; decision 129): each signal found and a near miss not, the
 * review (notDuplicate hides the pair, blockNewer black-lists the newer account, both audited, two
 * at once act once), the hold on starting a screener until the review, the roles, and the list's
 * statements. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

/** BEGIN and COMMIT are left out: PostgreSQL's driver reports them, the embedded database's does not. */
const TRANSACTION_EDGE = /^(begin|commit)$/i;
let watched: string[] | null = null;
const testApp = useTestApp({
  env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY },
  onStatement: (query) => (TRANSACTION_EDGE.test(query.trim()) ? undefined : watched?.push(query)),
});
const db = () => testApp.database.db;

let unique = 0;
const tag = () => `${process.pid.toString(36)}${(++unique).toString(36)}${Date.now().toString(36).slice(-4)}`;
/** Ten digits of this test's own. */
const phoneOf = (_t: string) =>
  `6${String(process.pid % 1000).padStart(3, '0')}${String(unique).padStart(3, '0')}${String(Date.now()).slice(-3)}`;
/** An address no other test writes. */
const ownAddress = (t: string) => ({ address: `${unique} Own ${t} Way`, zipCode: '60614' });

const recruiter = () => signedInStaff(db(), ['recruiter']);
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

const duplicates = async (cookie: string, query = '') => {
  const answer = await getWith(testApp.app, `/api/staff/testers/Duplicates${query}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DuplicatesResponse;
};
const pairsOf = async (cookie: string, testerId: string) =>
  (await duplicates(cookie, `?testerId=${testerId}`)).pairs.map((pair) => ({
    older: pair.older.testerId,
    newer: pair.newer.testerId,
    signals: pair.signals,
  }));
const review = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/testers/ReviewDuplicate', body, { cookie });
const doScreeners = (cookie: string, studyNo: number) =>
  postJson(testApp.app, '/api/schedule/DoScreeners', { StudyNo: studyNo, ScreenerType: 'Online' }, { cookie, headers: OUR_PAGE });

describe('likely duplicates', () => {
  it('pairs the same mailbox (dots on gmail, +tags anywhere), the same phone digits and the same street address with its ZIP', async () => {
    const { cookie } = await recruiter();
    const t = tag();
    const phone = phoneOf(t);
    const original = await createTester(db(), {
      email: `Ana.Ruiz.${t}@Gmail.com`,
      phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
      address: `12 North ${t} Street, Apt. 4`,
      zipCode: '60614',
      createdAt: later(-30),
    });
    const byEmail = await createTester(db(), { email: `anaruiz.${t}+promo@googlemail.com`, createdAt: later(-20) });
    const byPhone = await createTester(db(), { phone: `1-${phone}`, createdAt: later(-10) });
    const byAddress = await createTester(db(), { address: `12 n ${t.toUpperCase()} st apt #4`, zipCode: '60614-1234' });

    expect(await pairsOf(cookie, original.id)).toEqual([
      { older: original.id, newer: byAddress.id, signals: ['address'] },
      { older: original.id, newer: byPhone.id, signals: ['phone'] },
      { older: original.id, newer: byEmail.id, signals: ['email'] },
    ]);
    const [newest] = (await duplicates(cookie, `?testerId=${byAddress.id}`)).pairs;
    expect(newest).toMatchObject({
      older: { testerId: original.id, username: original.username, createdAt: original.createdAt.toISOString(), blackList: false },
      newer: { testerId: byAddress.id, email: byAddress.email },
    });
  });

  it('does not pair near misses: dots outside gmail, another ZIP, a phone one digit off', async () => {
    const { cookie } = await recruiter();
    const t = tag();
    const phone = phoneOf(t);
    const own = ownAddress(t);
    const original = await createTester(db(), { email: `ana.${t}@mail.example.test`, phone, ...own });
    await createTester(db(), { email: `ana${t}@mail.example.test` });
    await createTester(db(), { address: own.address, zipCode: '60615' });
    await createTester(db(), { phone: `${phone.slice(0, 9)}${(Number(phone[9]) + 1) % 10}` });
    expect(await pairsOf(cookie, original.id)).toEqual([]);
  });

  it('notDuplicate hides the pair and releases the hold on screening; audited with the reason', async () => {
    const { cookie, staff } = await recruiter();
    const t = tag();
    const phone = phoneOf(t);
    const older = await createLoggedInTester(db(), { phone, createdAt: later(-60) });
    const newer = await createLoggedInTester(db(), { phone: `+1 ${phone}`, language: 'es' });
    const study = await createStudy(db());

    // Held: both accounts, by the click and by the screener's own address.
    for (const person of [older, newer])
      expect((await doScreeners(person.cookie, study.studyNo)).json()).toEqual({
        status: 'failed',
        message: duplicateHoldMessageFor(person.tester),
      });
    expect(duplicateHoldMessageFor(newer.tester)).toMatch(/^Necesitamos revisar su cuenta/);
    expect((await getWith(testApp.app, `/api/screener/${study.studyNo}`, { cookie: newer.cookie })).statusCode).toBe(404);

    const answer = await review(cookie, { testerIds: [newer.tester.id, older.tester.id], outcome: 'notDuplicate', reason: 'Twins' });
    expect(answer.json()).toEqual({ status: 'succeed', message: DUPLICATE_TEXTS.notDuplicate });
    expect(await pairsOf(cookie, older.tester.id)).toEqual([]);
    for (const person of [older, newer])
      expect((await doScreeners(person.cookie, study.studyNo)).json()).toMatchObject({ status: 'succeed' });
    expect((await getWith(testApp.app, `/api/screener/${study.studyNo}`, { cookie: newer.cookie })).statusCode).toBe(200);

    const audit = await auditRowsWhere(db(), { action: 'tester.duplicate-review', targetId: newer.tester.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff.id, targetType: 'tester' });
    expect(audit[0]!.after).toMatchObject({ outcome: 'notDuplicate', reason: 'Twins', blackList: false });
  });

  it('holds screening only for the strong signals: a shared address alone does not', async () => {
    const t = tag();
    const own = ownAddress(t);
    await createTester(db(), { ...own, createdAt: later(-60) });
    const newer = await createLoggedInTester(db(), own);
    const study = await createStudy(db());
    expect((await doScreeners(newer.cookie, study.studyNo)).json()).toMatchObject({ status: 'succeed' });
  });

  it("pairs two accounts signed in on one browser (one's login brought the other's device cookie), a weak signal that holds nothing", async () => {
    const { cookie } = await recruiter();
    const first = await createTester(db(), { createdAt: later(-60) });
    const second = await createTester(db());
    type Answer = Awaited<ReturnType<typeof login>>;
    const deviceOf = (answer: Answer) => {
      const device = answer.cookies.find((candidate) => /(^|_)th_device$/.test(candidate.name) && candidate.value);
      if (!device) throw new Error(`no device cookie in ${JSON.stringify(answer.headers['set-cookie'])}`);
      return `${device.name}=${device.value}`;
    };
    const loginOn = async (username: string, device?: string) => {
      const answer = await login(testApp.app, username, FACTORY_PASSWORD, device ? { headers: { cookie: device } } : {});
      expect(answer.json()).toMatchObject({ status: 'succeed' });
      return answer;
    };

    const firstLogin = await loginOn(first.username);
    await loginOn(first.username, deviceOf(firstLogin));
    expect(await pairsOf(cookie, first.id)).toEqual([]);

    const secondLogin = await loginOn(second.username, deviceOf(firstLogin));
    await loginOn(first.username, deviceOf(secondLogin));
    expect(await pairsOf(cookie, second.id)).toEqual([{ older: first.id, newer: second.id, signals: ['device'] }]);
    const study = await createStudy(db());
    expect((await doScreeners(sessionCookieFrom(secondLogin), study.studyNo)).json()).toMatchObject({ status: 'succeed' });
  });

  it('blockNewer puts the newer account on the blackList, keeps the older one screening, audits; two reviews at once act once', async () => {
    const { cookie } = await recruiter();
    const second = await recruiter();
    const t = tag();
    const older = await createLoggedInTester(db(), { email: `bo.${t}@gmail.com`, createdAt: later(-60) });
    const newer = await createLoggedInTester(db(), { email: `b.o.${t}+again@gmail.com` });
    const study = await createStudy(db());

    const body = { testerIds: [older.tester.id, newer.tester.id], outcome: 'blockNewer', reason: 'Second account' };
    const answers = await Promise.all([review(cookie, body), review(second.cookie, { ...body, outcome: 'notDuplicate' })]);
    const messages = answers.map((answer) => answer.json().message).sort();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(messages.filter((message) => message === DUPLICATE_TEXTS.alreadyReviewed)).toHaveLength(1);
    expect(await auditRowsWhere(db(), { action: 'tester.duplicate-review', targetId: newer.tester.id })).toHaveLength(1);

    const [row] = await db().select({ blackList: testers.blackList }).from(testers).where(eq(testers.id, newer.tester.id));
    const blocked = messages.includes(DUPLICATE_TEXTS.blockedNewer);
    expect(row!.blackList).toBe(blocked);
    expect(await pairsOf(cookie, older.tester.id)).toEqual([]);
    expect((await doScreeners(older.cookie, study.studyNo)).json()).toMatchObject({ status: 'succeed' });
    // Black-listed, the newer account sees the study as not available; not black-listed, it may screen.
    expect((await doScreeners(newer.cookie, study.studyNo)).json()).toMatchObject({ status: blocked ? 'failed' : 'succeed' });
  });

  it('blockNewer alone black-lists the newer account with the audit row saying so', async () => {
    const { cookie } = await recruiter();
    const t = tag();
    const phone = phoneOf(t);
    const older = await createTester(db(), { phone, createdAt: later(-60) });
    const newer = await createTester(db(), { phone });
    const answer = await review(cookie, { testerIds: [older.id, newer.id], outcome: 'blockNewer', reason: 'Same person' });
    expect(answer.json()).toEqual({ status: 'succeed', message: DUPLICATE_TEXTS.blockedNewer });
    const [row] = await db().select({ blackList: testers.blackList }).from(testers).where(eq(testers.id, newer.id));
    expect(row!.blackList).toBe(true);
    const [audit] = await auditRowsWhere(db(), { action: 'tester.duplicate-review', targetId: newer.id });
    expect(audit).toMatchObject({
      before: { olderTesterId: older.id, blackList: false },
      after: { outcome: 'blockNewer', blackList: true },
    });
    expect((await review(cookie, { testerIds: [older.id, newer.id], outcome: 'blockNewer', reason: 'Again' })).json()).toEqual({
      status: 'failed',
      message: DUPLICATE_TEXTS.alreadyReviewed,
    });
  });

  it('refuses a pair of one account and an unknown account', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db());
    const same = await review(cookie, { testerIds: [tester.id, tester.id], outcome: 'notDuplicate', reason: 'x' });
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain(DUPLICATE_TEXTS.notAPair);
    const unknown = await review(cookie, {
      testerIds: [tester.id, '00000000-0000-4000-8000-000000000000'],
      outcome: 'notDuplicate',
      reason: 'x',
    });
    expect(unknown.json()).toEqual({ status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown });
  });

  it('is for recruiters: site staff get 403 on both routes', async () => {
    const { cookie } = await signedInStaff(db(), ['site-staff']);
    const tester = await createTester(db());
    const other = await createTester(db());
    expect((await getWith(testApp.app, '/api/staff/testers/Duplicates', { cookie })).statusCode).toBe(403);
    expect((await review(cookie, { testerIds: [tester.id, other.id], outcome: 'notDuplicate', reason: 'x' })).statusCode).toBe(403);
  });

  it('answers a page of the list in one statement beside the staff session, however many pairs', async () => {
    const { cookie } = await recruiter();
    const counted = async (query: string) => {
      await duplicates(cookie, query);
      watched = [];
      try {
        await duplicates(cookie, query);
        return watched;
      } finally {
        watched = null;
      }
    };
    const few = await counted('');
    const t = tag();
    const phone = phoneOf(t);
    for (let index = 0; index < 5; index += 1) await createTester(db(), { phone });
    const many = await counted('?page=1');
    expect(many.length).toBe(few.length);
    expect(many.filter((query) => /tester_duplicate_reviews/.test(query))).toHaveLength(1);
  });
});
