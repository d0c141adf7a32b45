import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { OUR_PAGE } from '../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createBooking,
  createLoggedInTester,
  createScreener,
  createStudy,
  createTester,
} from '../../../test/factories.ts';
import { createFakeClock } from '../../core/clock.ts';
import {
  coinLedger,
  externalScreenerTokens,
  screenerHosts,
  screenerQuotas,
  screenings,
  studies,
  studyWaitingList,
} from '../../core/db/schema.ts';
import { resultRows } from '../../core/db/client.ts';
import { hashToken } from '../../core/security/tokens.ts';
import { bookings } from '../scheduling/scheduling-tables.ts';
import { upcomingBookingOfSql } from '../scheduling/scheduling-service.ts';
import { createScreeningRepository, screenedInStudySql } from './screening-repository.ts';
import { SCREENER_TEXTS } from '@testerhub/shared/study-rules';
import { ANSWER_TEXTS } from './screener-rules.ts';
import { verifyStudyLinkData } from './study-link-token.ts';

/**
 * The click on a study (DoScreeners) and the hosted screener's calls (issue 9, sections 2 and 3;
 * decision 017): every outcome with its exact texts, credit once, bad input (400, field named),
 * and concurrency (a quota never over-fills; one tester is credited once).
 */
const STUDY_LINK_SECRET = 'study-link-secret-for-tests-0123456789';
const clock = createFakeClock('2026-01-15T12:00:00Z');

const testApp = useTestApp({ clock, env: { STUDY_LINK_SECRET } });
beforeAll(async () => {
  await testApp.database.db.insert(screenerHosts).values({ host: 'surveys.testerhub.example' }).onConflictDoNothing();
});

const db = () => testApp.database.db;

function call(method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, body?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie, ...OUR_PAGE, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}
const doScreeners = (cookie: string, body: unknown) => call('POST', '/api/schedule/DoScreeners', cookie, body);
const complete = (cookie: string, studyNo: number, answers: unknown) =>
  call('POST', `/api/screener/${studyNo}/complete`, cookie, { answers });

/** A hosted study with a screener: sex (f/m), age (number 13-120, under 18 disqualifies), pet (dog, or none: disqualifies), breed (text, shown for dog). */
async function hostedStudy(overrides: Parameters<typeof createStudy>[1] = {}, quotas?: Parameters<typeof createScreener>[1]['quotas']) {
  const study = await createStudy(db(), { coinValue: 50, screeningExp: 15, ...overrides });
  const ids = await createScreener(db(), {
    studyNo: study.studyNo,
    questions: [
      {
        key: 'sex',
        kind: 'single',
        prompt: 'Are you…',
        options: [
          { key: 'f', label: 'Female' },
          { key: 'm', label: 'Male' },
        ],
      },
      { key: 'age', kind: 'number', prompt: 'Your age?', minValue: 13, maxValue: 120, qualifyMin: 18 },
      {
        key: 'pet',
        kind: 'single',
        prompt: 'Do you have a pet?',
        options: [
          { key: 'dog', label: 'A dog' },
          { key: 'cat', label: 'A cat' },
          { key: 'bird', label: 'A bird' },
          { key: 'fish', label: 'A fish' },
          { key: 'none', label: 'No pet', disqualifies: true },
        ],
      },
      { key: 'breed', kind: 'text', prompt: 'Which breed?', maxLength: 20, showIf: { question: 'pet', options: ['dog'] } },
    ],
    quotas,
  });
  const passing = (sex: 'f' | 'm' = 'f', age = 30) => ({
    [ids.question('sex')]: ids.option('sex', sex),
    [ids.question('age')]: age,
    [ids.question('pet')]: ids.option('pet', 'cat'),
  });
  return { study, ids, passing };
}

async function screenerRewards(testerId: string) {
  return db()
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, 'screener')));
}

