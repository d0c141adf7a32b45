import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_TRAIL_SORTS,
  LEDGER_SORTS,
  STAFF_TESTER_TEXTS,
  TESTER_PAGE_ROWS,
  TESTER_SEARCH_LIMIT,
  type TesterPageResponse,
  type TesterSearchResponse,
} from '@testerhub/shared/staff-testers-schemas';
import { TABLE_QUERY_TEXTS } from '@testerhub/shared/table-query';
import { expectFieldError, getWith, postJson } from '../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createBooking,
  createLoggedInTester,
  createQualifiedScreening,
  createRewardItem,
  createStudy,
  createTester,
} from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { mailsTo } from '../../../test/schedule-mail-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { coinLedger, staffAuditLog, testerSuspensions, testers } from '../../core/db/schema.ts';

/**
 * Testers in the staff console (issue 12 section 5; decision 053): the search by each kind, the
 * tester's page from the modules' own reads, and each audited change (coins through the ledger,
 * also racing the tester's own spending; the blackList flag; lifting a suspension; the privacy
 * module's export and deletion). PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

let unique = 0;
const tag = () => `${process.pid.toString(36)}${(++unique).toString(36)}${Date.now().toString(36).slice(-4)}`;

const recruiter = () => signedInStaff(db(), ['recruiter']);

const search = async (cookie: string, q: string) => {
  const answer = await getWith(testApp.app, `/api/staff/testers/Search?q=${encodeURIComponent(q)}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TesterSearchResponse;
};
const page = async (cookie: string, testerId: string, pages = '') => {
  const answer = await getWith(testApp.app, `/api/staff/testers/Tester?testerId=${testerId}${pages}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TesterPageResponse;
};
const post = (cookie: string, call: string, body: unknown) => postJson(testApp.app, `/api/staff/testers/${call}`, body, { cookie });
const auditOf = (testerId: string) => auditRowsWhere(db(), { targetType: 'tester', targetId: testerId });
const adjustmentsOf = (testerId: string) =>
  db()
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, 'staff-adjustment')));

describe('the tester search', () => {
  it('finds a tester by the start of the e-mail, the phone in any format, the name, the last name and the username', async () => {
    const { cookie } = await recruiter();
    const t = tag();
    const phone = `7${String(Date.now()).slice(-6)}${String(unique).padStart(3, '0')}`.slice(0, 10);
    const tester = await createTester(db(), {
      username: `Zed${t}`,
      email: `Quill.${t}@Search.example.test`,
      firstName: `Quinn${t}`,
      lastName: `Marlow${t}`,
      phone,
    });
    const ids = (answer: TesterSearchResponse) => answer.testers.map((row) => row.testerId);

    const byEmail = await search(cookie, `quill.${t}@sea`);
    expect(byEmail.kind).toBe('email');
    expect(byEmail.testers).toEqual([
      {
        testerId: tester.id,
        firstName: tester.firstName,
        lastName: tester.lastName,
        username: tester.username,
        email: tester.email,
        phone,
        blackList: false,
        suspendedUntil: null,
      },
    ]);
    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    expect(await search(cookie, formatted)).toMatchObject({ kind: 'phone' });
    expect(ids(await search(cookie, formatted))).toContain(tester.id);
    expect(ids(await search(cookie, `QUINN${t} marl`))).toEqual([tester.id]);
    expect(ids(await search(cookie, `marlow${t}`))).toEqual([tester.id]);
    expect(ids(await search(cookie, `zed${t}`))).toEqual([tester.id]);
    // Not a substring search, and LIKE's wildcards are plain characters.
    expect(ids(await search(cookie, `uinn${t}`))).toEqual([]);
    expect(ids(await search(cookie, `%${t}`))).toEqual([]);
    expect(ids(await search(cookie, `quill_${t}@`))).toEqual([]);
  });

  it('cuts the list at 25 and says so; a one-letter search is a 400 with its message', async () => {
    const { cookie } = await recruiter();
    const t = tag();
    for (let index = 0; index < TESTER_SEARCH_LIMIT + 2; index += 1)
      await createTester(db(), { lastName: `Many${t}`, firstName: `N${index}` });
    const answer = await search(cookie, `many${t}`);
    expect(answer.testers).toHaveLength(TESTER_SEARCH_LIMIT);
    expect(answer.hasMore).toBe(true);
    const short = await getWith(testApp.app, '/api/staff/testers/Search?q=a', { cookie });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(STAFF_TESTER_TEXTS.queryRequired);
  });
});

describe('a tester’s page', () => {
  it('shows the profile without the password hash, the balance, the ledger in words and the staff changes; unknown: failed', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db(), { coins: 40 });
    expect((await post(cookie, 'AdjustCoins', { testerId: tester.id, coins: 60, reason: 'Goodwill' })).json().status).toBe('succeed');
    const shown = (await page(cookie, tester.id)).tester!;
    expect(shown.profile).toMatchObject({ id: tester.id, username: tester.username, email: tester.email });
    expect(shown.profile).not.toHaveProperty('passwordHash');
    expect(shown).toMatchObject({ coins: 100, blackList: false, suspendedUntil: null, bookings: [], children: [], referrals: [] });
    expect(shown.ledger[0]).toMatchObject({ coins: 60, reason: 'staff-adjustment', reasonText: 'Adjusted by Tester Services' });
    expect(shown.audit).toHaveLength(1);
    expect(shown.audit[0]).toMatchObject({ action: 'tester.adjust-coins', after: { coins: 100, change: 60, reason: 'Goodwill' } });

    const unknown = await page(cookie, '00000000-0000-4000-8000-000000000000');
    expect(unknown).toEqual({ status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown, tester: null });
    expect((await getWith(testApp.app, '/api/staff/testers/Tester?testerId=nope', { cookie })).statusCode).toBe(400);
  });

  it('names the studies its bookings and screeners are for, so staff read names beside the numbers', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db());
    const booked = await createStudy(db(), { studyBasicInfo: 'Snack bar taste test' });
    const screened = await createStudy(db(), { studyBasicInfo: 'Running shoe fitting' });
    await createBooking(db(), { testerId: tester.id, studyNo: booked.studyNo, status: 'noShow' });
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: screened.studyNo });
    const shown = (await page(cookie, tester.id)).tester!;
    expect(shown.studyNames).toEqual({ [booked.studyNo]: 'Snack bar taste test', [screened.studyNo]: 'Running shoe fitting' });
    expect(shown.bookings[0]).toMatchObject({ studyNo: booked.studyNo, status: 'noShow' });
  });

  it('pages the ledger and the staff changes apart, TESTER_PAGE_ROWS each, newest first', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db(), { coins: 0 });
    const entries = TESTER_PAGE_ROWS + 3;
    await db()
      .insert(coinLedger)
      .values(
        Array.from({ length: entries }, (_, index) => ({
          testerId: tester.id,
          coins: index + 1,
          reason: 'daily-bonus',
          reference: `page-test-${index}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        })),
      );
    for (const reason of ['First', 'Second']) await post(cookie, 'AdjustCoins', { testerId: tester.id, coins: 1, reason });
    const first = (await page(cookie, tester.id)).tester!;
    expect(first).toMatchObject({ ledgerPage: 1, ledgerHasMore: true, auditPage: 1, auditHasMore: false });
    expect(first.ledger).toHaveLength(TESTER_PAGE_ROWS);
    const second = (await page(cookie, tester.id, '&ledgerPage=2')).tester!;
    expect(second).toMatchObject({ ledgerPage: 2, ledgerHasMore: false });
    // The two adjustments are the newest; the oldest daily bonus (1 coin) ends the second page.
    expect(second.ledger.map((row) => row.coins)).toEqual([5, 4, 3, 2, 1]);
    expect(second.audit).toHaveLength(2);
    expect((await page(cookie, tester.id, '&auditPage=2')).tester!.audit).toEqual([]);
    expect((await getWith(testApp.app, `/api/staff/testers/Tester?testerId=${tester.id}&ledgerPage=0`, { cookie })).statusCode).toBe(400);
  });

  it('sorts the audit trail on a column from its fixed list, filters it on the action’s words or the reason and pages it with the total, in the database (decision 145)', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db(), { coins: 0 });
    const [{ staff: recruiterMember }, { staff: rewardsMember }] = [
      await signedInStaff(db(), ['recruiter']),
      await signedInStaff(db(), ['rewards']),
    ];
    const actions = ['tester.adjust-coins', 'tester.blacklist-on', 'tester.blacklist-off', 'tester.lift-suspension'];
    await db()
      .insert(staffAuditLog)
      .values([
        ...Array.from({ length: 12 }, (_, index) => ({
          staffId: index === 11 ? null : index % 2 ? recruiterMember.id : rewardsMember.id,
          action: actions[index % 4]!,
          targetType: 'tester',
          targetId: tester.id,
          after: { reason: index === 5 ? 'Goodwill gesture' : `Reason ${index}` },
          at: new Date(Date.UTC(2026, 0, 1, 0, index)),
        })),
        // A view of the page is in the log, not in the tester's trail of changes.
        {
          staffId: recruiterMember.id,
          action: 'tester.view',
          targetType: 'tester',
          targetId: tester.id,
          at: new Date(Date.UTC(2026, 0, 2)),
        },
      ]);
    const trail = async (query: string) => (await page(cookie, tester.id, query)).tester!;
    const reasons = (shown: { audit: { after: unknown }[] }) => shown.audit.map((row) => (row.after as { reason: string }).reason);

    const first = await trail('');
    expect(first).toMatchObject({ auditPage: 1, auditPageSize: TESTER_PAGE_ROWS, auditTotal: 12, auditHasMore: false });
    expect(reasons(first)).toEqual(Array.from({ length: 12 }, (_, index) => (index === 6 ? 'Goodwill gesture' : `Reason ${11 - index}`)));
    const tens = await trail('&auditPageSize=10');
    expect(tens).toMatchObject({ auditPageSize: 10, auditTotal: 12, auditHasMore: true });
    expect(tens.audit).toHaveLength(10);
    expect(await trail('&auditPageSize=10&auditPage=2')).toMatchObject({ auditPage: 2, auditHasMore: false, audit: [{}, {}] });
    expect(reasons(await trail('&auditSort=at&auditDir=asc&auditPageSize=10'))[0]).toBe('Reason 0');

    // Who: by the member's name (recruiter before rewards), the server's own command last either way.
    const byStaff = (await trail('&auditSort=staff&auditDir=asc')).audit.map((row) => row.staffName);
    expect(byStaff).toEqual([...Array(5).fill(recruiterMember.name), ...Array(6).fill(rewardsMember.name), 'Server command']);
    expect((await trail('&auditSort=staff&auditDir=desc')).audit.at(-1)!.staffName).toBe('Server command');
    const byAction = (await trail('&auditSort=action&auditDir=asc')).audit.map((row) => row.action);
    expect(byAction).toEqual([...byAction].sort());
    expect(new Set(byAction)).toEqual(new Set(actions));

    // The filter: the action's words ("Put on the blackList", "Taken off the blackList"), or the reason.
    const blackList = await trail('&auditQ=BLACKLIST');
    expect(blackList.auditTotal).toBe(6);
    expect(new Set(blackList.audit.map((row) => row.action))).toEqual(new Set(['tester.blacklist-on', 'tester.blacklist-off']));
    expect(reasons(await trail('&auditQ=goodwill'))).toEqual(['Goodwill gesture']);
    expect(await trail('&auditQ=viewed')).toMatchObject({ auditTotal: 0, audit: [] });
    expect(await trail('&auditQ=%25')).toMatchObject({ auditTotal: 0, audit: [] });

    const base = `/api/staff/testers/Tester?testerId=${tester.id}`;
    expectFieldError(
      await getWith(testApp.app, `${base}&auditSort=after`, { cookie }),
      'auditSort',
      TABLE_QUERY_TEXTS.sort(AUDIT_TRAIL_SORTS),
    );
    expectFieldError(
      await getWith(testApp.app, `${base}&auditSort=staff_id`, { cookie }),
      'auditSort',
      TABLE_QUERY_TEXTS.sort(AUDIT_TRAIL_SORTS),
    );
    expectFieldError(await getWith(testApp.app, `${base}&auditDir=up`, { cookie }), 'auditDir', TABLE_QUERY_TEXTS.dir);
    expectFieldError(await getWith(testApp.app, `${base}&auditPageSize=7`, { cookie }), 'auditPageSize', TABLE_QUERY_TEXTS.pageSize);
  });

  it('sorts the ledger on a column from its fixed list, filters it on the reason’s words and pages it 25 a page with the total, in the database (decision 136)', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db(), { coins: 0 });
    // 30 daily bonuses, 6 wheel prizes and 2 of a reason with no words of its own ("Coins and experience").
    const reasons = [...Array<string>(30).fill('dailyBonus'), ...Array<string>(6).fill('wheelWin'), 'old-import', 'old-import'];
    await db()
      .insert(coinLedger)
      .values(
        reasons.map((reason, index) => ({
          testerId: tester.id,
          coins: ((index * 7) % 40) + 1,
          reason,
          reference: `table-test-${index}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        })),
      );
    const first = (await page(cookie, tester.id, '&ledgerPageSize=25')).tester!;
    expect(first).toMatchObject({ ledgerPage: 1, ledgerPageSize: 25, ledgerTotal: 38, ledgerHasMore: true });
    expect(first.ledger).toHaveLength(25);
    expect(first.ledger[0]!.reference).toBe('table-test-37');
    const last = (await page(cookie, tester.id, '&ledgerPageSize=25&ledgerPage=2')).tester!;
    expect(last).toMatchObject({ ledgerTotal: 38, ledgerHasMore: false });
    expect(last.ledger).toHaveLength(13);

    const byCoins = (await page(cookie, tester.id, '&ledgerSort=coins&ledgerDir=asc&ledgerPageSize=100')).tester!;
    const coins = byCoins.ledger.map((row) => row.coins);
    expect(coins).toEqual([...coins].sort((a, b) => a - b));
    expect(coins).toHaveLength(38);

    const wheel = (await page(cookie, tester.id, '&ledgerQ=WHEEL')).tester!;
    expect(wheel).toMatchObject({ ledgerTotal: 6, ledgerHasMore: false });
    expect(wheel.ledger.every((row) => row.reasonText === 'Wheel prize')).toBe(true);
    const unnamed = (await page(cookie, tester.id, `&ledgerQ=${encodeURIComponent('coins and')}`)).tester!;
    expect(unnamed.ledger.map((row) => row.reason)).toEqual(['old-import', 'old-import']);
    expect((await page(cookie, tester.id, '&ledgerQ=nothing%20like%20this')).tester).toMatchObject({ ledger: [], ledgerTotal: 0 });

    const base = `/api/staff/testers/Tester?testerId=${tester.id}`;
    expectFieldError(
      await getWith(testApp.app, `${base}&ledgerSort=reference`, { cookie }),
      'ledgerSort',
      TABLE_QUERY_TEXTS.sort(LEDGER_SORTS),
    );
    expectFieldError(await getWith(testApp.app, `${base}&ledgerPageSize=7`, { cookie }), 'ledgerPageSize', TABLE_QUERY_TEXTS.pageSize);
  });
});

describe('coin adjustments', () => {
  it('credit and debit through the ledger with the reason audited; the earnings history names them; a debit below zero records nothing', async () => {
    const { cookie, staff } = await recruiter();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db(), { coins: 50 });
    expect((await post(cookie, 'AdjustCoins', { testerId: tester.id, coins: -30, reason: 'Duplicate payment' })).json()).toEqual({
      status: 'succeed',
      message: STAFF_TESTER_TEXTS.adjusted,
    });
    const refused = await post(cookie, 'AdjustCoins', { testerId: tester.id, coins: -21, reason: 'Too much' });
    expect(refused.json()).toEqual({ status: 'failed', message: STAFF_TESTER_TEXTS.belowZero });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 20, ledgerCoins: 20 });
    expect((await adjustmentsOf(tester.id)).map((row) => row.coins)).toEqual([-30]);
    const audit = await auditOf(tester.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: staff.id, action: 'tester.adjust-coins', before: { coins: 50 } });
    expect(audit[0]!.after).toMatchObject({ coins: 20, change: -30, reason: 'Duplicate payment' });

    const history = await getWith(testApp.app, '/api/reward/GetEarningsHistory?page=1', { cookie: testerCookie });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('Adjusted by Tester Services');

    for (const body of [
      { testerId: tester.id, coins: 0, reason: 'x' },
      { testerId: tester.id, coins: 1.5, reason: 'x' },
      { testerId: tester.id, coins: 5, reason: '  ' },
      { testerId: tester.id, coins: 5, reason: 'a\u0000b' },
    ]) {
      expect((await post(cookie, 'AdjustCoins', body)).statusCode).toBe(400);
    }
    expect(await auditOf(tester.id)).toHaveLength(1);
  });

  it('staff debits racing the tester’s own SpendCoin calls never take the balance below zero', async () => {
    const { cookie } = await recruiter();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db(), { coins: 1000 });
    const reward = await createRewardItem(db(), { coins: 100 });
    const calls = Array.from({ length: 24 }, (_, index) =>
      index % 2 === 0
        ? post(cookie, 'AdjustCoins', { testerId: tester.id, coins: -100, reason: `Race ${index}` }).then((answer) => ({
            who: 'staff',
            answer,
          }))
        : postJson(testApp.app, '/api/reward/SpendCoin', reward.id, { cookie: testerCookie }).then((answer) => ({ who: 'tester', answer })),
    );
    const answers = await Promise.all(calls);
    expect(answers.map(({ answer }) => answer.statusCode)).toEqual(answers.map(() => 200));
    const succeeded = answers.filter(({ answer }) => answer.json().status === 'succeed');
    expect(succeeded).toHaveLength(10);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 0, ledgerCoins: 0 });
    const staffWins = succeeded.filter(({ who }) => who === 'staff').length;
    expect(await adjustmentsOf(tester.id)).toHaveLength(staffWins);
    expect(await auditOf(tester.id)).toHaveLength(staffWins);
  });
});

describe('the blackList flag', () => {
  it('turns on and off with an audit row each; the tester side sees it at once; setting it again changes nothing', async () => {
    const { cookie } = await recruiter();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db());
    const info = async () => (await getWith(testApp.app, '/api/account/GetPKTesterInfo', { cookie: testerCookie })).json().blackList;
    expect(await info()).toBe(false);
    expect((await post(cookie, 'SetBlackList', { testerId: tester.id, blackList: true, reason: 'Abusive calls' })).json()).toEqual({
      status: 'succeed',
      message: STAFF_TESTER_TEXTS.blackListOn,
    });
    expect(await info()).toBe(true);
    expect((await post(cookie, 'SetBlackList', { testerId: tester.id, blackList: true, reason: 'Again' })).json()).toEqual({
      status: 'failed',
      message: STAFF_TESTER_TEXTS.blackListUnchanged,
    });
    expect((await post(cookie, 'SetBlackList', { testerId: tester.id, blackList: false, reason: 'Apologised' })).json().status).toBe(
      'succeed',
    );
    expect(await info()).toBe(false);
    const audit = await auditOf(tester.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['tester.blacklist-off', 'tester.blacklist-on']);
    expect(audit.find((row) => row.action === 'tester.blacklist-on')!.after).toEqual({ blackList: true, reason: 'Abusive calls' });
  });
});

describe('lifting a suspension', () => {
  it('ends the suspension in force with who and why, once', async () => {
    const { cookie, staff } = await recruiter();
    const until = new Date(Date.now() + 90 * 24 * 3600_000);
    const tester = await createTester(db(), { suspendedUntil: until });
    await db()
      .insert(testerSuspensions)
      .values({ testerId: tester.id, reason: 'no-shows', noShows: 2, startsAt: new Date(Date.now() - 3600_000), endsAt: until });
    expect((await search(cookie, tester.email)).testers[0]!.suspendedUntil).toBe(until.toISOString());
    const lifted = await post(cookie, 'LiftSuspension', { testerId: tester.id, reason: 'Car broke down, documented' });
    expect(lifted.json()).toEqual({ status: 'succeed', message: STAFF_TESTER_TEXTS.suspensionLifted });
    const [row] = await db().select().from(testers).where(eq(testers.id, tester.id));
    expect(row!.suspendedUntil).toBeNull();
    const [suspension] = await db().select().from(testerSuspensions).where(eq(testerSuspensions.testerId, tester.id));
    expect(suspension).toMatchObject({ liftedBy: staff.id, liftReason: 'Car broke down, documented' });
    expect((await post(cookie, 'LiftSuspension', { testerId: tester.id, reason: 'Again' })).json()).toEqual({
      status: 'failed',
      message: STAFF_TESTER_TEXTS.notSuspended,
    });
    const audit = await auditOf(tester.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'tester.lift-suspension', before: { suspendedUntil: until.toISOString() } });
    // The tester is told, once, without staff's reason (issue 29).
    const [told, ...more] = await mailsTo(db(), tester.email, 'suspension-lifted');
    expect(more).toHaveLength(0);
    expect(told!.subject).toBe('Your TesterHub account is active again');
    expect(told!.text).toContain('you can see the studies open to you and book them again');
    expect(told!.text).not.toContain('Car broke down');
  });

  it('of two staff lifting at once, one succeeds and one audit row is written', async () => {
    const { cookie } = await recruiter();
    const until = new Date(Date.now() + 90 * 24 * 3600_000);
    const tester = await createTester(db(), { suspendedUntil: until });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => post(cookie, 'LiftSuspension', { testerId: tester.id, reason: `Lift ${index}` })),
    );
    expect(answers.filter((answer) => answer.json().status === 'succeed')).toHaveLength(1);
    expect(await auditOf(tester.id)).toHaveLength(1);
    expect(await mailsTo(db(), tester.email, 'suspension-lifted')).toHaveLength(1);
  });
});

describe('privacy requests', () => {
  it('exports the privacy module’s document as a download, audited', async () => {
    const { cookie } = await recruiter();
    const tester = await createTester(db(), { coins: 15 });
    const answer = await getWith(testApp.app, `/api/staff/testers/Export?testerId=${tester.id}`, { cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="tester-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const document = answer.json();
    expect(document).toMatchObject({ format: 'testerhub-my-data', profile: { id: tester.id } });
    expect(document.coinLedger).toHaveLength(1);
    expect(answer.body).not.toContain(tester.passwordHash);
    expect((await auditOf(tester.id)).map((row) => row.action)).toEqual(['tester.export']);
    const missing = await getWith(testApp.app, '/api/staff/testers/Export?testerId=00000000-0000-4000-8000-000000000000', { cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes through the privacy module only when the username is typed, audited without personal data', async () => {
    const { cookie } = await recruiter();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db(), { coins: 5 });
    const wrong = await post(cookie, 'Delete', { testerId: tester.id, confirmation: 'someone-else', reason: 'Asked by phone' });
    expect(wrong.json()).toEqual({ status: 'failed', message: STAFF_TESTER_TEXTS.confirmationWrong });
    expect(await db().select().from(testers).where(eq(testers.id, tester.id))).toHaveLength(1);

    const done = await post(cookie, 'Delete', {
      testerId: tester.id,
      confirmation: tester.username.toUpperCase(),
      reason: 'Asked by phone',
    });
    expect(done.json()).toEqual({ status: 'succeed', message: STAFF_TESTER_TEXTS.deleted });
    expect(await db().select().from(testers).where(eq(testers.id, tester.id))).toHaveLength(0);
    expect((await getWith(testApp.app, '/api/account/GetPKTesterInfo', { cookie: testerCookie })).statusCode).toBe(401);
    const audit = await auditOf(tester.id);
    expect(audit.map((row) => row.action)).toEqual(['tester.delete']);
    expect(JSON.stringify(audit[0])).not.toContain(tester.email);
    expect((await post(cookie, 'Delete', { testerId: tester.id, confirmation: tester.username, reason: 'Again' })).json()).toEqual({
      status: 'failed',
      message: STAFF_TESTER_TEXTS.testerUnknown,
    });
  });
});
