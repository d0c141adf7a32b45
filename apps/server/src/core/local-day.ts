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