describe('POST /api/schedule/DoScreeners', () => {
  it('sends a hosted study to the screener page', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study } = await hostedStudy();
    const response = await doScreeners(cookie, { StudyNo: study.studyNo, ScreenerType: 'Online' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed', redirectLink: `/community/main/screener/${study.studyNo}` });
  });

  it('sends an outside-tool study to its address with a single-use token, keeping only its hash', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const study = await createStudy(db(), { screenerKind: 'external', externalUrl: 'https://surveys.testerhub.example/s/42?src=th' });
    const first = (await doScreeners(cookie, { StudyNo: study.studyNo, ScreenerType: 'Online' })).json();
    expect(first.status).toBe('succeed');
    const url = new URL(first.redirectLink);
    expect(`${url.origin}${url.pathname}`).toBe('https://surveys.testerhub.example/s/42');
    expect(url.searchParams.get('src')).toBe('th');
    const token = url.searchParams.get('tk')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await db().select().from(externalScreenerTokens).where(eq(externalScreenerTokens.studyNo, study.studyNo));
    expect(rows).toEqual([
      { tokenHash: hashToken(token), testerId: tester.id, studyNo: study.studyNo, createdAt: clock.now(), usedAt: null },
    ]);
    const second = (await doScreeners(cookie, { StudyNo: study.studyNo, ScreenerType: 'Online' })).json();
    expect(new URL(second.redirectLink).searchParams.get('tk')).not.toBe(token);
  });

  it('refuses an outside address whose host is not on the allow-list (checked again at the redirect)', async () => {
    const { cookie } = await createLoggedInTester(db());
    const study = await createStudy(db(), { screenerKind: 'external', externalUrl: 'https://elsewhere.example/s/1' });
    expect((await doScreeners(cookie, { StudyNo: study.studyNo, ScreenerType: 'Online' })).json()).toEqual({
      status: 'failed',
      message: SCREENER_TEXTS.notAvailable,
    });
  });

  it("answers 'Screener Failed - 102' for a study whose recruit target is reached", async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study } = await hostedStudy({ recruitTarget: 3, qualifiedCount: 3 });
    expect((await doScreeners(cookie, { StudyNo: study.studyNo, ScreenerType: 'Online' })).json()).toEqual({
      status: 'Screener Failed - 102',
      message: SCREENER_TEXTS.full,
    });
  });

  it('answers failed for a closed, unknown, too-young or already screened study', async () => {
    const { tester, cookie } = await createLoggedInTester(db(), { birthDate: '2000-01-01' });
    const closed = await createStudy(db(), { closesAt: new Date('2026-01-15T11:00:00Z') });
    const older = await createStudy(db(), { minimumAge: 30 });
    const screened = await createStudy(db());
    await db().insert(screenings).values({ testerId: tester.id, studyNo: screened.studyNo, status: 'qualified', startedAt: clock.now() });
    for (const studyNo of [closed.studyNo, older.studyNo, screened.studyNo, 999_999]) {
      expect((await doScreeners(cookie, { StudyNo: studyNo, ScreenerType: 'Online' })).json()).toEqual({
        status: 'failed',
        message: SCREENER_TEXTS.notAvailable,
      });
    }
  });

  it.each([
    [{ StudyNo: 'x', ScreenerType: 'Online' }, 'StudyNo'],
    [{ StudyNo: 1.5, ScreenerType: 'Online' }, 'StudyNo'],
    [{ StudyNo: 0, ScreenerType: 'Online' }, 'StudyNo'],
    [{ StudyNo: 1 }, 'ScreenerType'],
    [{ StudyNo: 1, ScreenerType: 'Offline' }, 'ScreenerType'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const { cookie } = await createLoggedInTester(db());
    const response = await doScreeners(cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});

describe('GET /api/screener/<studyNo>', () => {
  it('gives the questions, the options in order and no answers yet', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study, ids } = await hostedStudy();
    const response = await call('GET', `/api/screener/${study.studyNo}`, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ studyNo: study.studyNo, title: study.studyBasicInfo, colorName: 'blue', coinValue: 50, answers: {} });
    expect(body.status).toBe('inProgress');
    expect(body.questions.map((question: { id: number }) => question.id)).toEqual(['sex', 'age', 'pet', 'breed'].map(ids.question));
    expect(body.questions[1]).toEqual({
      id: ids.question('age'),
      kind: 'number',
      prompt: 'Your age?',
      required: true,
      minValue: 13,
      maxValue: 120,
      showIf: null,
      options: [],
    });
    expect(body.questions[3].showIf).toEqual({ questionId: ids.question('pet'), optionIds: [ids.option('pet', 'dog')] });
    expect(body.questions[2].options.map((option: { label: string }) => option.label)).toEqual([
      'A dog',
      'A cat',
      'A bird',
      'A fish',
      'No pet',
    ]);
  });

  it('shuffles options per tester where the study asks, the same order every time for that tester', async () => {
    const { study } = await hostedStudy({ shuffleOptions: true });
    const orders = new Set<string>();
    for (let index = 0; index < 4; index += 1) {
      const { cookie } = await createLoggedInTester(db());
      const order = async () =>
        (await call('GET', `/api/screener/${study.studyNo}`, cookie))
          .json()
          .questions[2].options.map((o: { id: number }) => o.id)
          .join();
      const first = await order();
      expect(await order()).toBe(first);
      orders.add(first);
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('answers 404 notFound for an outside-tool study, a closed one, an unknown one, and after completion', async () => {
    const { cookie } = await createLoggedInTester(db());
    const external = await createStudy(db(), { screenerKind: 'external', externalUrl: 'https://surveys.testerhub.example/s/1' });
    const { study: closed } = await hostedStudy({ closesAt: new Date('2026-01-01T00:00:00Z') });
    const { study: done, passing } = await hostedStudy();
    expect((await complete(cookie, done.studyNo, passing())).statusCode).toBe(200);
    for (const studyNo of [external.studyNo, closed.studyNo, done.studyNo, 999_999]) {
      const response = await call('GET', `/api/screener/${studyNo}`, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'notFound' });
    }
  });

  it('answers 400 for a study number that is not one', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const studyNo of ['abc', '0', '1.5', '99999999999']) {
      const response = await call('GET', `/api/screener/${studyNo}`, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('studyNo');
    }
  });
});

