/**
 * The one source of time for services and repositories (GUIDE section 4): production reads the
 * system clock, tests set and move a fake one, so expiries, cut-offs, weeks and day 28 are tested
 * without sleeping. Nothing in a service calls Date.now() or new Date() for "now".
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  nowMs(): number;
  now(): Date;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  now: () => new Date(),
};

export interface FakeClock extends Clock {
  set(time: Date | string | number): void;
  advance(ms: number): void;
}

/** A clock that stands still until a test moves it. */
export function createFakeClock(start: Date | string | number = '2026-01-15T12:00:00Z'): FakeClock {
  let current = new Date(start).getTime();
  return {
    nowMs: () => current,
    now: () => new Date(current),
    set: (time) => {
      current = new Date(time).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
