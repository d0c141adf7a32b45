import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config/env.ts';
import { createAppMetrics } from './app-metrics.ts';
import { createFakeClock, HOUR_MS } from '../clock.ts';
import { sessionGroups } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { OUR_PAGE, postJson, validRegistration } from '../../../test/account-helpers.ts';
import {
  createBooking,
  createLoggedInTester,
  createQualifiedScreening,
  createScreener,
  createRewardItem,
  createSessionGroup,
  createStudy,
  createTester,
  FACTORY_PASSWORD,
} from '../../../test/factories.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { signStudyLinkData } from '../../modules/screening/study-link-token.ts';

/**
 * The Prometheus metrics (issue 26 section 5, decision 094): served on their own listener
 * (METRICS_PORT) and nowhere else, in the text exposition format, with the request histogram by
 * route template and status class, the scrape-time gauges and the business counters moved by
 * exactly what the requests did.
 */

let testDatabase: TestDatabase;
let app: FastifyInstance;
let mainPort: number;
let metricsPort: number;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', METRICS_PORT: '0' });
  app = await buildApp({ config: { ...config, webDistDir: undefined }, database: testDatabase.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  mainPort = (app.server.address() as { port: number }).port;
  metricsPort = app.metricsAddress!()!.port;
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

/** A GET over a real connection: the status and the body. */
function httpGet(port: number, path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body }));
      })
      .on('error', reject);
  });
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const HELP_OR_TYPE = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;
// prom-client writes NaN as "Nan"; Prometheus reads special values without regard to case.
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?)|NaN|Nan|\+Inf|-Inf)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The text exposition format, line by line, strictly: a HELP or TYPE comment, or a sample whose
 * labels parse to the end of their braces; anything else fails the test. Every sample's family
 * has a TYPE.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = HELP_OR_TYPE.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(TYPES.has(comment[3]!), line).toBe(true);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, `not an exposition line: ${line}`).not.toBeNull();
    const [, name, labelText = '', value] = sample!;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      expect(label, `bad labels in: ${line}`).not.toBeNull();
      labels[label![1]!] = label![2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    expect(METRIC_NAME.test(name!)).toBe(true);
    const family = types.has(name!) ? name! : name!.replace(/_(bucket|sum|count|total|created)$/, '');
    expect(types.has(family) || types.has(name!), `no TYPE for ${name}`).toBe(true);
    samples.push({ name: name!, labels, value: /^nan$/i.test(value!) ? Number.NaN : Number(value!.replace('+Inf', 'Infinity')) });
  }
  return { samples, types };
}

async function scrape(port = metricsPort) {
  const response = await httpGet(port, '/metrics');
  expect(response.status).toBe(200);
  expect(response.type).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(response.body);
}

