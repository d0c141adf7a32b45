import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../core/config/env.ts';
import {
  bookings,
  children,
  coinLedger,
  emailOutbox,
  externalScreenerTokens,
  screenings,
  sessions,
  testers,
} from '../../core/db/schema.ts';
import { hashToken } from '../../core/security/tokens.ts';

/**
 * The test-support routes (decision 014): absent without TEST_SUPPORT_SECRET, refused without
 * the right header, and with it a confirmed tester with the welcome coins and a working session.
 */

const SECRET = 'test-support-secret-of-at-least-32-characters';
const HEADER = 'x-test-support-secret';

const post = (testApp: TestApp, url: string, payload: unknown, headers: Record<string, string> = { [HEADER]: SECRET }) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('without TEST_SUPPORT_SECRET', () => {
  const testApp = useTestApp();

  it('the routes do not exist: 404, with the header or without it', async () => {
    for (const url of ['/api/test-support/tester', '/api/test-support/session']) {
      expect((await post(testApp, url, {})).statusCode).toBe(404);
      expect((await post(testApp, url, {}, {})).statusCode).toBe(404);
    }
    expect(testApp.app.hasRoute({ method: 'POST', url: '/api/test-support/session' })).toBe(false);
  });
});

describe('with TEST_SUPPORT_SECRET', () => {
  const testApp = useTestApp({ env: { TEST_SUPPORT_SECRET: SECRET, HOST: '127.0.0.1' } });

  it('refuses a missing or wrong secret with 403, before reading the body', async () => {
    const sessionsBefore = await testApp.database.db.select().from(sessions);
    const testersBefore = (await testApp.database.db.select().from(testers)).length;
    for (const url of ['/api/test-support/tester', '/api/test-support/session']) {
      const wrong: Record<string, string>[] = [{}, { [HEADER]: '' }, { [HEADER]: `${SECRET}x` }, { [HEADER]: SECRET.slice(0, -1) }];
      for (const headers of wrong) {
        const response = await post(testApp, url, { username: 'demotester1' }, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      // Not even the body's shape is checked without the secret.
      expect((await post(testApp, url, 'not json', {})).statusCode).toBe(403);
    }
    expect(await testApp.database.db.select().from(sessions)).toEqual(sessionsBefore);
    expect((await testApp.database.db.select().from(testers)).length).toBe(testersBefore);
  });

  it('creates a confirmed tester with the welcome coins through the ledger, and sends no e-mail', async () => {
    const outboxBefore = (await testApp.database.db.select().from(emailOutbox)).length;
    const response = await post(testApp, '/api/test-support/tester', {});
    expect(response.statusCode, response.body).toBe(200);
    const tester = response.json();
    expect(tester.username).toMatch(/^[a-z0-9]{12}$/);
    expect(tester.password.length).toBeGreaterThanOrEqual(8);
    expect(tester.coins).toBe(testApp.config.welcomeCoins);

    const [row] = await testApp.database.db.select().from(testers).where(eq(testers.id, tester.testerId));
    expect(row).toMatchObject({ username: tester.username, email: tester.email, coins: testApp.config.welcomeCoins });
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
    expect(row!.siteId).toBeTruthy();
    const entries = await testApp.database.db.select().from(coinLedger).where(eq(coinLedger.testerId, tester.testerId));
    expect(entries).toMatchObject([{ coins: testApp.config.welcomeCoins, reason: 'welcome-gift', reference: tester.testerId }]);
    expect((await testApp.database.db.select().from(emailOutbox)).length).toBe(outboxBefore);

    // The generated password is the account's: the real login accepts it.
    const login = await post(testApp, '/api/account/Login', { username: tester.username, password: tester.password }, {});
    expect(login.json()).toMatchObject({ status: 'succeed' });
  });

  it('takes the fields a test gives, and answers 409 for a username or e-mail already taken', async () => {
    const fields = {
      username: 'GivenName01',
      email: 'given.name01@example.test',
      password: 'Given#Pass1',
      firstName: 'Gia',
      lastName: 'Ng',
    };
    const response = await post(testApp, '/api/test-support/tester', fields);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject(fields);
    expect((await post(testApp, '/api/test-support/tester', { username: 'givenname01' })).statusCode).toBe(409);
    expect((await post(testApp, '/api/test-support/tester', { email: 'Given.Name01@example.test' })).statusCode).toBe(409);
    expect((await post(testApp, '/api/test-support/tester', { username: 'short' })).statusCode).toBe(400);
  });

  it('takes a birth date and a zip code (the screener list rules): the row has them and the zip code’s site; 400 for bad ones', async () => {
    const response = await post(testApp, '/api/test-support/tester', { birthDate: '2010-03-04', zipCode: '75024' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testApp.database.db.select().from(testers).where(eq(testers.id, response.json().testerId));
    expect(row).toMatchObject({ birthDate: '2010-03-04', zipCode: '75024', siteId: '00002' });
    const plain = (await post(testApp, '/api/test-support/tester', {})).json();
    const [plainRow] = await testApp.database.db.select().from(testers).where(eq(testers.id, plain.testerId));
    expect(plainRow).toMatchObject({ birthDate: '1990-06-15', zipCode: '60614', siteId: '00001' });
    for (const bad of [{ birthDate: '2010-13-01' }, { birthDate: '04/03/2010' }, { birthDate: 19900615 }, { zipCode: '7502' }]) {
      const refused = await post(testApp, '/api/test-support/tester', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('takes a street address (the shared-address signal of decision 129); a house number of its own unless given', async () => {
    const address = '12 North Main Street Apt 3';
    const given = (await post(testApp, '/api/test-support/tester', { address })).json();
    const plain = (await post(testApp, '/api/test-support/tester', {})).json();
    const rows = await testApp.database.db
      .select({ id: testers.id, address: testers.address })
      .from(testers)
      .where(inArray(testers.id, [given.testerId, plain.testerId]));
    expect(rows.find((row) => row.id === given.testerId)?.address).toBe(address);
    expect(rows.find((row) => row.id === plain.testerId)?.address).toMatch(/^\d{4} N Lincoln Ave$/);
    expect((await post(testApp, '/api/test-support/tester', { address: '' })).statusCode).toBe(400);
  });

  it('starts a session by username or id: the cookie opens the portal, as a login would', async () => {
    const tester = (await post(testApp, '/api/test-support/tester', {})).json();
    for (const who of [{ username: tester.username }, { testerId: tester.testerId }]) {
      const response = await post(testApp, '/api/test-support/session', who);
      expect(response.statusCode, response.body).toBe(200);
      const { cookie, ...rest } = response.json();
      expect(rest).toEqual({ testerId: tester.testerId, username: tester.username });
      expect(cookie).toMatchObject({ name: 'th_session', path: '/', httpOnly: true, secure: false, sameSite: 'Lax' });
      expect(cookie.maxAgeSeconds).toBe(testApp.config.sessionAbsoluteHours * 3600);

      // The row holds the hash of the id, never the id.
      const [row] = await testApp.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(cookie.value)));
      expect(row?.testerId).toBe(tester.testerId);

      const info = await testApp.app.inject({ method: 'GET', url: '/api/account/GetPKTesterInfo', cookies: { th_session: cookie.value } });
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json()).toMatchObject({ username: tester.username, coins: testApp.config.welcomeCoins, level: 1 });
    }
    // The seeded demo tester too.
    expect((await post(testApp, '/api/test-support/session', { username: 'demotester1' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown tester and 400 unless exactly one of testerId and username is given', async () => {
    expect((await post(testApp, '/api/test-support/session', { username: 'nobody-at-all' })).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/session', { testerId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/session', {})).statusCode).toBe(400);
    const both = { username: 'demotester1', testerId: '00000000-0000-4000-8000-000000000000' };
    expect((await post(testApp, '/api/test-support/session', both)).statusCode).toBe(400);
  });

  it('grants coins through the ledger; 403 without the secret, 404 for an unknown tester, 400 for a bad amount', async () => {
    const tester = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string; coins: number };
    expect((await post(testApp, '/api/test-support/coins', { testerId: tester.testerId, coins: 500 }, {})).statusCode).toBe(403);
    const response = await post(testApp, '/api/test-support/coins', { testerId: tester.testerId, coins: 500 });
    expect(response.json()).toEqual({ coins: tester.coins + 500 });
    const unknown = { testerId: '00000000-0000-4000-8000-000000000000', coins: 5 };
    expect((await post(testApp, '/api/test-support/coins', unknown)).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/coins', { testerId: tester.testerId, coins: -5 })).statusCode).toBe(400);
  });

  it('books a tester into a study (a day ahead unless told), for the screener 101 case; 404 for an unknown one', async () => {
    const tester = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    expect((await post(testApp, '/api/test-support/booking', { testerId: tester.testerId, studyNo: 24101 }, {})).statusCode).toBe(403);
    const response = await post(testApp, '/api/test-support/booking', { testerId: tester.testerId, studyNo: 24101 });
    expect(response.statusCode).toBe(200);
    const startsAt = new Date(response.json().startsAt).getTime();
    expect(Math.abs(startsAt - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    const rows = await testApp.database.db.select().from(bookings).where(eq(bookings.testerId, tester.testerId));
    expect(rows).toMatchObject([{ studyNo: 24101, status: 'booked' }]);
    const chosen = await post(testApp, '/api/test-support/booking', {
      testerId: tester.testerId,
      studyNo: 24103,
      startsAt: '2030-01-02T15:00:00Z',
    });
    expect(chosen.json().startsAt).toBe('2030-01-02T15:00:00.000Z');
    expect((await post(testApp, '/api/test-support/booking', { testerId: tester.testerId, studyNo: 24101 })).statusCode).toBe(409);
    const unknown = { testerId: '00000000-0000-4000-8000-000000000000', studyNo: 24101 };
    expect((await post(testApp, '/api/test-support/booking', unknown)).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/booking', { testerId: tester.testerId, studyNo: 1 })).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/booking', { testerId: tester.testerId, studyNo: 'x' })).statusCode).toBe(400);
    // A session attended six weeks ago (online child registration opens then).
    const attended = await post(testApp, '/api/test-support/booking', {
      testerId: tester.testerId,
      studyNo: 24102,
      startsAt: new Date(Date.now() - 42 * 24 * 3600_000).toISOString(),
      attended: true,
    });
    expect(attended.statusCode).toBe(200);
    const [row] = await testApp.database.db.select().from(bookings).where(eq(bookings.id, attended.json().bookingId));
    expect(row).toMatchObject({ studyNo: 24102, status: 'attended' });
  });

  it('makes a group of a seeded study with given seats and sessions, and books testers into it by its public id', async () => {
    const day = 24 * 3600_000;
    const now = Date.now();
    const at = (days: number) => new Date(now + days * day).toISOString();
    const body = { studyNo: 24105, seats: 1, color: 'Purple', sessions: [{ startsAt: at(40), endsAt: at(40.1) }] };
    expect((await post(testApp, '/api/test-support/group', body, {})).statusCode).toBe(403);
    const response = await post(testApp, '/api/test-support/group', body);
    expect(response.statusCode, response.body).toBe(200);
    const group = response.json() as { groupId: string; seats: number; sessions: { testerDay: number; startsAt: string }[] };
    expect(group.groupId).toMatch(/^[0-9a-f-]{36}$/);
    expect(group).toMatchObject({ seats: 1, sessions: [{ testerDay: 1, startsAt: new Date(body.sessions[0]!.startsAt).toISOString() }] });

    const first = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    const second = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    const booked = await post(testApp, '/api/test-support/booking', { testerId: first.testerId, groupId: group.groupId });
    expect(booked.statusCode, booked.body).toBe(200);
    const rows = await testApp.database.db.select().from(bookings).where(eq(bookings.testerId, first.testerId));
    expect(rows).toMatchObject([{ id: booked.json().bookingId, studyNo: 24105, status: 'booked' }]);
    // One seat: the second tester finds the group full, and the rules are the scheduling service's.
    const full = await post(testApp, '/api/test-support/booking', { testerId: second.testerId, groupId: group.groupId });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('notAvailable');

    // A multi-day pick-up group; an unknown study or group; bad bodies.
    const pickUp = await post(testApp, '/api/test-support/group', {
      studyNo: 24103,
      kind: 'pickUp',
      seats: 3,
      pickUpAt: at(41),
      sessions: [
        { startsAt: at(43), endsAt: at(43.02) },
        { startsAt: at(42), endsAt: at(42.02) },
      ],
    });
    expect(pickUp.statusCode, pickUp.body).toBe(200);
    expect(pickUp.json().sessions.map((session: { startsAt: string }) => session.startsAt)).toEqual([
      new Date(at(42)).toISOString(),
      new Date(at(43)).toISOString(),
    ]);
    expect((await post(testApp, '/api/test-support/group', { ...body, studyNo: 1 })).statusCode).toBe(404);
    const unknownGroup = { testerId: second.testerId, groupId: '00000000-0000-4000-8000-000000000000' };
    expect((await post(testApp, '/api/test-support/booking', unknownGroup)).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/group', { ...body, sessions: [] })).statusCode).toBe(400);
    const backwards = { ...body, sessions: [{ startsAt: at(40.1), endsAt: at(40) }] };
    expect((await post(testApp, '/api/test-support/group', backwards)).statusCode).toBe(400);
    const both = { testerId: second.testerId, groupId: group.groupId, studyNo: 24105 };
    expect((await post(testApp, '/api/test-support/booking', both)).statusCode).toBe(400);
    expect((await post(testApp, '/api/test-support/booking', { testerId: second.testerId })).statusCode).toBe(400);
  });

  it('mints a qualified self-schedule link and an outside screener token for a tester; 404 for an unknown one', async () => {
    const tester = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    const link = await post(testApp, '/api/test-support/self-schedule-link', { testerId: tester.testerId, studyNo: 24101 });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().url, 'http://localhost');
    expect(url.pathname).toBe('/community/main/schedule/self');
    expect(url.searchParams.get('t')).toBe(tester.testerId);
    expect(url.searchParams.get('d')).toMatch(/^[\w-]+\.[\w-]+$/);
    const [screening] = await testApp.database.db
      .select()
      .from(screenings)
      .where(and(eq(screenings.testerId, tester.testerId), eq(screenings.studyNo, 24101)));
    expect(screening).toMatchObject({ status: 'qualified' });

    const token = await post(testApp, '/api/test-support/external-screener-token', { testerId: tester.testerId, studyNo: 24107 });
    expect(token.statusCode, token.body).toBe(200);
    const [row] = await testApp.database.db
      .select()
      .from(externalScreenerTokens)
      .where(eq(externalScreenerTokens.tokenHash, hashToken(token.json().ex)));
    expect(row).toMatchObject({ testerId: tester.testerId, studyNo: 24107, usedAt: null });
    const returned = await post(testApp, '/api/test-support/external-screener-token', {
      testerId: tester.testerId,
      studyNo: 24107,
      returnedMinutesAgo: 31,
    });
    const [used] = await testApp.database.db
      .select()
      .from(externalScreenerTokens)
      .where(eq(externalScreenerTokens.tokenHash, hashToken(returned.json().ex)));
    expect(used!.usedAt!.getTime()).toBeLessThanOrEqual(Date.now() - 31 * 60_000);

    for (const url of ['/api/test-support/self-schedule-link', '/api/test-support/external-screener-token']) {
      expect((await post(testApp, url, { testerId: tester.testerId, studyNo: 1 })).statusCode).toBe(404);
      expect((await post(testApp, url, { testerId: '00000000-0000-4000-8000-000000000000', studyNo: 24101 })).statusCode).toBe(404);
      expect((await post(testApp, url, { testerId: 'x', studyNo: 24101 })).statusCode).toBe(400);
      expect((await post(testApp, url, { testerId: tester.testerId }, {})).statusCode).toBe(403);
    }
  });

  it('runs out an unconfirmed child registration (child-expiry); a confirmed or unknown child is 404', async () => {
    const tester = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    const now = new Date();
    const later = new Date(now.getTime() + 24 * 3600_000);
    const child = {
      parentId: tester.testerId,
      lastName: 'Example',
      race: 'A',
      gender: 'F',
      birthDate: '2018-02-03',
      phone: '3125550123',
      createdAt: now,
    };
    const [waiting] = await testApp.database.db
      .insert(children)
      .values({ ...child, firstName: 'Mia', expiresAt: later })
      .returning();
    const [confirmed] = await testApp.database.db
      .insert(children)
      .values({ ...child, firstName: 'Sam', confirmedAt: now })
      .returning();

    const expired = await post(testApp, '/api/test-support/child-expiry', { childId: waiting!.publicId, minutesAgo: 5 });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json()).toEqual({ expired: true });
    const [row] = await testApp.database.db.select().from(children).where(eq(children.id, waiting!.id));
    expect(row!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() - 5 * 60_000 + 1000);

    expect((await post(testApp, '/api/test-support/child-expiry', { childId: confirmed!.publicId })).statusCode).toBe(404);
    expect((await post(testApp, '/api/test-support/child-expiry', { childId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await post(testApp, '/api/test-support/child-expiry', { childId: 'x' })).statusCode).toBe(400);
    expect((await post(testApp, '/api/test-support/child-expiry', { childId: waiting!.publicId }, {})).statusCode).toBe(403);
  });

  it("confirms an unconfirmed child as Tester Services' call does (child-confirmation); a confirmed or unknown child is 404", async () => {
    const tester = (await post(testApp, '/api/test-support/tester', {})).json() as { testerId: string };
    const now = new Date();
    const [waiting] = await testApp.database.db
      .insert(children)
      .values({
        parentId: tester.testerId,
        firstName: 'Ava',
        lastName: 'Example',
        race: 'A',
        gender: 'F',
        birthDate: '2018-02-03',
        phone: '3125550123',
        createdAt: now,
        expiresAt: new Date(now.getTime() + 24 * 3600_000),
      })
      .returning();
    const confirmed = await post(testApp, '/api/test-support/child-confirmation', { childId: waiting!.publicId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await testApp.database.db.select().from(children).where(eq(children.id, waiting!.id));
    expect(row).toMatchObject({ expiresAt: null });
    expect(row!.confirmedAt).not.toBeNull();
    expect((await post(testApp, '/api/test-support/child-confirmation', { childId: waiting!.publicId })).statusCode).toBe(404);
    expect(
      (await post(testApp, '/api/test-support/child-confirmation', { childId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await post(testApp, '/api/test-support/child-confirmation', { childId: waiting!.publicId }, {})).statusCode).toBe(403);
  });

  it('is hidden from the API docs', async () => {
    const docs = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toContain('test-support');
  });
});

describe('TEST_SUPPORT_SECRET in the configuration', () => {
  const local = { HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3100' };

  it('is off unless set; on with 32 characters or more on a loopback address', () => {
    expect(loadConfig({}).testSupportSecret).toBeUndefined();
    expect(loadConfig({ TEST_SUPPORT_SECRET: '' }).testSupportSecret).toBeUndefined();
    expect(loadConfig({ ...local, TEST_SUPPORT_SECRET: SECRET }).testSupportSecret).toBe(SECRET);
    expect(loadConfig({ HOST: 'localhost', TEST_SUPPORT_SECRET: SECRET }).testSupportSecret).toBe(SECRET);
    expect(() => loadConfig({ ...local, TEST_SUPPORT_SECRET: 'x'.repeat(31) })).toThrow(
      /TEST_SUPPORT_SECRET: must be at least 32 characters/,
    );
  });

  it.each([
    ['an https PUBLIC_URL', { ...local, PUBLIC_URL: 'https://testers.example' }],
    ['https on localhost', { ...local, PUBLIC_URL: 'https://localhost:3100' }],
    ['a public host name over http', { ...local, PUBLIC_URL: 'http://testers.example' }],
    ['listening on every address', { ...local, HOST: '0.0.0.0' }],
    ['the production default HOST (every address)', { NODE_ENV: 'production', PUBLIC_URL: local.PUBLIC_URL }],
  ])('refuses to start with %s', (_case, env) => {
    expect(() => loadConfig({ ...env, TEST_SUPPORT_SECRET: SECRET })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, TEST_SUPPORT_SECRET: SECRET })).toThrow(/TEST_SUPPORT_SECRET: for test runs only/);
  });
});
