import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_SIZE, LEADERBOARD_TYPES } from '@testerhub/shared/leaderboard-schemas';
import { nameTag, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createLoggedInTester,
  createRewardItem,
  createScreener,
  createStudy,
  createTester,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { leaderboardMonths, screenerHosts } from '../../core/db/schema.ts';
import { createLeaderboardRepository } from './leaderboard-repository.ts';

/**
 * The leaderboard (spec 3, "Leaderboard", sections 3 and 7; decision 039): GetRankerList's shape,
 * the month's top ten by each counter, the company month's boundary, and the counters moved by a
 * spend through the ledger, a referral and a finished screener, exactly also under 64 at once.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the calls really overlap.
 */

// Noon in Chicago on 14 January 2026 (UTC-6): the seeded demo counters are in another month.
const clock = createFakeClock('2026-01-14T18:00:00Z');
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });
beforeAll(async () => {
  await db().insert(screenerHosts).values({ host: 'surveys.testerhub.example' }).onConflictDoNothing();
});

const rankerList = (cookie?: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/leaderboard/GetRankerList', headers: { ...(cookie ? { cookie } : {}), ...OUR_PAGE } });
const board = async (cookie: string) => {
  const answer = await rankerList(cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const spend = (cookie: string, itemNo: number) => postJson(testApp.app, '/api/reward/SpendCoin', itemNo, { cookie, headers: OUR_PAGE });
let friendCounter = 0;
const refer = (cookie: string) => {
  friendCounter += 1;
  return postJson(
    testApp.app,
    '/api/account/UpdateReferralList',
    {
      firstname: 'Fred',
      lastname: `Friend${nameTag(friendCounter)}`,
      age: '34',
      emailAddress: `board${friendCounter}.${process.pid}@friends.example.test`,
      phoneNumber: `872${String(process.pid % 1000).padStart(3, '0')}${String(friendCounter).padStart(4, '0')}`,
    },
    { cookie, headers: OUR_PAGE },
  );
};
const countsOf = async (testerId: string) =>
  db()
    .select({
      month: leaderboardMonths.month,
      spent: leaderboardMonths.spentCoins,
      referrals: leaderboardMonths.referrals,
      screeners: leaderboardMonths.screeners,
    })
    .from(leaderboardMonths)
    .where(eq(leaderboardMonths.testerId, testerId));

describe('GET /api/leaderboard/GetRankerList', () => {
  it('answers 401 without a session', async () => {
    expect((await rankerList()).statusCode).toBe(401);
  });

  it("answers the tester's figures (zero at first) and the three lists", async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { avatarFile: 'avatar-03.svg' });
    const answer = await board(cookie);
    expect(answer.myInfo).toEqual({
      imageSrc: '/media/avatars/avatar-03.svg',
      username: tester.username,
      spendCoins: 0,
      referralCount: 0,
      attendScreen: 0,
    });
    expect(Object.keys(answer).sort()).toEqual(['attendRankers', 'coinRankers', 'myInfo', 'referralRankers']);
  });

  it('ranks each list highest first, ten long, each item with its type, name, picture and amount; nobody at zero', async () => {
    const month = '2026-01-01';
    const ranked: Awaited<ReturnType<typeof createTester>>[] = [];
    for (let index = 0; index < LEADERBOARD_SIZE + 2; index += 1) {
      const tester = await createTester(db(), { avatarFile: `avatar-0${(index % 9) + 1}.svg` });
      ranked.push(tester);
      // Spent: 1000, 990, ...; referrals: the reverse order; screeners only for the first three.
      await db()
        .insert(leaderboardMonths)
        .values({
          testerId: tester.id,
          month,
          spentCoins: 1000 - index * 10,
          referrals: 100 + index,
          screeners: index < 3 ? 50 + index : 0,
        });
    }
    const { cookie } = await createLoggedInTester(db());
    const answer = await board(cookie);
    expect(answer.coinRankers).toHaveLength(LEADERBOARD_SIZE);
    expect(answer.coinRankers.map((row: { username: string }) => row.username)).toEqual(
      ranked.slice(0, LEADERBOARD_SIZE).map((t) => t.username),
    );
    expect(answer.coinRankers[0]).toEqual({
      type: LEADERBOARD_TYPES.coins,
      username: ranked[0]!.username,
      imageSrc: '/media/avatars/avatar-01.svg',
      amount: 1000,
    });
    expect(answer.referralRankers.map((row: { amount: number }) => row.amount)).toEqual(
      Array.from({ length: LEADERBOARD_SIZE }, (_, index) => 111 - index),
    );
    expect(answer.referralRankers[0]).toMatchObject({ type: LEADERBOARD_TYPES.referrals, username: ranked[11]!.username });
    expect(answer.attendRankers).toEqual(
      [2, 1, 0].map((index) => ({
        type: LEADERBOARD_TYPES.screeners,
        username: ranked[index]!.username,
        imageSrc: `/media/avatars/avatar-0${index + 1}.svg`,
        amount: 50 + index,
      })),
    );
    await db().delete(leaderboardMonths).where(eq(leaderboardMonths.month, month));
  });
});

describe('the counters', () => {
  it('a spend through the ledger (SpendCoin) adds its coins to Deep Pockets; a refused spend adds nothing', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 250 });
    const reward = await createRewardItem(db(), { coins: 100 });
    for (let spent = 0; spent < 3; spent += 1) await spend(cookie, reward.id);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 50 });
    const answer = await board(cookie);
    expect(answer.myInfo).toMatchObject({ spendCoins: 200, referralCount: 0, attendScreen: 0 });
    expect(answer.coinRankers).toContainEqual(expect.objectContaining({ username: tester.username, amount: 200 }));
    expect(await countsOf(tester.id)).toEqual([{ month: '2026-01-01', spent: 200, referrals: 0, screeners: 0 }]);
  });

  it('a referral made adds one to Referral Pro; a refused one (Exist user) adds nothing', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    expect((await refer(cookie)).json()).toEqual({ status: 'succeed' });
    expect((await refer(cookie)).json()).toEqual({ status: 'succeed' });
    // Someone already referred (by this tester's first referral): 'Exist user' (decision 075).
    const existing = await postJson(
      testApp.app,
      '/api/account/UpdateReferralList',
      {
        firstname: 'Ann',
        lastname: 'Other',
        age: '40',
        emailAddress: `board${friendCounter}.${process.pid}@friends.example.test`,
        phoneNumber: '8725550000',
      },
      { cookie, headers: OUR_PAGE },
    );
    expect(existing.json()).toEqual({ status: 'existUser' });
    const answer = await board(cookie);
    expect(answer.myInfo).toMatchObject({ spendCoins: 0, referralCount: 2, attendScreen: 0 });
    expect(answer.referralRankers).toContainEqual({
      type: LEADERBOARD_TYPES.referrals,
      username: tester.username,
      imageSrc: expect.any(String),
      amount: 2,
    });
  });

  it('a finished screener adds one to Screener Wizard, whatever its outcome, and once', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const questionnaire = async () => {
      const study = await createStudy(db(), { coinValue: 20, screeningExp: 5 });
      const ids = await createScreener(db(), {
        studyNo: study.studyNo,
        questions: [{ key: 'age', kind: 'number', prompt: 'Your age?', minValue: 13, maxValue: 120, qualifyMin: 18 }],
      });
      return { studyNo: study.studyNo, answers: (age: number) => ({ [ids.question('age')]: age }) };
    };
    const complete = (studyNo: number, answers: unknown) =>
      postJson(testApp.app, `/api/screener/${studyNo}/complete`, { answers }, { cookie, headers: OUR_PAGE });
    const first = await questionnaire();
    expect((await complete(first.studyNo, first.answers(30))).json().outcome).toBe('qualified');
    expect((await complete(first.studyNo, first.answers(30))).statusCode).toBe(404);
    const second = await questionnaire();
    expect((await complete(second.studyNo, second.answers(15))).json().outcome).toBe('disqualified');
    const answer = await board(cookie);
    expect(answer.myInfo).toMatchObject({ attendScreen: 2 });
    expect(answer.attendRankers).toContainEqual(expect.objectContaining({ username: tester.username, amount: 2 }));
  });

  it("counts in the company's month: the last minutes of 31 January are January's, then February starts empty", async () => {
    clock.set('2026-02-01T05:50:00Z'); // 23:50 on 31 January in Chicago
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 100 });
    const reward = await createRewardItem(db(), { coins: 40 });
    await spend(cookie, reward.id);
    expect((await board(cookie)).myInfo.spendCoins).toBe(40);
    clock.set('2026-02-01T06:10:00Z'); // 00:10 on 1 February
    const february = await board(cookie);
    expect(february.myInfo.spendCoins).toBe(0);
    expect(february.coinRankers).toEqual([]);
    await spend(cookie, reward.id);
    expect((await board(cookie)).myInfo.spendCoins).toBe(40);
    expect((await countsOf(tester.id)).sort((a, b) => a.month.localeCompare(b.month))).toEqual([
      { month: '2026-01-01', spent: 40, referrals: 0, screeners: 0 },
      { month: '2026-02-01', spent: 40, referrals: 0, screeners: 0 },
    ]);
    clock.set('2026-01-14T18:00:00Z');
  });
});

