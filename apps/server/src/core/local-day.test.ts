import { describe, expect, it } from 'vitest';
import { localDay } from './local-day.ts';

describe('localDay', () => {
  it("turns at each zone's midnight, to the second, however often it is asked within a minute", () => {
    // Chicago (UTC-6 in January), Kolkata (UTC+5:30), Kathmandu (UTC+5:45): midnights at 06:00, 18:30 and 18:15 UTC.
    const cases: [string, string, string, string][] = [
      ['America/Chicago', '2026-01-14T05:59:59.999Z', '2026-01-13', '2026-01-14'],
      ['Asia/Kolkata', '2026-01-14T18:29:59.999Z', '2026-01-14', '2026-01-15'],
      ['Asia/Kathmandu', '2026-01-14T18:14:59.999Z', '2026-01-14', '2026-01-15'],
    ];
    for (const [zone, lastMoment, before, after] of cases) {
      const end = new Date(lastMoment);
      expect(localDay(new Date(end.getTime() - 59_999), zone)).toBe(before);
      expect(localDay(end, zone)).toBe(before);
      expect(localDay(new Date(end.getTime() + 1), zone)).toBe(after);
      expect(localDay(end, zone)).toBe(before);
      expect(localDay(new Date(end.getTime() + 1), zone)).toBe(after);
    }
  });
});
