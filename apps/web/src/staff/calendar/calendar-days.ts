/**
 * Calendar days (YYYY-MM-DD) for the staff calendar (decision 120). A day is a name, not an instant:
 * the server places each session on its own site's day; these only count and name days.
 */

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/** The day as given when it is a real calendar day, else null. */
export function validDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = atNoon(value);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

export function addDays(day: string, days: number): string {
  return new Date(atNoon(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday that starts the week of `day` (the company's weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  return addDays(day, -((atNoon(day).getUTCDay() + 6) % 7));
}

/** 'Wednesday, November 25, 2026'. */
export const dayName = (day: string) =>
  atNoon(day).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Wed, Nov 25'. */
export const shortDayName = (day: string) =>
  atNoon(day).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
