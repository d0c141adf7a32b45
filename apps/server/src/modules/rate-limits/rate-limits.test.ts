import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, login } from '../../../test/account-helpers.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { buildApp } from '../../app.ts';
import { createFakeClock, MINUTE_MS } from '../../core/clock.ts';
import { loadConfig } from '../../core/config/env.ts';
import { resultRows } from '../../core/db/client.ts';
import { rateLimitWindows } from './rate-limit-tables.ts';
import { createRateLimitStore, RateLimiter } from './rate-limit-service.ts';

/**
 * The rate limits counted in the database (decision 062): two server instances on one PostgreSQL
 * (TEST_DATABASE_URL; one instance on PGlite) share one count, concurrent hits are admitted
 * exactly `limit` times, a window ends on the (fake) clock, and expired windows are swept.
 */

const WINDOW_MS = 15 * MINUTE_MS;
const clock = createFakeClock('2026-03-02T09:00:00Z');
const { db, perInstance, handles } = useInstanceDatabases();

/** A limiter of `limit` per window on each instance's connection, each instance with its own store (as two processes have). */
const limiters = (name: string, limit: number) =>
  perInstance((database) => new RateLimiter(createRateLimitStore(database, clock.nowMs), name, limit, WINDOW_MS));

const windowRows = async (prefix: string) =>
  (await db().select().from(rateLimitWindows)).filter((row) => row.key.startsWith(prefix)).map((row) => row.key);

describe('rate limits in the database', () => {
  it('admits exactly the limit of concurrent hits sent to two instances, and refuses the next', async () => {
    const [first, second] = limiters('concurrent', 10);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 ? first! : second!).hit('ip:10.0.0.1')));
    expect(answers.filter(Boolean)).toHaveLength(10);
    expect(await first!.hit('ip:10.0.0.1')).toBe(false);
    expect(await second!.hit('ip:10.0.0.1')).toBe(false);
    // Another key has a window of its own.
    expect(await second!.hit('ip:10.0.0.2')).toBe(true);
  });

  it('counts again from one once the window has ended, and when the clock is set back past it', async () => {
    clock.set('2026-03-02T09:00:00Z');
    const [first, second] = limiters('window', 2);
    expect([await first!.hit('user:ada'), await second!.hit('user:ada'), await first!.hit('user:ada')]).toEqual([true, true, false]);
    clock.advance(WINDOW_MS - 1);
    expect(await second!.hit('user:ada')).toBe(false);
    clock.advance(1);
    expect([await second!.hit('user:ada'), await first!.hit('user:ada'), await first!.hit('user:ada')]).toEqual([true, true, false]);
    // A window that ends further ahead than one window (a test's clock moved back) does not hold the key for longer.
    clock.set('2026-03-01T09:00:00Z');
    expect(await first!.hit('user:ada')).toBe(true);
  });

  it("counts a hit whose time was read before the last one's (simultaneous hits reach the database in any order)", async () => {
    clock.set('2026-03-02T12:00:00Z');
    const [first, second] = limiters('order', 2);
    expect([await first!.hit('phone:3125550177'), await second!.hit('phone:3125550177')]).toEqual([true, true]);
    // A request that read the clock 40 ms before the others and reached the database after them.
    clock.advance(-40);
    expect(await first!.hit('phone:3125550177')).toBe(false);
  });

  it('forgets a key on reset, for every instance', async () => {
    const [first, second] = limiters('reset', 1);
    expect(await first!.hit('login:bea')).toBe(true);
    expect(await second!.hit('login:bea')).toBe(false);
    await first!.reset('login:bea');
    expect(await second!.hit('login:bea')).toBe(true);
  });

  it('keeps two limiters with the same keys apart', async () => {
    const [accounts] = limiters('one-limiter', 1);
    const [codes] = limiters('other-limiter', 1);
    expect(await accounts!.hit('x')).toBe(true);
    expect(await codes!.hit('x')).toBe(true);
    expect(await accounts!.hit('x')).toBe(false);
  });

  it('counts keys the database could not index or store as they are (long, NUL, lone surrogates) by their hash', async () => {
    const [limiter] = limiters('odd', 1);
    for (const key of ['x'.repeat(100_000), 'a\u0000b', '\ud800', 'é😀']) {
      expect(await limiter!.hit(key)).toBe(true);
      expect(await limiter!.hit(key)).toBe(false);
    }
    const keys = await windowRows('odd:');
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(key).toMatch(/^odd:#[\w-]{43}$/);
  });

  it('sweeps windows past their end at most once a minute per instance', async () => {
    clock.set('2026-03-05T09:00:00Z');
    const store = createRateLimitStore(handles()[0]!.db, clock.nowMs);
    const limiter = new RateLimiter(store, 'sweep', 5, 10_000);
    for (const key of ['a', 'b', 'c']) await limiter.hit(key);
    clock.advance(61_000);
    await limiter.hit('d');
    // Swept by the first hit a minute later: a, b and c had ended (and the earlier tests' rows with them).
    expect(await windowRows('sweep:')).toEqual(['sweep:d']);
    const ended = await db().execute(sql`select key from rate_limit_windows where reset_at <= ${clock.now().toISOString()}::timestamptz`);
    expect(resultRows(ended)).toEqual([]);
    // Within the minute no second sweep runs: d has ended but stays until the next one.
    clock.advance(20_000);
    await limiter.hit('e');
    expect((await windowRows('sweep:')).sort()).toEqual(['sweep:d', 'sweep:e']);
    clock.advance(45_000);
    await limiter.hit('f');
    expect(await windowRows('sweep:')).toEqual(['sweep:f']);
  });
});

describe('two app instances on one database', () => {
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_ATTEMPTS_PER_WINDOW: '4' });
    for (const index of [0, 1]) {
      const database = handles()[index % handles().length]!;
      const app = await buildApp({ config: { ...config, webDistDir: undefined }, database, clock });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('share the wrong-password count of one account: the limit holds across both, and the block too', async () => {
    clock.set('2026-03-09T09:00:00Z');
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await login(apps[attempt % 2]!, DEMO.username, `Wrong#Pass${attempt}`, { remoteAddress: `10.9.${attempt}.1` });
      statuses.push(response.statusCode === 429 ? 429 : response.json().status);
    }
    expect(statuses).toEqual(['failed', 'failed', 'failed', 'failed', 429, 429]);
    // The right password is refused on either instance while the block lasts, and works after the window.
    expect((await login(apps[0]!, DEMO.username, DEMO.password)).statusCode).toBe(429);
    expect((await login(apps[1]!, DEMO.username, DEMO.password)).statusCode).toBe(429);
    clock.advance(WINDOW_MS);
    expect((await login(apps[1]!, DEMO.username, DEMO.password)).json().status).toBe('succeed');
  });
});
