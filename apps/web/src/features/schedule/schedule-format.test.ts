import { afterEach, describe, expect, test, vi } from 'vitest';
import { formatCompensation, formatDate, formatMoment, formatSession, formatTime, ordinal } from './schedule-format';

// Node reads TZ again whenever it changes: vi.stubEnv moves the "machine" to another zone.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('schedule dates and times (spec 3, section 9: ordinal dates, 12-hour times)', () => {
  test('ordinal suffixes, 11th to 13th included', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 24, 30, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '30th',
      '31st',
    ]);
  });

  test.each([
    ['UTC', 15],
    ['Asia/Tokyo', 0],
    ['America/Los_Angeles', 7],
    ['Pacific/Kiritimati', 5],
  ])('a Chicago booking is shown in Chicago time on a machine in %s', (zone, machineHour) => {
    vi.stubEnv('TZ', zone);
    // The machine's own clock really is in that zone for this pass.
    expect(new Date('2026-11-24T15:00:00Z').getHours()).toBe(machineHour);
    // 15:00 UTC on 24 November is 9 AM in Chicago (CST, UTC-6).
    expect(formatSession('2026-11-24T15:00:00Z', '2026-11-24T17:30:00Z', 'America/Chicago')).toBe(
      'Tuesday, November 24th, 2026, 9:00 AM – 11:30 AM CST',
    );
    // 03:30 UTC on 1 July is still 30 June, 10:30 PM, in Chicago (CDT, UTC-5).
    expect(formatDate('2026-07-01T03:30:00Z', 'America/Chicago')).toBe('Tuesday, June 30th, 2026');
    expect(formatTime('2026-07-01T03:30:00Z', 'America/Chicago')).toBe('10:30 PM');
    expect(formatMoment('2026-07-01T03:30:00Z', 'America/Chicago')).toBe('Tuesday, June 30th, 2026, 10:30 PM CDT');
  });

  test('another site keeps its own zone: noon in Los Angeles, midnight in New York', () => {
    expect(formatMoment('2026-11-24T20:00:00Z', 'America/Los_Angeles')).toBe('Tuesday, November 24th, 2026, 12:00 PM PST');
    expect(formatMoment('2026-11-24T05:00:00Z', 'America/New_York')).toBe('Tuesday, November 24th, 2026, 12:00 AM EST');
  });

  test('total compensation in dollars, cents only when there are some', () => {
    expect(formatCompensation(150)).toBe('$150');
    expect(formatCompensation(75.5)).toBe('$75.50');
    expect(formatCompensation(1200)).toBe('$1,200');
  });
});
