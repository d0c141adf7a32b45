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
