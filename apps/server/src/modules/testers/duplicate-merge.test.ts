import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_TEXTS, type DuplicatesResponse, type MergePreview } from '@testerhub/shared/staff-testers-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createBooking,
  createChild,
  createReferral,
  createRewardItem,
  createStudy,
  createTester,
  type TesterOverrides,
} from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import {
  children,
  coinLedger,
  emailOutbox,
  redemptionOrders,
  referrals,
  testerDuplicateReviews,
  testerNotes,
  testers,
} from '../../core/db/schema.ts';

/**
 * Merging the newer of two duplicate accounts into the older (issue 29; decision 144): what moves
 * (coins as a ledger pair, children the older lacks, notes, referrals made) and what stays, the
 * refusals (bookings not over, a black-listed older account, a newer account merged already), the
 * e-mail, the audit naming both, a merge and reviews at once acting once with the coins moved once,
 * the invitation filters seeing one person, and the duplicates table's sort, filter and total.
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

let unique = 0;
const tag = () => `${process.pid.toString(36)}${(++unique).toString(36)}${Date.now().toString(36).slice(-4)}`;
/** Ten digits of this test's own. */
const ownPhone = () => `7${String(process.pid % 1000).padStart(3, '0')}${String(++unique).padStart(3, '0')}${String(Date.now()).slice(-3)}`;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const recruiter = () => signedInStaff(db(), ['recruiter']);

/** Two accounts sharing a phone: the older registered an hour before the newer. */
async function pairOf(older: TesterOverrides = {}, newer: TesterOverrides = {}) {
  const phone = ownPhone();
  return {
    older: await createTester(db(), { phone, createdAt: later(-60), ...older }),
    newer: await createTester(db(), { phone: `+1 ${phone}`, ...newer }),
  };
}

const review = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/testers/ReviewDuplicate', body, { cookie });
const merge = (cookie: string, olderId: string, newerId: string, reason = 'One person, two accounts') =>
  review(cookie, { testerIds: [newerId, olderId], outcome: 'mergeNewer', reason });