describe('PUT /api/screener/<studyNo>/answers', () => {
  it('keeps progress, which the screener gives back when the tester returns', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study, ids } = await hostedStudy();
    const partial = { [ids.question('sex')]: ids.option('sex', 'm') };
    expect((await call('PUT', `/api/screener/${study.studyNo}/answers`, cookie, { answers: partial })).json()).toEqual({ status: 'saved' });
    const later = { ...partial, [ids.question('age')]: 44 };
    expect((await call('PUT', `/api/screener/${study.studyNo}/answers`, cookie, { answers: later })).statusCode).toBe(200);
    expect((await call('GET', `/api/screener/${study.studyNo}`, cookie)).json().answers).toEqual({
      [ids.question('sex')]: ids.option('sex', 'm'),
      [ids.question('age')]: 44,
    });
  });

  it('answers 400 invalid naming the answer that breaks its rule', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study, ids } = await hostedStudy();
    const response = await call('PUT', `/api/screener/${study.studyNo}/answers`, cookie, { answers: { [ids.question('age')]: 200 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'invalid', field: `answers.${ids.question('age')}`, message: ANSWER_TEXTS.above(120) });
  });

  it.each([
    [{}, 'answers'],
    [{ answers: 'x' }, 'answers'],
    [{ answers: { abc: 1 } }, 'answers'],
    [{ answers: { 1: { nested: true } } }, 'answers.1'],
  ])('answers 400 for a body of the wrong shape %j', async (body, field) => {
    const { cookie } = await createLoggedInTester(db());
    const { study } = await hostedStudy();
    const response = await call('PUT', `/api/screener/${study.studyNo}/answers`, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
  });

  it('answers 404 for a study the tester may not take', async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await call('PUT', '/api/screener/999999/answers', cookie, { answers: {} })).statusCode).toBe(404);
  });
});

