import { sql } from 'drizzle-orm';
import { resultRows, type Executor } from '../../core/db/client.ts';
import { rateLimitWindows } from './rate-limit-tables.ts';

/** The rate limiters' windows (decision 062): one statement per hit, reset and sweep. */
export function createRateLimitRepository(db: Executor) {
  return {
    /**
     * Counts one hit of `key` and answers the window's count, in one statement: a new key, or a
     * window that has ended at `now` (or that ends after `resetAt`, a clock set back), starts at 1
     * ending at `resetAt`; any other adds one, held at `cap` so that a flood cannot overflow it.
     * Concurrent hits on any instance serialise on the row, so none is lost.
     */
    async hit(key: string, now: Date, resetAt: Date, cap: number): Promise<number> {
      // Ended, or ending further ahead than one more window (a clock set back). Not merely later
      // than this hit's end: simultaneous hits read the time in one order and reach the database in
      // another, and a hit a few milliseconds older must count in the window, not start it again.
      const at = sql`${now.toISOString()}::timestamptz`;
      const ended = sql`${rateLimitWindows.resetAt} <= ${at} or ${rateLimitWindows.resetAt} > excluded.reset_at + (excluded.reset_at - ${at})`;
      const result = await db.execute(sql`
        insert into ${rateLimitWindows} (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()}::timestamptz)
        on conflict (key) do update set
          count = case when ${ended} then 1 else least(${rateLimitWindows.count} + 1, ${cap}) end,
          reset_at = case when ${ended} then excluded.reset_at else ${rateLimitWindows.resetAt} end
        returning count`);
      return Number(resultRows<{ count: number }>(result)[0]!.count);
    },

    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from ${rateLimitWindows} where key = ${key}`);
    },

    /** Deletes at most `batch` windows that ended at or before `now` (by the reset_at index). */
    async sweep(now: Date, batch: number): Promise<void> {
      await db.execute(sql`
        delete from ${rateLimitWindows} where key in (
          select key from ${rateLimitWindows} where reset_at <= ${now.toISOString()}::timestamptz limit ${batch})`);
    },
  };
}
