import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Database, Executor } from '../../core/db/client.ts';
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
  /** The windows on another handle: a hit that counts inside the caller's unit of work. */
  windowsOn: (handle: Executor) => ReturnType<typeof createRateLimitRepository>;
  now: () => number;
  /** The time (ms) of this instance's last sweep of expired windows. */
  sweptAt: number;
  /** Told of every attempt a limit refuses, with the limit's name (the metrics' refusal counter). */
  onRefused?: (limit: string) => void;
}

export function createRateLimitStore(db: Database, now: () => number, onRefused?: (limit: string) => void): RateLimitStore {
  return {
    windows: createRateLimitRepository(db),
    windowsOn: createRateLimitRepository,
    now,
    sweptAt: Number.NEGATIVE_INFINITY,
    onRefused,
  };
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
   * Given `within`, the hit counts in that unit of work and is undone if it rolls back.
   */
  async hit(key: string, within?: Executor): Promise<boolean> {
    const time = this.store.now();
    const windows = within ? this.store.windowsOn(within) : this.store.windows;
    const count = await windows.hit(this.storedKey(key), new Date(time), new Date(time + this.windowMs), this.limit + 1);
    await this.sweep(time, windows);
    if (count <= this.limit) return true;
    this.store.onRefused?.(this.name);
    return false;
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
  private async sweep(time: number, windows: RateLimitStore['windows']) {
    if (time - this.store.sweptAt < SWEEP_EVERY_MS && time >= this.store.sweptAt) return;
    this.store.sweptAt = time;
    await windows.sweep(new Date(time), SWEEP_BATCH);
  }
}

/**
 * What a per-address limit counts (decision 075): an IPv4 client by its address, an IPv6 client by
 * its /64 (one subscriber's network: anyone given a /64 can use 2^64 addresses, so counting single
 * addresses would let one person multiply every limit), an IPv4-mapped IPv6 address (::ffff:1.2.3.4,
 * what a dual-stack socket reports for an IPv4 client) as its IPv4 address. Every per-address limit
 * keys on this, never on request.ip itself.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names the interface, not the client
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with :: expanded and a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** A username or e-mail address as a per-target limit counts it: one key whatever its case or surrounding spaces. */
export const nameTarget = (value: string): string => value.trim().toLowerCase();

/** A phone number as a per-target limit counts it: its digits only, so "(312) 555-0100" and "3125550100" share a key. */
export const phoneTarget = (value: string): string => value.replace(/\D/g, '');
