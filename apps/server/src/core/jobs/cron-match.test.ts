import { describe, expect, it } from 'vitest';
import { cronFiresAt } from './cron-match.ts';

const CHICAGO = 'America/Chicago';

describe('cronFiresAt', () => {
  it("the drawing's schedule fires at five past every hour of Monday in Chicago, not of Monday in UTC", () => {
    // 2026-03-02 is a Monday; Chicago is UTC-6 then.
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-02T06:05:00Z'), CHICAGO)).toBe(true); // 00:05 Monday
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-02T06:05:59Z'), CHICAGO)).toBe(true); // the same minute
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-03T05:05:00Z'), CHICAGO)).toBe(true); // 23:05 Monday
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-02T05:05:00Z'), CHICAGO)).toBe(false); // 23:05 Sunday, Monday in UTC
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-02T06:06:00Z'), CHICAGO)).toBe(false);
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-02T06:05:00Z'), 'UTC')).toBe(true);
    expect(cronFiresAt('5 * * * 1', new Date('2026-03-01T06:05:00Z'), 'UTC')).toBe(false); // a Sunday
    // After the change to daylight time (8 March) Chicago is UTC-5: the same schedule follows the zone's clock.
    expect(cronFiresAt('5 * * * 1', new Date('2026-07-06T05:05:00Z'), CHICAGO)).toBe(true); // 00:05 Monday
    expect(cronFiresAt('5 * * * 1', new Date('2026-07-06T04:05:00Z'), CHICAGO)).toBe(false); // 23:05 Sunday
  });

  it('steps, ranges, lists, Sunday as 0 or 7, and either day field when both are restricted', () => {
    const at = new Date('2026-03-01T12:20:00Z'); // Sunday 1 March, 12:20 UTC
    expect(cronFiresAt('*/10 * * * *', at, 'UTC')).toBe(true);
    expect(cronFiresAt('*/15 * * * *', at, 'UTC')).toBe(false);
    expect(cronFiresAt('20 9-17/3 * * *', at, 'UTC')).toBe(true);
    expect(cronFiresAt('20 9-17/2 * * *', at, 'UTC')).toBe(false);
    expect(cronFiresAt('20 12 * 1,3 7', at, 'UTC')).toBe(true);
    expect(cronFiresAt('20 12 * * 0', at, 'UTC')).toBe(true);
    expect(cronFiresAt('20 12 15 * 0', at, 'UTC')).toBe(true);
    expect(cronFiresAt('20 12 15 * 1', at, 'UTC')).toBe(false);
    expect(() => cronFiresAt('5 * * 1', at, 'UTC')).toThrow(/five fields/);
    expect(() => cronFiresAt('61 * * * *', at, 'UTC')).toThrow(/out of range/);
  });
});
