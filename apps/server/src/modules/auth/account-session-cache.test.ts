import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO, OUR_PAGE, getWith, loginCookie, testerByUsername } from '../../../test/account-helpers.ts';
import { createFakeClock } from '../../core/clock.ts';
import { sessions } from '../../core/db/schema.ts';

/**
 * The active-session cache (decision 011): an authenticated read is answered from this
 * process's memory, yet logout, the time-outs and every change this process makes are seen at
 * once, and a change made behind its back within SESSION_CACHE_SECONDS.
 */

let testApp: TestApp;
let longCacheApp: TestApp;
// Each app's services read these clocks; a test moves them instead of sleeping.
const clock = createFakeClock(Date.now());
const longClock = createFakeClock(Date.now());

beforeAll(async () => {
  [testApp, longCacheApp] = await Promise.all([
    createTestApp({ clock, env: { SESSION_CACHE_SECONDS: '1' } }),
    // A cache that would outlive both time-outs: only the cached times can end these sessions.
    createTestApp({ clock: longClock, env: { SESSION_CACHE_SECONDS: '300', SESSION_IDLE_MINUTES: '1', SESSION_ABSOLUTE_HOURS: '1' } }),
  ]);
});

afterAll(async () => {
  await Promise.all([testApp.close(), longCacheApp.close()]);
});

const status = async (app: TestApp, url: string, cookie: string) => (await getWith(app.app, url, { cookie })).statusCode;

async function expireInDatabase(app: TestApp) {
  const tester = await testerByUsername(app.database, DEMO.username);
  await app.database.db
    .update(sessions)
    .set({ expiresAt: new Date(app === testApp ? clock.nowMs() - 1000 : longClock.nowMs() - 1000) })
    .where(eq(sessions.testerId, tester!.id));
}

describe('active-session cache', () => {
  it('ends a cached session at logout: the copied cookie is refused at once', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect(await status(testApp, '/api/account/GetPKTesterInfo', cookie)).toBe(200);
    expect(await status(testApp, '/api/account/GetPKTesterInfo', cookie)).toBe(200);

    expect((await getWith(testApp.app, '/api/account/Logout', { cookie, headers: OUR_PAGE })).json()).toEqual({ status: 'succeed' });
    expect(await status(testApp, '/api/account/GetPKTesterInfo', cookie)).toBe(401);
    expect(await status(testApp, '/api/account/CheckAuthorize', cookie)).toBe(401);
  });

  it('sees a change made behind its back (another process, by hand) within SESSION_CACHE_SECONDS, and not before', async () => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    expect(await status(testApp, '/api/account/CheckAuthorize', cookie)).toBe(200);
    await expireInDatabase(testApp);
    // Read a moment ago: still trusted (this is the cache answering, not the database).
    expect(await status(testApp, '/api/account/CheckAuthorize', cookie)).toBe(200);
    clock.advance(1100);
    expect(await status(testApp, '/api/account/CheckAuthorize', cookie)).toBe(401);
  });

  it('applies the idle time-out to a cached session', async () => {
    const cookie = await loginCookie(longCacheApp.app, DEMO.username, DEMO.password);
    expect(await status(longCacheApp, '/api/account/GetPKTesterInfo', cookie)).toBe(200);
    longClock.advance(61_000);
    expect(await status(longCacheApp, '/api/account/GetPKTesterInfo', cookie)).toBe(401);
  });

  it('keeps a cached session alive while it is used, and writes the use down', async () => {
    const cookie = await loginCookie(longCacheApp.app, DEMO.username, DEMO.password);
    expect(await status(longCacheApp, '/api/account/GetPKTesterInfo', cookie)).toBe(200);
    const start = longClock.nowMs();
    // Used every 40 s for 4 minutes: never idle for the one-minute time-out.
    for (let step = 1; step <= 6; step += 1) {
      longClock.set(start + step * 40_000);
      expect(await status(longCacheApp, '/api/account/GetPKTesterInfo', cookie), `request ${step}, ${step * 40} s after login`).toBe(200);
    }
    const tester = await testerByUsername(longCacheApp.database, DEMO.username);
    const rows = await longCacheApp.database.db.select().from(sessions).where(eq(sessions.testerId, tester!.id));
    const latestUse = Math.max(...rows.map((row) => row.lastSeenAt.getTime()));
    // The database knows of the use too, so another process (or a restart) keeps the session.
    expect(latestUse).toBeGreaterThanOrEqual(start + 200_000);
  });

  it('applies the absolute lifetime to a cached session that is in use', async () => {
    const cookie = await loginCookie(longCacheApp.app, DEMO.username, DEMO.password);
    expect(await status(longCacheApp, '/api/account/CheckAuthorize', cookie)).toBe(200);
    const start = longClock.nowMs();
    // Used every 40 s (never idle) for the whole hour, past the cache's own 300 s.
    for (let elapsed = 40_000; elapsed < 3600_000; elapsed += 40_000) {
      longClock.set(start + elapsed);
      expect(await status(longCacheApp, '/api/account/CheckAuthorize', cookie), `${elapsed / 1000} s after login`).toBe(200);
    }
    longClock.set(start + 3600_000 + 1000);
    expect(await status(longCacheApp, '/api/account/CheckAuthorize', cookie)).toBe(401);
  });
});
