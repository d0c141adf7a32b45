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

export function localDay(at: Date, timeZone: string): string {
  return formatterFor(timeZone).format(at);
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

/** The Monday that starts the week of `day` (weeks run Monday to Sunday: the drawing is on Mondays). */
export function weekStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
