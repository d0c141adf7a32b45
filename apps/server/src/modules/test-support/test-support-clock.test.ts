import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { GOLD_CARD_DRAWING_CRON, GOLD_CARD_DRAWING_JOB, NO_SHOW_SWEEP_CRON, NO_SHOW_SWEEP_JOB, buildApp } from '../../app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { SCREENING_REOPEN_JOB } from '../screening/screening-plugin.ts';
import { ConfigError, loadConfig } from '../../core/config/env.ts';
import { bookings, coinLedger, emailOutbox, goldCardDrawings, sessions } from '../../core/db/schema.ts';

/**
 * The fake-clock listener's test-support routes (decision 042): /test-support/clock sets and moves
 * the clock every service of that app reads; /test-support/scheduled-job runs a scheduled job's own
 * work, only in a minute its schedule fires. Neither exists on an app without a settable clock.
 */

const SECRET = 'test-support-secret-of-at-least-32-characters';
const HEADER = 'x-test-support-secret';
const local = { TEST_SUPPORT_SECRET: SECRET, HOST: '127.0.0.1' };

const post = (testApp: TestApp, url: string, payload: unknown, headers: Record<string, string> = { [HEADER]: SECRET }) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object, headers });

// 2030-03-06 is a Wednesday; Chicago is on daylight time (UTC-5) from 2030-03-10.
const WEDNESDAY = '2030-03-06T18:00:00.000Z';
const MONDAY_0005_CHICAGO = '2030-03-11T05:05:00.000Z';
const MONDAY_0005_UTC = '2030-03-11T00:05:00.000Z'; // Sunday 19:05 in Chicago

describe('the main listener (no settable clock)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: local });
  });
  afterAll(() => testApp.close());

  it('has no clock or scheduled-job route: 404 even with the secret', async () => {
    expect((await post(testApp, '/api/test-support/clock', { at: WEDNESDAY })).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/scheduled-job', { name: GOLD_CARD_DRAWING_JOB })).statusCode).toBe(404);
    // The old shortcuts are gone: time is moved, not written into the tables.
    expect((await post(testApp, '/api/test-support/daily-bonus', {})).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/gold-card-drawing', {})).statusCode).toBe(404);
  });
});