/** The value of the one sample with this name and exactly these labels (undefined when there is none). */
function valueOf(scraped: { samples: Sample[] }, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = scraped.samples.filter(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe('the metrics listener', () => {
  it('counts what the requests did: routes by template and status class, refused logins, registrations, coins, cancellations', async () => {
    const db = testDatabase.database.db;
    const before = await scrape();
    const moved = (after: typeof before, name: string, labels: Record<string, string> = {}) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);

    // A page over the main listener, twice; a screener address (a route with a parameter) without a session.
    expect((await httpGet(mainPort, '/api/health')).status).toBe(200);
    expect((await httpGet(mainPort, '/api/health')).status).toBe(200);
    expect((await httpGet(mainPort, '/api/screener/98765')).status).toBe(401);
    expect((await httpGet(mainPort, '/api/no-such-thing/4242')).status).toBe(404);

    // Two wrong passwords for a confirmed tester, one right one.
    const { tester: loginTester } = await createLoggedInTester(db);
    for (const password of ['Wrong#Pass1', 'Wrong#Pass2', FACTORY_PASSWORD]) {
      const answer = await postJson(app, '/api/account/Login', { username: loginTester.username, password });
      expect(answer.statusCode).toBe(200);
    }

    // A registration: the tester, the welcome coins, the confirmation e-mail in the outbox (no SMTP server here).
    const registered = await postJson(app, '/api/account/register', validRegistration());
    expect(registered.json()).toMatchObject({ status: 'succeed' });

    // A spend of 120 coins.
    const { cookie: spenderCookie } = await createLoggedInTester(db, { coins: 500 });
    const reward = await createRewardItem(db, { coins: 120 });
    const spent = await postJson(app, '/api/reward/SpendCoin', String(reward.id), { cookie: spenderCookie, raw: true });
    expect(spent.json()).toEqual({ status: 'succeed', coins: 380 });

    // A booking (made by the factory, not the service: not a booking counted) cancelled through the route.
    const { tester: booked, cookie: bookedCookie } = await createLoggedInTester(db);
    const study = await createStudy(db);
    const startsAt = new Date(Date.now() + 96 * HOUR_MS);
    const group = await createSessionGroup(db, {
      studyNo: study.studyNo,
      sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
    });
    await db
      .update(sessionGroups)
      .set({ taken: sql`${sessionGroups.taken} + 1` })
      .where(eq(sessionGroups.id, group.id));
    await createBooking(db, {
      testerId: booked.id,
      studyNo: study.studyNo,
      groupId: group.id,
      startsAt,
      endsAt: group.sessions[0]!.endsAt,
    });
    const cancelled = await postJson(app, '/api/schedule/CancelSchedule', study.studyNo, { cookie: bookedCookie });
    expect(cancelled.json()).toEqual({ status: 'succeed', coinsTakenBack: 0 });

    const after = await scrape();
    const duration = 'testerhub_http_request_duration_seconds_count';
    expect(moved(after, duration, { method: 'GET', route: '/api/health', status_class: '2xx' })).toBe(2);
    expect(moved(after, duration, { method: 'GET', route: '/api/screener/:studyNo', status_class: '4xx' })).toBe(1);
    expect(moved(after, duration, { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(moved(after, duration, { method: 'POST', route: '/api/account/Login', status_class: '2xx' })).toBe(3);
    expect(moved(after, duration, { method: 'POST', route: '/api/reward/SpendCoin', status_class: '2xx' })).toBe(1);
    // The buckets are cumulative and end at +Inf with the count.
    const healthBuckets = after.samples.filter(
      (sample) => sample.name === 'testerhub_http_request_duration_seconds_bucket' && sample.labels.route === '/api/health',
    );
    expect(healthBuckets.at(-1)?.labels.le).toBe('+Inf');
    expect(healthBuckets.at(-1)?.value).toBe(valueOf(after, duration, { method: 'GET', route: '/api/health', status_class: '2xx' }));
    // Never a raw URL in a label.
    const labelValues = after.samples.flatMap((sample) => Object.values(sample.labels));
    expect(labelValues.filter((value) => /98765|4242|no-such-thing/.test(value))).toEqual([]);
    expect(valueOf(after, 'testerhub_http_requests_in_flight')).toBe(0);

    expect(moved(after, 'testerhub_logins_refused_total', { scope: 'tester', reason: 'credentials' })).toBe(2);
    expect(moved(after, 'testerhub_registrations_total')).toBe(1);
    expect(moved(after, 'testerhub_coins_paid_total')).toBe(100); // WELCOME_COINS' default
    expect(moved(after, 'testerhub_coins_spent_total')).toBe(120);
    expect(moved(after, 'testerhub_cancellations_total')).toBe(1);
    expect(moved(after, 'testerhub_bookings_total')).toBe(0);
    expect(moved(after, 'testerhub_mail_outbox_unsent')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'testerhub_mail_outbox_oldest_unsent_seconds')).toBeGreaterThanOrEqual(0);

    // The process's own: event-loop lag and heap, with the app's prefix.
    for (const name of [
      'testerhub_nodejs_eventloop_lag_seconds',
      'testerhub_nodejs_heap_size_used_bytes',
      'testerhub_process_resident_memory_bytes',
    ])
      expect(valueOf(after, name), name).toBeGreaterThan(0);
    expect(after.types.get('testerhub_http_request_duration_seconds')).toBe('histogram');
    expect(after.types.get('testerhub_registrations_total')).toBe('counter');
    // PGlite has no pool: its series are left out (PostgreSQL reports total, idle and waiting).
    if (testDatabase.database.kind === 'pglite') expect(valueOf(after, 'testerhub_db_pool_connections')).toBeUndefined();
    else expect(valueOf(after, 'testerhub_db_pool_connections')).toBeGreaterThanOrEqual(1);
  });

  it('counts rate-limit refusals by the limit’s name', async () => {
    const before = await scrape();
    const { tester } = await createLoggedInTester(testDatabase.database.db);
    // LOGIN_ATTEMPTS_PER_WINDOW is 10: the 11th wrong password for the account is refused with 429.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push(
        (await postJson(app, '/api/account/Login', { username: tester.username, password: `Wrong#Pass${attempt}` })).statusCode,
      );
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(moved('testerhub_rate_limit_refusals_total', { limit: 'login-account' })).toBe(1);
    expect(moved('testerhub_logins_refused_total', { scope: 'tester', reason: 'rateLimited' })).toBe(1);
    expect(moved('testerhub_logins_refused_total', { scope: 'tester', reason: 'credentials' })).toBe(10);
  });

  it('counts simultaneous spends exactly: the coins of those that committed, as the ledger has them', async () => {
    const db = testDatabase.database.db;
    const before = await scrape();
    const { cookie } = await createLoggedInTester(db, { coins: 500 });
    const reward = await createRewardItem(db, { coins: 100 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postJson(app, '/api/reward/SpendCoin', String(reward.id), { cookie, raw: true })),
    );
    const succeeded = answers.filter((answer) => answer.json().status === 'succeed');
    expect(succeeded).toHaveLength(5);
    const after = await scrape();
    expect((valueOf(after, 'testerhub_coins_spent_total') ?? 0) - (valueOf(before, 'testerhub_coins_spent_total') ?? 0)).toBe(500);
  });

  it('is served on its own port only: the main port has no /metrics, the metrics port nothing else', async () => {
    const onMain = await httpGet(mainPort, '/metrics');
    expect(onMain.status).toBe(404);
    expect(onMain.body).not.toContain('testerhub_');
    expect((await httpGet(mainPort, '/api/metrics')).status).toBe(404);
    expect((await httpGet(metricsPort, '/api/health')).status).toBe(404);
    expect(app.metricsAddress!()!.address).toBe('127.0.0.1');
  });
});

describe('bookings and attendances', () => {
  // Noon in Chicago (site 00001): the check-in's "today" is the session's day.
  const NOW = new Date('2026-11-25T18:00:00Z');
  const SECRET = 'metrics-test-secret-0123456789abcdefghij';
  let clocked: FastifyInstance;
  let clockedDatabase: TestDatabase;
  let port: number;
  beforeAll(async () => {
    clockedDatabase = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      METRICS_PORT: '0',
      STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
      STUDY_LINK_SECRET: SECRET,
    });
    clocked = await buildApp({
      config: { ...config, webDistDir: undefined },
      database: clockedDatabase.database,
      clock: createFakeClock(NOW),
    });
    await clocked.ready();
    port = clocked.metricsAddress!()!.port;
  });
  afterAll(async () => {
    await clocked?.close();
    await clockedDatabase?.dispose();
  });
  const post = (url: string, cookie: string, body: unknown) =>
    clocked.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('counts a self-scheduled booking once when the tester sends it twice at once, with the coins it paid', async () => {
    const db = clockedDatabase.database.db;
    const before = await scrape(port);
    const study = await createStudy(db, { scheduleCoins: 120, scheduleExp: 40 });
    const startsAt = new Date(NOW.getTime() + 48 * HOUR_MS);
    const open = await createSessionGroup(db, {
      studyNo: study.studyNo,
      sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
    });
    const { tester, cookie } = await createLoggedInTester(db);
    await createQualifiedScreening(db, { testerId: tester.id, studyNo: study.studyNo, at: NOW });
    const data = signStudyLinkData(
      { testerId: tester.id, studyNo: study.studyNo, quotaId: null, issuedAt: Math.floor(NOW.getTime() / 1000) },
      SECRET,
    );
    const body = { Study: study.guid, Tester: tester.id, Data: data, IsRequest: true, groupIDs: [open.publicId] };
    const answers = await Promise.all([post('/api/schedule/SelfSchedule', cookie, body), post('/api/schedule/SelfSchedule', cookie, body)]);
    expect(answers.filter((answer) => answer.json().status === 'succeed')).toHaveLength(1);
    const after = await scrape(port);
    const moved = (name: string) => (valueOf(after, name) ?? 0) - (valueOf(before, name) ?? 0);
    expect(moved('testerhub_bookings_total')).toBe(1);
    expect(moved('testerhub_coins_paid_total')).toBe(120);
  });

  it('counts finished screeners by outcome', async () => {
    const db = clockedDatabase.database.db;
    const before = await scrape(port);
    const study = await createStudy(db, { coinValue: 50, screeningExp: 15 });
    const ids = await createScreener(db, {
      studyNo: study.studyNo,
      questions: [{ key: 'age', kind: 'number', prompt: 'Your age?', minValue: 13, maxValue: 120, qualifyMin: 18 }],
    });
    for (const age of [30, 15]) {
      const { cookie } = await createLoggedInTester(db);
      const answer = await clocked.inject({
        method: 'POST',
        url: `/api/screener/${study.studyNo}/complete`,
        headers: { cookie, ...OUR_PAGE, 'content-type': 'application/json' },
        payload: JSON.stringify({ answers: { [ids.question('age')]: age } }),
      });
      expect(answer.json().outcome).toBe(age >= 18 ? 'qualified' : 'disqualified');
    }
    const after = await scrape(port);
    const moved = (outcome: string) =>
      (valueOf(after, 'testerhub_screenings_total', { outcome }) ?? 0) - (valueOf(before, 'testerhub_screenings_total', { outcome }) ?? 0);
    expect([moved('qualified'), moved('disqualified')]).toEqual([1, 1]);
  });

  it('counts a staff member’s refused password step apart from testers’', async () => {
    const db = clockedDatabase.database.db;
    const before = await scrape(port);
    const { staff } = await createStaffMember(db, { roles: ['site-staff'], siteIds: ['00001'] });
    const answer = await postJson(clocked, '/api/staff/Login', { email: staff.email, password: 'Not#TheRight1' });
    expect(answer.json().status).toBe('failed');
    const after = await scrape(port);
    const moved = (scope: string) =>
      (valueOf(after, 'testerhub_logins_refused_total', { scope, reason: 'credentials' }) ?? 0) -
      (valueOf(before, 'testerhub_logins_refused_total', { scope, reason: 'credentials' }) ?? 0);
    expect([moved('staff'), moved('tester')]).toEqual([1, 0]);
  });

  it('counts an attendance once when two staff members mark the booking at the same moment', async () => {
    const db = clockedDatabase.database.db;
    const before = await scrape(port);
    const staffCookie = async (siteIds: string[]) => {
      const { staff } = await createStaffMember(db, { roles: ['site-staff'], siteIds });
      return staffCookieFor(db, staff.id, { lastSeenAt: NOW, expiresAt: new Date(NOW.getTime() + HOUR_MS) });
    };
    const [first, second] = [await staffCookie(['00001']), await staffCookie(['00001', '00002'])];
    const tester = await createTester(db);
    const study = await createStudy(db, { attendanceCoins: 150, attendanceExp: 40 });
    const startsAt = new Date(NOW.getTime() - HOUR_MS / 2);
    const endsAt = new Date(startsAt.getTime() + 2 * HOUR_MS);
    const group = await createSessionGroup(db, { studyNo: study.studyNo, siteId: '00001', sessions: [{ startsAt, endsAt }] });
    const booking = await createBooking(db, { testerId: tester.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
    const answers = await Promise.all([
      post('/api/staff/check-in/MarkAttended', first, { bookingId: booking.id }),
      post('/api/staff/check-in/MarkAttended', second, { bookingId: booking.id }),
    ]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['notBooked', 'succeed']);
    const after = await scrape(port);
    const moved = (name: string) => (valueOf(after, name) ?? 0) - (valueOf(before, name) ?? 0);
    expect(moved('testerhub_attendances_total')).toBe(1);
    expect(moved('testerhub_coins_paid_total')).toBe(150);
  });
});

describe('the scrape-time readings', () => {
  it('read each source once per scrape; a failed one shows NaN (never a reassuring 0) and is counted', async () => {
    const metrics = createAppMetrics({ now: () => Date.parse('2026-11-28T12:00:00Z'), withDefaults: false });
    let outboxReads = 0;
    let queueReads = 0;
    let outboxFails = true;
    metrics.observeOutbox(async () => {
      outboxReads += 1;
      if (outboxFails) throw new Error('database down');
      return { unsent: 4, oldestQueuedAt: new Date('2026-11-28T11:58:30Z') };
    });
    metrics.observeJobQueues(async () => {
      queueReads += 1;
      return [{ queue: 'reminders', waiting: 7, failed: 2 }];
    });
    const failed = parseExposition(await metrics.scrape());
    expect(valueOf(failed, 'testerhub_mail_outbox_unsent')).toBeNaN();
    expect(valueOf(failed, 'testerhub_mail_outbox_oldest_unsent_seconds')).toBeNaN();
    expect(valueOf(failed, 'testerhub_metrics_source_failures_total', { source: 'outbox' })).toBe(1);
    expect(valueOf(failed, 'testerhub_job_queue_waiting', { queue: 'reminders' })).toBe(7);
    expect(valueOf(failed, 'testerhub_job_queue_failed', { queue: 'reminders' })).toBe(2);
    expect([outboxReads, queueReads]).toEqual([1, 1]);

    outboxFails = false;
    const read = parseExposition(await metrics.scrape());
    expect(valueOf(read, 'testerhub_mail_outbox_unsent')).toBe(4);
    expect(valueOf(read, 'testerhub_mail_outbox_oldest_unsent_seconds')).toBe(90);
    expect([outboxReads, queueReads]).toEqual([2, 2]);
  });
});

describe('without METRICS_PORT', () => {
  it('opens no listener', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    expect(config.metrics).toBeUndefined();
    const quiet = await buildApp({ config: { ...config, webDistDir: undefined }, database: database.database });
    await quiet.ready();
    expect(quiet.metricsAddress).toBeUndefined();
    await quiet.close();
    await database.dispose();
  });
});