describe('POST /api/screener/<studyNo>/complete', () => {
  it('qualifies: the self-schedule address with the study GUID, the tester and signed data; credit paid once', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy({ recruitTarget: 5 });
    const response = await complete(cookie, study.studyNo, passing());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ outcome: 'qualified', coins: 50, exp: 15 });
    const link = new URL(body.redirectLink, 'http://localhost');
    expect(link.pathname).toBe('/community/main/schedule/self');
    expect(link.searchParams.get('s')).toBe(study.guid);
    expect(link.searchParams.get('t')).toBe(tester.id);
    expect(verifyStudyLinkData(link.searchParams.get('d')!, STUDY_LINK_SECRET)).toEqual({
      testerId: tester.id,
      studyNo: study.studyNo,
      quotaId: null,
      issuedAt: Math.floor(clock.nowMs() / 1000),
    });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 50, exp: 15, ledgerCoins: 50, ledgerExp: 15 });
    expect((await screenerRewards(tester.id)).map((entry) => entry.reference)).toEqual([String(study.studyNo)]);
    const [row] = await db().select().from(screenings).where(eq(screenings.testerId, tester.id));
    expect(row).toMatchObject({ status: 'qualified', answers: passing(), completedAt: clock.now() });
    const [counted] = await db().select().from(studies).where(eq(studies.studyNo, study.studyNo));
    expect(counted!.qualifiedCount).toBe(1);
  });

  it('refuses a second completion (404) and pays nothing more', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy();
    expect((await complete(cookie, study.studyNo, passing())).json().outcome).toBe('qualified');
    const again = await complete(cookie, study.studyNo, passing());
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 'notFound' });
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(50);
  });

  it('disqualifies with a kind thank-you that does not say why, and pays nothing', async () => {
    for (const change of ['pet', 'age'] as const) {
      const { tester, cookie } = await createLoggedInTester(db());
      const { study, ids, passing } = await hostedStudy();
      const answers = change === 'pet' ? { ...passing(), [ids.question('pet')]: ids.option('pet', 'none') } : passing('f', 17);
      const body = (await complete(cookie, study.studyNo, answers)).json();
      expect(body).toEqual({ outcome: 'disqualified', message: SCREENER_TEXTS.disqualified });
      expect(body.message).not.toMatch(/pet|age|because/i);
      expect((await balanceAndLedger(db(), tester.id)).entries).toBe(0);
      const [row] = await db().select().from(screenings).where(eq(screenings.testerId, tester.id));
      expect(row!.status).toBe('disqualified');
    }
  });

  it('puts the tester on the waiting list of a waiting-list study, with credit', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy({ isWaitingList: true });
    expect((await complete(cookie, study.studyNo, passing())).json()).toEqual({
      outcome: 'waitlisted',
      message: SCREENER_TEXTS.waitlisted,
      coins: 50,
      exp: 15,
    });
    const waiting = await db().select().from(studyWaitingList).where(eq(studyWaitingList.studyNo, study.studyNo));
    expect(waiting).toEqual([
      {
        id: expect.any(Number),
        studyNo: study.studyNo,
        testerId: tester.id,
        childId: null,
        reason: 'screener',
        groupIds: [],
        addedAt: clock.now(),
      },
    ]);
  });

  it("answers 'Screener Failed - 102' when the tester's quota is full, without credit", async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy({}, [
      { name: 'Women', capacity: 1, filled: 1, conditions: [{ question: 'sex', options: ['f'] }] },
      { name: 'Men', capacity: 5, conditions: [{ question: 'sex', options: ['m'] }] },
    ]);
    expect((await complete(cookie, study.studyNo, passing('f'))).json()).toEqual({
      outcome: 'full',
      status: 'Screener Failed - 102',
      message: SCREENER_TEXTS.full,
    });
    expect((await balanceAndLedger(db(), tester.id)).entries).toBe(0);
    const other = await createLoggedInTester(db());
    expect((await complete(other.cookie, study.studyNo, passing('m'))).json().outcome).toBe('qualified');
  });

  it('disqualifies an answer that matches none of the quotas', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy({}, [{ name: '40+', capacity: 5, conditions: [{ question: 'age', minValue: 40 }] }]);
    expect((await complete(cookie, study.studyNo, passing('f', 39))).json().outcome).toBe('disqualified');
  });

  it("answers 'Screener Failed - 101' with credit when the tester has an upcoming booking; a past one does not count", async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy();
    const other = await createStudy(db());
    await createBooking(db(), { testerId: tester.id, studyNo: other.studyNo, startsAt: new Date('2026-01-10T15:00:00Z') });
    await createBooking(db(), {
      testerId: tester.id,
      studyNo: other.studyNo,
      startsAt: new Date('2026-01-20T15:00:00Z'),
      status: 'cancelled',
    });
    const { study: second, passing: passingSecond } = await hostedStudy();
    expect((await complete(cookie, second.studyNo, passingSecond())).json().outcome).toBe('qualified');

    const third = await createStudy(db());
    await createBooking(db(), { testerId: tester.id, studyNo: third.studyNo, startsAt: new Date('2026-01-15T12:00:01Z') });
    expect((await complete(cookie, study.studyNo, passing())).json()).toEqual({
      outcome: 'alreadyScheduled',
      status: 'Screener Failed - 101',
      message: SCREENER_TEXTS.alreadyScheduled,
      coins: 50,
      exp: 15,
    });
    const [counted] = await db().select().from(studies).where(eq(studies.studyNo, study.studyNo));
    expect(counted!.qualifiedCount).toBe(0);
  });

  it('opens a 101 screener again once the booking is over: listed, answers kept, qualified, invitable, credited once (issue 29)', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy();
    const other = await createStudy(db());
    const booking = await createBooking(db(), { testerId: tester.id, studyNo: other.studyNo, startsAt: new Date('2026-01-20T15:00:00Z') });
    const listed = async () =>
      ((await call('GET', '/api/schedule/GetScreeners', cookie)).json() as { screenerStudyNo: number }[]).some(
        (screener) => screener.screenerStudyNo === study.studyNo,
      );
    const invitable = async () => {
      const rows = await testApp.database.db.execute(
        sql`select 1 from (${screenedInStudySql(study.studyNo)}) screened where tester_id = ${tester.id}`,
      );
      return resultRows(rows).length === 0;
    };
    const reopen = () =>
      createScreeningRepository(db()).reopenAfterBookings((testerId, childId) => upcomingBookingOfSql(testerId, childId, clock.now()));

    expect((await complete(cookie, study.studyNo, passing())).json().outcome).toBe('alreadyScheduled');
    expect(await listed()).toBe(false);
    expect(await invitable()).toBe(false);
    // Still booked: the 101 holds. A booking of another tester does not count.
    await createBooking(db(), {
      testerId: (await createTester(db())).id,
      studyNo: other.studyNo,
      startsAt: new Date('2026-01-21T15:00:00Z'),
    });
    expect(await reopen()).toBe(0);
    expect(await listed()).toBe(false);

    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    expect(await reopen()).toBe(1);
    expect(await listed()).toBe(true);
    expect(await invitable()).toBe(true);
    const screener = (await call('GET', `/api/screener/${study.studyNo}`, cookie)).json();
    expect(screener.answers).toEqual(passing());
    const again = (await complete(cookie, study.studyNo, passing())).json();
    expect(again).toMatchObject({ outcome: 'qualified', coins: 0, exp: 0 });
    expect(await screenerRewards(tester.id)).toHaveLength(1);
    expect(await reopen()).toBe(0);
  });

  it('answers 400 invalid naming a missing required answer, and counts only shown questions', async () => {
    const { cookie } = await createLoggedInTester(db());
    const { study, ids, passing } = await hostedStudy();
    const withDog = { ...passing(), [ids.question('pet')]: ids.option('pet', 'dog') };
    const missing = await complete(cookie, study.studyNo, withDog);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 'invalid', field: `answers.${ids.question('breed')}`, message: ANSWER_TEXTS.required });
    // The breed question is hidden for a cat: its answer is dropped, not refused.
    const hidden = await complete(cookie, study.studyNo, { ...passing(), [ids.question('breed')]: 'Poodle' });
    expect(hidden.json().outcome).toBe('qualified');
  });
});