describe('the fake-clock listener', () => {
  const clock = createFakeClock(WEDNESDAY);
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: local, settableClock: clock });
  });
  afterAll(() => testApp.close());

  const sessionOf = async (testerId: string) => {
    const session = (await post(testApp, '/api/test-support/session', { testerId })).json() as { cookie: { name: string; value: string } };
    return `${session.cookie.name}=${session.cookie.value}`;
  };
  const loggedIn = async () => {
    const tester = (await post(testApp, '/api/test-support/tester', { coins: 500 })).json() as { testerId: string };
    return { testerId: tester.testerId, cookie: await sessionOf(tester.testerId) };
  };
  const call = async (url: string, cookie: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie, 'x-requested-with': 'TesterHub' } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('refuses both routes without the secret (403), and bad bodies with 400', async () => {
    for (const url of ['/api/test-support/clock', '/api/test-support/scheduled-job']) {
      expect((await post(testApp, url, {}, {})).statusCode).toBe(403);
      expect((await post(testApp, url, {}, { [HEADER]: `${SECRET}x` })).statusCode).toBe(403);
    }
    for (const body of [{ at: 'tomorrow' }, { at: '2030-03-06' }, { advanceMs: -1 }, { advanceMs: 1.5 }, { at: WEDNESDAY, advanceMs: 1 }]) {
      expect((await post(testApp, '/api/test-support/clock', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(testApp, '/api/test-support/scheduled-job', {})).statusCode).toBe(400);
    expect((await post(testApp, '/api/test-support/scheduled-job', { name: 'no-such-job' })).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/scheduled-job', { name: 'constructor' })).statusCode).toBe(404);
    expect(clock.now().toISOString()).toBe(WEDNESDAY);
  });

  it('sets and moves the clock the services read: the session and the bonus are written at its time', async () => {
    expect((await post(testApp, '/api/test-support/clock', { at: '2030-03-06T12:00:00-06:00' })).json()).toEqual({ now: WEDNESDAY });
    const { testerId, cookie } = await loggedIn();
    const [session] = await testApp.database.db.select().from(sessions).where(eq(sessions.testerId, testerId));
    expect(session!.createdAt.toISOString()).toBe(WEDNESDAY);
    expect(await call('/api/reward/GetDailyReward', cookie)).toMatchObject({ status: 'succeed', day: 1 });

    // Eleven hours on is 23:00 in Chicago: the same company day, already claimed.
    expect((await post(testApp, '/api/test-support/clock', { advanceMs: 11 * 3600_000 })).json()).toEqual({
      now: '2030-03-07T05:00:00.000Z',
    });
    // The morning's session is over (2 hours idle): a new one, as a login at this time would write.
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/reward/GetDailyReward', headers: { cookie, 'x-requested-with': 'TesterHub' } }))
        .statusCode,
    ).toBe(401);
    expect(await call('/api/reward/GetDailyReward', await sessionOf(testerId))).toMatchObject({ status: 'alreadyReceived' });
    await post(testApp, '/api/test-support/clock', { advanceMs: 3600_000 });
    expect(await call('/api/reward/GetDailyReward', await sessionOf(testerId))).toMatchObject({ status: 'succeed', day: 2 });
    const ledger = await testApp.database.db.select().from(coinLedger).where(eq(coinLedger.testerId, testerId));
    expect(ledger.filter((row) => row.reason === 'dailyBonus').map((row) => [row.reference, row.createdAt.toISOString()])).toEqual([
      ['2030-03-06', WEDNESDAY],
      ['2030-03-07', '2030-03-07T06:00:00.000Z'],
    ]);
  });

  it('runs the drawing job only in a minute its schedule fires (five past each hour), drawing the week once its day has come', async () => {
    expect(GOLD_CARD_DRAWING_CRON).toBe('5 * * * *');
    clock.set(WEDNESDAY);
    const { testerId, cookie } = await loggedIn();
    expect(await call('/api/event/ApplyGoldCardEvent', cookie)).toMatchObject({ status: 'succeed' });

    for (const at of [WEDNESDAY, '2030-03-11T05:06:00.000Z']) {
      clock.set(at);
      const refused = await post(testApp, '/api/test-support/scheduled-job', { name: GOLD_CARD_DRAWING_JOB });
      expect(refused.statusCode, at).toBe(409);
      expect(refused.json().message).toContain(`does not run at ${at}`);
    }
    // Sunday evening in Chicago (Monday in UTC): the hourly job runs (decision 065), but this week has not ended.
    clock.set(MONDAY_0005_UTC);
    const early = await post(testApp, '/api/test-support/scheduled-job', { name: GOLD_CARD_DRAWING_JOB });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().result).not.toMatchObject({ week: '2030-03-04' });
    expect(await testApp.database.db.select().from(goldCardDrawings).where(eq(goldCardDrawings.weekStart, '2030-03-04'))).toEqual([]);

    clock.set(MONDAY_0005_CHICAGO);
    const ran = await post(testApp, '/api/test-support/scheduled-job', { name: GOLD_CARD_DRAWING_JOB });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toEqual({ ran: true, result: { status: 'drawn', week: '2030-03-04', winnerId: testerId, entries: 1 } });
    const [drawing] = await testApp.database.db.select().from(goldCardDrawings).where(eq(goldCardDrawings.weekStart, '2030-03-04'));
    expect(drawing).toMatchObject({ winnerId: testerId, entries: 1 });
    expect(drawing!.drawnAt.toISOString()).toBe(MONDAY_0005_CHICAGO);
    const mail = await testApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'gold-card-winner'));
    expect(mail).toHaveLength(1);
    // Mail is delivered on real time: due now for whichever listener sends, not at the fake time.
    expect(Math.abs(mail[0]!.nextAttemptAt.getTime() - Date.now())).toBeLessThan(60_000);

    clock.advance(3600_000);
    const again = await post(testApp, '/api/test-support/scheduled-job', { name: GOLD_CARD_DRAWING_JOB });
    expect(again.json()).toEqual({ ran: true, result: { status: 'alreadyDrawn' } });
    expect(await testApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'gold-card-winner'))).toHaveLength(1);
  });

  it('runs the no-show sweep only at a quarter hour, on the clock’s time: a booking ended over two hours before is a no-show', async () => {
    expect(NO_SHOW_SWEEP_CRON).toBe('*/15 * * * *');
    const { testerId } = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    // One hour from 12:00 to 13:00 UTC; the sweep takes bookings ended more than 120 minutes before its time.
    const booked = await post(testApp, '/api/test-support/booking', { testerId, studyNo: 24101, startsAt: '2030-03-06T12:00:00.000Z' });
    expect(booked.statusCode, booked.body).toBe(200);
    const { bookingId } = booked.json() as { bookingId: number };
    const statusOf = async () => (await testApp.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;

    clock.set('2030-03-06T15:07:00.000Z');
    const refused = await post(testApp, '/api/test-support/scheduled-job', { name: NO_SHOW_SWEEP_JOB });
    expect(refused.statusCode).toBe(409);
    // 15:00 is a quarter hour but only two hours after the end: not yet.
    clock.set('2030-03-06T15:00:00.000Z');
    expect((await post(testApp, '/api/test-support/scheduled-job', { name: NO_SHOW_SWEEP_JOB })).json()).toMatchObject({ ran: true });
    expect(await statusOf()).toBe('booked');
    clock.set('2030-03-06T15:15:00.000Z');
    const ran = await post(testApp, '/api/test-support/scheduled-job', { name: NO_SHOW_SWEEP_JOB });
    expect(ran.statusCode, ran.body).toBe(200);
    expect((ran.json() as { result: { noShows: number; suspended: string[] } }).result.noShows).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toBe('noShow');
  });

  it('runs the job that opens 101 screeners again (decision 104) at a quarter hour, as the browser test of defect 3 needs', async () => {
    clock.set('2030-03-06T15:07:00.000Z');
    expect((await post(testApp, '/api/test-support/scheduled-job', { name: SCREENING_REOPEN_JOB })).statusCode).toBe(409);
    clock.set('2030-03-06T15:30:00.000Z');
    const ran = await post(testApp, '/api/test-support/scheduled-job', { name: SCREENING_REOPEN_JOB });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toEqual({ ran: true, result: { reopened: 0 } });
  });
});

describe('TEST_CLOCK_PORT in the configuration', () => {
  const env = { ...local, PUBLIC_URL: 'http://127.0.0.1:3100', PORT: '3100' };

  it('is off unless set, only with TEST_SUPPORT_SECRET, and not the main port', () => {
    expect(loadConfig(env).testClockPort).toBeUndefined();
    expect(loadConfig({ ...env, TEST_CLOCK_PORT: '3101' }).testClockPort).toBe(3101);
    expect(() => loadConfig({ PORT: '3100', TEST_CLOCK_PORT: '3101' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3100', TEST_CLOCK_PORT: '3101' })).toThrow(/TEST_CLOCK_PORT: for test runs only/);
    expect(() => loadConfig({ ...env, TEST_CLOCK_PORT: '3100' })).toThrow(/must differ from PORT/);
    expect(() => loadConfig({ ...env, TEST_CLOCK_PORT: 'many' })).toThrow(ConfigError);
  });

  it('a settable clock without TEST_SUPPORT_SECRET is refused by buildApp', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    await expect(buildApp({ config, database: undefined as never, settableClock: createFakeClock() })).rejects.toThrow(/test runs only/);
  });
});
