import { afterEach, describe, expect, it } from 'vitest';
import { formatMoment, formatSession } from './schedule-format.ts';

const RealDateTimeFormat = Intl.DateTimeFormat;

afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

/** Counts the Intl.DateTimeFormat objects built while it is installed. */
function countFormattersBuilt() {
  const built = { count: 0 };
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      built.count += 1;
      return new target(...args);
    },
  });
  return built;
}

describe('a session formatted on its site’s clock (decision 125)', () => {
  it('builds its Intl formatters once per language and zone, not on every call', () => {
    // The first call of each language and zone may build them.
    formatSession('2026-12-01T15:00:00Z', '2026-12-01T17:00:00Z', 'America/Chicago');
    formatSession('2026-12-01T15:00:00Z', '2026-12-01T17:00:00Z', 'America/Chicago', 'es');

    const built = countFormattersBuilt();
    expect(formatSession('2026-12-08T15:00:00Z', '2026-12-08T17:00:00Z', 'America/Chicago')).toBe(
      'Tuesday, December 8th, 2026, 9:00 AM – 11:00 AM CST',
    );
    expect(formatSession('2026-07-08T14:00:00Z', '2026-07-08T16:00:00Z', 'America/Chicago', 'es')).toBe(
      'miércoles, 8 de julio de 2026, 9:00 a.m. – 11:00 a.m. CDT',
    );
    expect(formatMoment('2026-12-09T15:00:00Z', 'America/Chicago')).toBe('Wednesday, December 9th, 2026, 9:00 AM CST');
    expect(built.count).toBe(0);
  });

  it('keeps each zone’s formatters apart', () => {
    const at = '2026-12-01T15:00:00Z';
    expect(formatMoment(at, 'America/Chicago')).toBe('Tuesday, December 1st, 2026, 9:00 AM CST');
    expect(formatMoment(at, 'America/New_York')).toBe('Tuesday, December 1st, 2026, 10:00 AM EST');
    expect(formatMoment(at, 'Asia/Tokyo')).toBe('Wednesday, December 2nd, 2026, 12:00 AM GMT+9');
    expect(formatMoment(at, 'America/Chicago', 'es')).toBe('martes, 1 de diciembre de 2026, 9:00 a.m. CST');
  });
});