const preview = async (cookie: string, testerId: string, otherTesterId: string) => {
  const answer = await getWith(testApp.app, `/api/staff/testers/MergePreview?testerId=${testerId}&otherTesterId=${otherTesterId}`, {
    cookie,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as MergePreview;
};
const duplicates = async (cookie: string, query: string) => {
  const answer = await getWith(testApp.app, `/api/staff/testers/Duplicates${query}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DuplicatesResponse;
};
const balance = (testerId: string) => balanceAndLedger(db(), testerId);
const mergeEntries = (testerId: string) =>
  db()
    .select({ coins: coinLedger.coins, reference: coinLedger.reference })
    .from(coinLedger)
    .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, 'merge')));
const blackListed = async (testerId: string) =>
  (await db().select({ blackList: testers.blackList }).from(testers).where(eq(testers.id, testerId)))[0]!.blackList;
const childrenOf = async (parentId: string) =>
  (await db().select({ firstName: children.firstName }).from(children).where(eq(children.parentId, parentId)))
    .map((row) => row.firstName)
    .sort();
const reviewOf = (olderId: string, newerId: string) =>
  db()
    .select({ outcome: testerDuplicateReviews.outcome })
    .from(testerDuplicateReviews)
    .where(
      and(
        eq(testerDuplicateReviews.testerLow, olderId < newerId ? olderId : newerId),
        eq(testerDuplicateReviews.testerHigh, olderId < newerId ? newerId : olderId),
      ),
    );

describe('merging the newer account into the older', () => {
  it('moves the coins as a ledger pair, the children the older lacks, the notes and the referrals; black-lists the newer; audits both; e-mails the older', async () => {
    const { cookie, staff } = await recruiter();
    const { older, newer } = await pairOf({ coins: 40, language: 'es' }, { coins: 250, exp: 30 });
    const twin = { lastName: 'Ruiz', birthDate: '2016-04-02' };
    await createChild(db(), { parentId: older.id, firstName: 'Lia', ...twin });
    await createChild(db(), { parentId: newer.id, firstName: 'LIA', ...twin });
    await createChild(db(), { parentId: newer.id, firstName: 'Teo', lastName: 'Ruiz', birthDate: '2018-09-01', confirmedAt: null });
    await db().insert(testerNotes).values({ testerId: newer.id, staffId: staff.id, text: 'Called about the second account' });
    await createReferral(db(), { referrerId: newer.id });
    const study = await createStudy(db());
    await createBooking(db(), { testerId: newer.id, studyNo: study.studyNo, status: 'attended', startsAt: later(-3000) });

    expect(await preview(cookie, older.id, newer.id)).toEqual({
      status: 'succeed',
      message: '',
      olderTesterId: older.id,
      newerTesterId: newer.id,
      coins: 250,
      children: 1,
      notes: 1,
      referrals: 1,
      blockers: [],
    });

    expect((await merge(cookie, older.id, newer.id)).json()).toEqual({ status: 'succeed', message: DUPLICATE_TEXTS.merged });

    // Coins: a debit on the newer and a credit on the older, one reference; each ledger still sums to its balance.
    expect(await balance(older.id)).toMatchObject({ coins: 290, ledgerCoins: 290, exp: 0 });
    expect(await balance(newer.id)).toMatchObject({ coins: 0, ledgerCoins: 0, exp: 30, ledgerExp: 30 });
    const reference = `merge:${[older.id, newer.id].sort().join(':')}`;
    expect(await mergeEntries(older.id)).toEqual([{ coins: 250, reference }]);
    expect(await mergeEntries(newer.id)).toEqual([{ coins: -250, reference }]);
    // The same child (names and birth date) stays on the newer account; the other child moves, unconfirmed as it was.
    expect(await childrenOf(older.id)).toEqual(['Lia', 'Teo']);
    expect(await childrenOf(newer.id)).toEqual(['LIA']);
    expect((await db().select().from(testerNotes).where(eq(testerNotes.testerId, older.id))).map((note) => note.text)).toEqual([
      'Called about the second account',
    ]);
    expect(await db().select().from(referrals).where(eq(referrals.referrerId, older.id))).toHaveLength(1);
    expect(await blackListed(newer.id)).toBe(true);
    expect(await blackListed(older.id)).toBe(false);
    expect(await reviewOf(older.id, newer.id)).toEqual([{ outcome: 'mergeNewer' }]);
    expect((await duplicates(cookie, `?testerId=${older.id}`)).pairs).toEqual([]);

    const [audit] = await auditRowsWhere(db(), { action: 'tester.duplicate-merge', targetId: newer.id });
    expect(audit).toMatchObject({
      staffId: staff.id,
      before: { olderTesterId: older.id, newerTesterId: newer.id, olderCoins: 40, newerCoins: 250 },
      after: {
        outcome: 'mergeNewer',
        olderTesterId: older.id,
        newerTesterId: newer.id,
        moved: { coins: 250, children: 1, notes: 1, referrals: 1 },
        blackList: true,
      },
    });

    // The older account's tester reads it in Spanish, with the coins.
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, older.email));
    expect(mail).toMatchObject({ kind: 'accounts-merged' });
    expect(mail!.subject).toMatch(/ahora son una$/);
    expect(mail!.text).toContain(`Las 250 monedas de ${newer.username} se sumaron a ${older.username}`);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, newer.email))).toEqual([]);
  });

  it('moves no coins from an empty account and says so in English', async () => {
    const { cookie } = await recruiter();
    const { older, newer } = await pairOf({ coins: 10 });
    expect((await merge(cookie, older.id, newer.id)).json()).toMatchObject({ status: 'succeed' });
    expect(await balance(older.id)).toMatchObject({ coins: 10, ledgerCoins: 10 });
    expect(await mergeEntries(newer.id)).toEqual([]);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, older.email));
    expect(mail!.subject).toMatch(/accounts are now one$/);
    expect(mail!.text).toContain(`${newer.username} had no coins to add to ${older.username}.`);
  });

  it('refuses while the newer account has a booking not over, naming the study, and writes nothing', async () => {
    const { cookie } = await recruiter();
    const { older, newer } = await pairOf({}, { coins: 100 });
    const study = await createStudy(db());
    await createBooking(db(), { testerId: newer.id, studyNo: study.studyNo, startsAt: later(24 * 60) });
    await createChild(db(), { parentId: newer.id, birthDate: '2017-01-01' });

    const blockers = (await preview(cookie, newer.id, older.id)).blockers;
    expect(blockers).toHaveLength(1);
    expect(blockers[0]).toContain(`(study ${study.studyNo})`);
    expect((await merge(cookie, older.id, newer.id)).json()).toEqual({ status: 'failed', message: blockers[0] });

    expect(await balance(newer.id)).toMatchObject({ coins: 100, ledgerCoins: 100 });
    expect(await childrenOf(older.id)).toEqual([]);
    expect(await blackListed(newer.id)).toBe(false);
    expect(await reviewOf(older.id, newer.id)).toEqual([]);
    expect(await auditRowsWhere(db(), { action: 'tester.duplicate-merge', targetId: newer.id })).toEqual([]);
    expect((await duplicates(cookie, `?testerId=${newer.id}`)).pairs).toHaveLength(1);
  });

  it('refuses while the newer account has a reward order pending (a rejection would refund it), then merges once it is decided', async () => {
    const { cookie } = await recruiter();
    const { older, newer } = await pairOf({}, { coins: 60 });
    const reward = await createRewardItem(db(), { coins: 40 });
    const [order] = await db()
      .insert(redemptionOrders)
      .values({ testerId: newer.id, itemNo: reward.id, coins: 40, createdAt: new Date() })
      .returning({ id: redemptionOrders.id });

    expect((await preview(cookie, older.id, newer.id)).blockers).toEqual([DUPLICATE_TEXTS.ordersBlock(1)]);
    expect((await merge(cookie, older.id, newer.id)).json()).toEqual({ status: 'failed', message: DUPLICATE_TEXTS.ordersBlock(1) });
    expect(await balance(newer.id)).toMatchObject({ coins: 60 });
    expect(await reviewOf(older.id, newer.id)).toEqual([]);

    await db().update(redemptionOrders).set({ status: 'fulfilled', decidedAt: new Date() }).where(eq(redemptionOrders.id, order!.id));
    expect((await merge(cookie, older.id, newer.id)).json()).toEqual({ status: 'succeed', message: DUPLICATE_TEXTS.merged });
    expect(await balance(older.id)).toMatchObject({ coins: 60, ledgerCoins: 60 });
  });

  it('refuses a black-listed older account, and a newer account merged into another already', async () => {
    const { cookie } = await recruiter();
    const { older, newer } = await pairOf({ blackList: true });
    expect((await merge(cookie, older.id, newer.id)).json()).toEqual({ status: 'failed', message: DUPLICATE_TEXTS.olderBlackListed });
    expect(await reviewOf(older.id, newer.id)).toEqual([]);

    // One newer account paired with two older ones (a phone and a mailbox): merged into the first, never into the second.
    const t = tag();
    const first = await createTester(db(), { phone: ownPhone(), email: `ana.${t}@gmail.com`, createdAt: later(-120) });
    const second = await createTester(db(), { email: `a.n.a.${t}@gmail.com`, createdAt: later(-60) });
    const third = await createTester(db(), { phone: first.phone, email: `ana${t}+x@gmail.com`, coins: 70 });
    expect((await merge(cookie, second.id, third.id)).json()).toMatchObject({ status: 'succeed' });
    expect((await preview(cookie, first.id, third.id)).blockers).toEqual([DUPLICATE_TEXTS.alreadyMerged]);
    expect((await merge(cookie, first.id, third.id)).json()).toEqual({ status: 'failed', message: DUPLICATE_TEXTS.alreadyMerged });
    expect(await balance(second.id)).toMatchObject({ coins: 70, ledgerCoins: 70 });
    expect(await balance(first.id)).toMatchObject({ coins: 0, ledgerCoins: 0 });
  });

  it('of two merges and a review of one pair at once, exactly one acts, and the coins move exactly once', async () => {
    const staff = await Promise.all([recruiter(), recruiter(), recruiter()]);
    const { older, newer } = await pairOf({ coins: 5 }, { coins: 300 });
    const answers = await Promise.all([
      merge(staff[0]!.cookie, older.id, newer.id),
      merge(staff[1]!.cookie, older.id, newer.id),
      review(staff[2]!.cookie, { testerIds: [older.id, newer.id], outcome: 'notDuplicate', reason: 'Different people' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const messages = answers.map((answer) => answer.json().message as string);
    expect(messages.filter((message) => message === DUPLICATE_TEXTS.alreadyReviewed)).toHaveLength(2);

    const [row] = await reviewOf(older.id, newer.id);
    const merged = row!.outcome === 'mergeNewer';
    expect(messages).toContain(merged ? DUPLICATE_TEXTS.merged : DUPLICATE_TEXTS.notDuplicate);
    expect(await balance(older.id)).toMatchObject({ coins: merged ? 305 : 5, ledgerCoins: merged ? 305 : 5 });
    expect(await balance(newer.id)).toMatchObject({ coins: merged ? 0 : 300, ledgerCoins: merged ? 0 : 300 });
    expect(await mergeEntries(older.id)).toHaveLength(merged ? 1 : 0);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, older.email))).toHaveLength(merged ? 1 : 0);
    const audits = [
      ...(await auditRowsWhere(db(), { action: 'tester.duplicate-merge', targetId: newer.id })),
      ...(await auditRowsWhere(db(), { action: 'tester.duplicate-review', targetId: newer.id })),
    ];
    expect(audits).toHaveLength(1);
  });

  it('two merges of one pair at once: one merges, the other changes nothing, the coins move once', async () => {
    const staff = await Promise.all([recruiter(), recruiter()]);
    const { older, newer } = await pairOf({}, { coins: 120 });
    const answers = await Promise.all(staff.map((member) => merge(member.cookie, older.id, newer.id)));
    expect(answers.map((answer) => answer.json().message).sort()).toEqual([DUPLICATE_TEXTS.alreadyReviewed, DUPLICATE_TEXTS.merged].sort());
    expect(await balance(older.id)).toMatchObject({ coins: 120, ledgerCoins: 120 });
    expect(await balance(newer.id)).toMatchObject({ coins: 0, ledgerCoins: 0 });
    expect(await mergeEntries(older.id)).toHaveLength(1);
  });

  it('counts what the merged account took part in for the account it joined: the invitation filters leave the person out', async () => {
    const { cookie } = await recruiter();
    const site = `M${process.pid % 1000}${++unique}`;
    const { older, newer } = await pairOf({ siteId: site }, { siteId: site });
    const earlier = await createStudy(db());
    const study = await createStudy(db());
    await createBooking(db(), { testerId: newer.id, studyNo: earlier.studyNo, status: 'attended', startsAt: later(-5000) });
    const count = async () => {
      const answer = await postJson(
        testApp.app,
        '/api/staff/invitations/Preview',
        { studyNo: study.studyNo, filters: { siteIds: [site], excludeStudyNos: [earlier.studyNo] } },
        { cookie },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().matched as number;
    };
    expect(await count()).toBe(1);
    expect((await merge(cookie, older.id, newer.id)).json()).toMatchObject({ status: 'succeed' });
    expect(await count()).toBe(0);
  });

  it('is for recruiters: site staff get 403 on the preview and the merge', async () => {
    const { cookie } = await signedInStaff(db(), ['site-staff']);
    const { older, newer } = await pairOf();
    const answer = await getWith(testApp.app, `/api/staff/testers/MergePreview?testerId=${older.id}&otherTesterId=${newer.id}`, { cookie });
    expect(answer.statusCode).toBe(403);
    expect((await merge(cookie, older.id, newer.id)).statusCode).toBe(403);
  });
});

describe('the duplicates table', () => {
  it("sorts by either account's registration, filters by a username or name of either account, and counts every page", async () => {
    const { cookie } = await recruiter();
    const t = tag();
    const named = (letter: string) => ({ lastName: `Dup${t}${letter}` });
    const first = await pairOf({ ...named('a'), createdAt: later(-300) }, { ...named('b'), createdAt: later(-10) });
    const second = await pairOf({ ...named('c'), createdAt: later(-200) }, { ...named('d'), createdAt: later(-20) });
    const third = await pairOf({ ...named('e'), createdAt: later(-100) }, { ...named('f'), createdAt: later(-30) });
    const newers = (answer: DuplicatesResponse) => answer.pairs.map((pair) => pair.newer.testerId);

    const byNewest = await duplicates(cookie, `?q=dup${t}&pageSize=10`);
    expect(newers(byNewest)).toEqual([first.newer.id, second.newer.id, third.newer.id]);
    expect(byNewest).toMatchObject({ total: 3, pageSize: 10, page: 1, hasMore: false });
    const byOlder = await duplicates(cookie, `?q=dup${t}&sort=olderCreatedAt&dir=asc`);
    expect(newers(byOlder)).toEqual([first.newer.id, second.newer.id, third.newer.id]);
    const byOlderLatest = await duplicates(cookie, `?q=dup${t}&sort=olderCreatedAt&dir=desc`);
    expect(newers(byOlderLatest)).toEqual([third.newer.id, second.newer.id, first.newer.id]);
    // A name of the older account alone keeps its pair; the filter's wildcard is taken literally.
    expect(newers(await duplicates(cookie, `?q=Fran%20Dup${t}c`))).toEqual([second.newer.id]);
    expect((await duplicates(cookie, `?q=Dup${t}_`)).total).toBe(0);
    expect(newers(await duplicates(cookie, `?q=${second.older.username}`))).toEqual([second.newer.id]);

    const refused = await getWith(testApp.app, '/api/staff/testers/Duplicates?sort=email', { cookie });
    expect(refused.statusCode).toBe(400);
  });
});