describe('under concurrency', () => {
  it('64 simultaneous spends by one tester and 64 by different testers leave the counters exact', async () => {
    const reward = await createRewardItem(db(), { coins: 3 });
    const { tester, cookie } = await createLoggedInTester(db(), { coins: 3 * 64 });
    const many = await Promise.all(Array.from({ length: 8 }, () => createLoggedInTester(db(), { coins: 3 * 8 })));
    const answers = await Promise.all([
      ...Array.from({ length: 64 }, () => spend(cookie, reward.id)),
      ...many.flatMap(({ cookie: theirs }) => Array.from({ length: 8 }, () => spend(theirs, reward.id))),
    ]);
    expect(answers.every((answer) => answer.statusCode === 200 && answer.json().status === 'succeed')).toBe(true);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 0, ledgerCoins: 0 });
    expect(await countsOf(tester.id)).toEqual([{ month: '2026-01-01', spent: 192, referrals: 0, screeners: 0 }]);
    for (const other of many) expect((await countsOf(other.tester.id))[0]).toMatchObject({ spent: 24 });
  });

  it('simultaneous referrals count exactly those made (the monthly cap of 10 holds)', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const answers = await Promise.all(Array.from({ length: 64 }, () => refer(cookie)));
    const made = answers.filter((answer) => answer.json().status === 'succeed').length;
    expect(made).toBe(10);
    expect(await countsOf(tester.id)).toEqual([{ month: '2026-01-01', spent: 0, referrals: 10, screeners: 0 }]);
  });
});

describe('at scale', () => {
  it("reads a top ten in its index's order, with no sort of the month (decision 039)", async () => {
    for (const counter of ['spentCoins', 'referrals', 'screeners'] as const) {
      const query = createLeaderboardRepository(db()).top('2026-03-01', counter, 10) as unknown as {
        toSQL(): { sql: string; params: unknown[] };
      };
      const { sql: text, params } = query.toSQL();
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
        const value = params[Number(n) - 1];
        return typeof value === 'string' ? `'${value}'` : String(value);
      });
      const plan = await db().transaction(async (tx) => {
        // As with a million rows: the planner may not pick a sequential scan of this small table.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        // A sort only when no index gives the order (the mistake this test guards against).
        await tx.execute(sql`set local enable_sort = off`);
        const explained = await tx.execute(sql.raw(`explain ${inlined}`));
        return (explained as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan using leaderboard_months_/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
