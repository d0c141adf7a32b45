/**
 * Calendar days in a time zone, as 'YYYY-MM-DD'. A tester's day (the daily bonus, the login count,
 * later the week of a drawing and the month of a referral cap) is the company's day, not UTC's.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The last day formatted per time zone, with the minute it holds for. */
const lastDays = new Map<string, { minute: number; day: string }>();

export function localDay(at: Date, timeZone: string): string {
  // Every time zone's midnight falls on a whole minute (offsets are multiples of 15 minutes), so
  // one minute is one day: formatting (a few microseconds, on every write that needs its day) runs once a minute.
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatterFor(timeZone).format(at);
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** The first day of the month `day` ('YYYY-MM-DD') falls in. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Whether a time zone name is one this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The day `days` after (or before, when negative) `day`, both 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The ISO weekday of `day` ('YYYY-MM-DD'): 1 Monday ... 7 Sunday. */
export function isoWeekday(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7) + 1;
}

/** The last day on or before `day` that is an ISO `weekday` (1 Monday ... 7 Sunday): the start of a week that begins on it. */
export function weekStartOn(day: string, weekday: number): string {
  return addDays(day, -((isoWeekday(day) - weekday + 7) % 7));
}

/** The first day on or after `day` that is an ISO `weekday`. */
export function nextWeekdayFrom(day: string, weekday: number): string {
  return addDays(day, (weekday - isoWeekday(day) + 7) % 7);
}

/** The Monday that starts the company week of `day` (weeks run Monday to Sunday; the drawing's week follows its day, decision 065). */
export function weekStart(day: string): string {
  return weekStartOn(day, 1);
}
