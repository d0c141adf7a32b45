import { createHash } from 'node:crypto';
import type { Database } from '../../core/db/client.ts';
import { createRateLimitRepository } from './rate-limit-repository.ts';

/** Expired windows are swept at most this often per instance, by the hit that comes due. */
const SWEEP_EVERY_MS = 60_000;
/** Rows one sweep deletes at most, so that the hit that sweeps stays quick. */
const SWEEP_BATCH = 5_000;
/** Keys stored as they are when short and printable; any other is stored as its SHA-256. */
const READABLE_KEY = /^[\x20-\x7e]{1,200}$/;

/**
 * Where the limiters count: the database every instance shares (decision 062), and the app's
 * clock (a fake one in tests). Made once per app; every limiter of the app counts through it.
 */
export interface RateLimitStore {
  windows: ReturnType<typeof createRateLimitRepository>;
  now: () => number;
  /** The time (ms) of this instance's last sweep of expired windows. */
  sweptAt: number;
}

export function createRateLimitStore(db: Database, now: () => number): RateLimitStore {
  return { windows: createRateLimitRepository(db), now, sweptAt: Number.NEGATIVE_INFINITY };
}

/**
 * Fixed-window counters in the database, so that every instance on one PostgreSQL counts the same
 * attempts (decisions 008, 062). Keys name what is limited: "user:alice", "ip:1.2.3.4"; the
 * limiter's name keeps two limiters' keys apart ("login-account:user:alice").
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Counts one attempt; false once the key has used up its window. One statement counts and
   * answers, so concurrent hits on any instance are admitted exactly `limit` times. A window past
   * its end, or one ending further ahead than a window (a clock set back, in tests), starts again.
   */
  async hit(key: string): Promise<boolean> {
    const time = this.store.now();
    const count = await this.store.windows.hit(this.storedKey(key), new Date(time), new Date(time + this.windowMs), this.limit + 1);
    await this.sweep(time);
    return count <= this.limit;
  }

  /** Forgets the key's window (a right password clears the wrong ones). */
  async reset(key: string): Promise<void> {
    await this.store.windows.reset(this.storedKey(key));
  }

  private storedKey(key: string): string {
    const named = `${this.name}:${key}`;
    return READABLE_KEY.test(named) ? named : `${this.name}:#${createHash('sha256').update(key).digest('base64url')}`;
  }

  /** Deletes windows past their end, at most once a minute per instance (a cheap indexed delete). */
  private async sweep(time: number) {
    if (time - this.store.sweptAt < SWEEP_EVERY_MS && time >= this.store.sweptAt) return;
    this.store.sweptAt = time;
    await this.store.windows.sweep(new Date(time), SWEEP_BATCH);
  }
}