describe('concurrency', () => {
  it('qualifies exactly Q of 3Q simultaneous qualifying completions for a quota of Q; the rest get 102', async () => {
    const Q = 4;
    const { study, passing } = await hostedStudy({}, [{ name: 'Everyone', capacity: Q, conditions: [{ question: 'age', minValue: 18 }] }]);
    const testers = await Promise.all(Array.from({ length: 3 * Q }, () => createLoggedInTester(db())));
    const responses = await Promise.all(testers.map(({ cookie }) => complete(cookie, study.studyNo, passing())));
    const outcomes = responses.map((response) => response.json().outcome);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(outcomes.filter((outcome) => outcome === 'qualified')).toHaveLength(Q);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(2 * Q);
    const [quota] = await db().select().from(screenerQuotas).where(eq(screenerQuotas.studyNo, study.studyNo));
    expect(quota!.filled).toBe(Q);
  });

  it('qualifies exactly the recruit target under simultaneous completions', async () => {
    const { study, passing } = await hostedStudy({ recruitTarget: 3 });
    const testers = await Promise.all(Array.from({ length: 9 }, () => createLoggedInTester(db())));
    const responses = await Promise.all(testers.map(({ cookie }) => complete(cookie, study.studyNo, passing())));
    expect(responses.filter((response) => response.json().outcome === 'qualified')).toHaveLength(3);
    const [counted] = await db().select().from(studies).where(eq(studies.studyNo, study.studyNo));
    expect(counted!.qualifiedCount).toBe(3);
  });

  it('credits one tester once for 20 simultaneous completions', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, passing } = await hostedStudy();
    const responses = await Promise.all(Array.from({ length: 20 }, () => complete(cookie, study.studyNo, passing())));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 404)).toHaveLength(19);
    expect(await screenerRewards(tester.id)).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 50, exp: 15, ledgerCoins: 50, entries: 1 });
  });
});
