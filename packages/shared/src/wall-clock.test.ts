import { describe, expect, it } from 'vitest';
import { instantToWallClock, wallClockToInstant } from './wall-clock.ts';

describe('the site’s wall clock (decision 051)', () => {
  it('turns a date and time on the zone’s clock into the instant, across both offsets and the changes', () => {
    expect(wallClockToInstant('2026-12-01', '09:00', 'America/Chicago').toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(wallClockToInstant('2026-07-01', '09:00', 'America/Chicago').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(wallClockToInstant('2026-07-01', '09:30', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T16:30:00.000Z');
    // Fall back: 1:30 comes twice; the first (still daylight time) is meant.
    expect(wallClockToInstant('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('reads an instant back as the form’s date and time', () => {
    expect(instantToWallClock('2026-12-01T15:00:00Z', 'America/Chicago')).toEqual({ date: '2026-12-01', time: '09:00' });
    expect(instantToWallClock(new Date('2026-07-01T04:05:00Z'), 'America/Chicago')).toEqual({ date: '2026-06-30', time: '23:05' });
  });
});
