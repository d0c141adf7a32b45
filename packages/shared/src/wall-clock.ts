/**
 * A date and time on a zone's wall clock (as staff enter and read a session's times, decision 051)
 * and the instant it names, both ways. Not a schema: the server seeds and saves session times with it.
 */

/** An instant's year, month, day, hour and minute on the zone's clock (24-hour). */
function wallClockParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/**
 * The instant a wall-clock date and time on the zone's clock names. A time the zone skips (spring
 * forward) lands an hour earlier on its clock; a time it repeats (fall back) is the first of the two.
 */
export function wallClockToInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number) => {
    const wall = wallClockParts(instant, timeZone);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - instant;
  };
  const guess = asUtc - offsetAt(asUtc);
  const offset = offsetAt(guess);
  return new Date(offset === asUtc - guess ? guess : asUtc - offset);
}

const two = (value: number) => String(value).padStart(2, '0');

/** The date (YYYY-MM-DD) and 24-hour time (HH:MM) of an instant on the zone's clock. */
export function instantToWallClock(instant: Date | string, timeZone: string): { date: string; time: string } {
  const wall = wallClockParts(new Date(instant).getTime(), timeZone);
  return { date: `${wall.year}-${two(wall.month)}-${two(wall.day)}`, time: `${two(wall.hour)}:${two(wall.minute)}` };
}

/** A date and time with no zone of its own ('2026-12-01T09:00', as a datetime-local field gives it). */
const ZONELESS_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The instant a date-time staff sent names (decision 135): one with no zone of its own is read on
 * `timeZone`'s clock (the study's test site, or the company's), never on the server's or browser's;
 * one with an offset or Z is that instant.
 */
export function instantOnClock(value: string, timeZone: string): Date {
  const zoneless = ZONELESS_DATE_TIME.exec(value);
  return zoneless ? wallClockToInstant(zoneless[1]!, zoneless[2]!, timeZone) : new Date(value);
}

/** An instant as a datetime-local field shows it on the zone's clock ('YYYY-MM-DDTHH:mm'). */
export function wallClockInput(instant: Date | string, timeZone: string): string {
  const { date, time } = instantToWallClock(instant, timeZone);
  return `${date}T${time}`;
}

/**
 * The zone as staff read it next to a date-time field (decision 135): its city and its abbreviation
 * and offset at `at`, e.g. "Chicago time (CST, UTC−6)"; UTC says itself.
 */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const part = (timeZoneName: 'short' | 'shortOffset') =>
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const city = (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
  const short = part('short');
  const offset = part('shortOffset').replace('GMT', 'UTC').replace('-', '−') || 'UTC';
  return short && short !== part('shortOffset') ? `${city} time (${short}, ${offset})` : `${city} time (${offset})`;
}
