import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { useTestApp } from '../../../test/test-app.ts';
import { DEMO, OUR_PAGE, getWith, loginCookie, postJson, testerByUsername } from '../../../test/account-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';
import { sessions } from '../../core/db/schema.ts';

/**
 * Database sessions (GUIDE section 5): rotated at login, deleted at logout, idle and absolute
 * time-outs; the cross-site guard on the state-changing GET Logout; the screener list.
 */

// The services' time: tests move it instead of sleeping.
const clock = createFakeClock(Date.now());

// The shortest idle time-out the configuration allows, so the test can move a session past it.
// These tests edit session rows behind the server's back, so the server reads them every time;
// account-session-cache.test.ts covers the same rules with the cache on.
const testApp = useTestApp({ clock, env: { SESSION_IDLE_MINUTES: '1', SESSION_CACHE_SECONDS: '0' } });

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) => getWith(testApp.app, url, { cookie, headers });
const logout = (cookie: string, headers: Record<string, string> = OUR_PAGE) => get('/api/account/Logout', cookie, headers);

async function testerSessions() {
  const tester = await testerByUsername(testApp.database, DEMO.username);
  return testApp.database.db.select().from(sessions).where(eq(sessions.testerId, tester!.id));
}

function expectUnauthorized(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(apiErrorSchema.parse(response.json()).statusCode).toBe(401);
}

describe('logout', () => {
  it('ends the session in the database: the old cookie is refused afterwards', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect((await get('/api/account/CheckAuthorize', cookie)).statusCode).toBe(200);
    expect((await get('/api/account/GetPKTesterInfo', cookie)).statusCode).toBe(200);

    const response = await logout(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed' });
    // The browser is told to drop the cookie too.
    const cleared = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith('th_session='));
    expect(cleared).toMatch(/^th_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    // The same cookie, replayed as an attacker who copied it would.
    expectUnauthorized(await get('/api/account/CheckAuthorize', cookie));
    expectUnauthorized(await get('/api/account/GetPKTesterInfo', cookie));
    expectUnauthorized(await get('/api/profile/GetUserInfo', cookie));
  });

  it('keeps only a hash of the session id in the database', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const value = cookie.slice(cookie.indexOf('=') + 1);
    const rows = await testerSessions();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.idHash).not.toBe(value);
      expect(row.idHash).not.toContain(value);
    }
    await logout(cookie);
  });

  it('is refused with 403 when sent cross-site without our header, and the session stays', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const crossSite = await logout(cookie, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.test' });
    expect(crossSite.statusCode).toBe(403);
    expect(apiErrorSchema.parse(crossSite.json()).statusCode).toBe(403);
    const bare = await logout(cookie, { 'sec-fetch-site': 'cross-site' });
    expect(bare.statusCode).toBe(403);
    expect((await get('/api/account/CheckAuthorize', cookie)).statusCode).toBe(200);
    // From our own page (same-origin fetch) it works.
    expect((await logout(cookie, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expectUnauthorized(await get('/api/account/CheckAuthorize', cookie));
  });

  it('answers a logout without a session with succeed (nothing to end)', async () => {
    const response = await get('/api/account/Logout', undefined, OUR_PAGE);
    expect(response.statusCode).toBe(200);
  });
});

describe('sessions are rotated at login', () => {
  it('gives every login its own cookie; both work until one logs out, which leaves the other', async () => {
    const first = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const second = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect(first).not.toBe(second);
    expect((await get('/api/account/CheckAuthorize', first)).statusCode).toBe(200);
    expect((await get('/api/account/CheckAuthorize', second)).statusCode).toBe(200);

    await logout(first);
    expectUnauthorized(await get('/api/account/CheckAuthorize', first));
    expect((await get('/api/account/CheckAuthorize', second)).statusCode).toBe(200);
    await logout(second);
  });
});

describe('session time-outs', () => {
  it('refuses a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect((await get('/api/account/GetPKTesterInfo', cookie)).statusCode).toBe(200);
    const tester = await testerByUsername(testApp.database, DEMO.username);
    await testApp.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(clock.nowMs() - 2 * 60_000) })
      .where(eq(sessions.testerId, tester!.id));
    expectUnauthorized(await get('/api/account/GetPKTesterInfo', cookie));
    expectUnauthorized(await get('/api/account/CheckAuthorize', cookie));
  });

  it('keeps a session alive while it is used within the idle time-out', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const tester = await testerByUsername(testApp.database, DEMO.username);
    // Last used 57 s ago, inside the one-minute idle time-out: this request is allowed and counts as use.
    await testApp.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(clock.nowMs() - 57_000) })
      .where(eq(sessions.testerId, tester!.id));
    expect((await get('/api/account/CheckAuthorize', cookie)).statusCode).toBe(200);
    // 3.5 s later the tester was last active 3.5 s ago: well inside the idle time-out.
    clock.advance(3500);
    const response = await get('/api/account/CheckAuthorize', cookie);
    expect(response.statusCode, 'a session used 3.5 s ago was ended by the idle time-out').toBe(200);
    await logout(cookie);
  });

  it('refuses a session past its absolute lifetime even while in use', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const tester = await testerByUsername(testApp.database, DEMO.username);
    await testApp.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.nowMs() - 1000), lastSeenAt: clock.now() })
      .where(eq(sessions.testerId, tester!.id));
    expectUnauthorized(await get('/api/account/CheckAuthorize', cookie));
  });

  it('sets the cookie lifetime to the absolute time-out (SESSION_ABSOLUTE_HOURS, 168 by default)', async () => {
    const response = await postJson(testApp.app, '/api/account/Login', { username: DEMO.username, password: DEMO.password });
    const session = response.cookies.find((cookie) => cookie.name === 'th_session');
    expect(session?.maxAge).toBe(168 * 3600);
  });
});

describe('GET /api/schedule/GetScreeners', () => {
  it("lists the demo tester's studies: those of site 00001 and the online ones, not those of other sites or closed ones", async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const response = await get('/api/schedule/GetScreeners', cookie);
    expect(response.statusCode).toBe(200);
    const screeners = response.json() as {
      screenerStudyNo: number;
      coinValue: number;
      colorName: string;
      testerLabel: string;
      studyBasicInfo: string;
    }[];
    // The demo studies of site 00001 and the online-only ones; not Dallas's 24102, not the closed 24109 (studies-seed.ts),
    // and not the cereal test 24101, whose screener the demo tester has passed (the staff results' demo row, decision 051).
    expect(screeners.map((screener) => screener.screenerStudyNo)).toEqual([24103, 24104, 24105, 24106, 24107, 24108]);
    const hairCare = screeners.find((screener) => screener.screenerStudyNo === 24103)!;
    expect(hairCare).toMatchObject({
      colorName: 'Orange',
      testerLabel: 'Teen and adult',
      coinValue: 40,
      studyBasicInfo: 'Take-home hair care study, 2 weeks, $75 gift card',
    });
    await logout(cookie);
  });
});
