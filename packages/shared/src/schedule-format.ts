/**
 * Dates and times of a session, in its test site's time zone, never the reader's: ordinal dates and
 * 12-hour times (spec 3, section 9). Shared: the schedule pages and the schedule e-mails say the same.
 * In Spanish (issue 28) the platform's own es-US wording: 'lunes, 23 de noviembre de 2026', '9:00 a.m.'.
 */
import type { Language } from './i18n.ts';

const LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}

const DATE: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };
const ZONE: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };
const FORMATS = { date: DATE, time: TIME, zone: ZONE };

/** At most this many kept formatters; past it they are all let go, so odd zone spellings cannot grow the map. */
const MAX_KEPT_FORMATTERS = 1_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of a language, zone and format, built once: building one costs far more than
 * formatting with it (a booking's e-mail formats four times; decision 125).
 */
function formatterFor(language: Language, timeZone: string, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${language} ${format} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE[language], { timeZone, ...FORMATS[format] });
    if (formatters.size >= MAX_KEPT_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

function parts(instant: string, timeZone: string, format: keyof typeof FORMATS): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of formatterFor('en', timeZone, format).formatToParts(new Date(instant))) {
    found[part.type] = part.value;
  }
  return found;
}

function inSpanish(instant: string, timeZone: string, format: keyof typeof FORMATS): string {
  return formatterFor('es', timeZone, format).format(new Date(instant));
}

/** 'Monday, November 23rd, 2026' on the site's calendar ('lunes, 23 de noviembre de 2026'). */
export function formatDate(instant: string, timeZone: string, language: Language = 'en'): string {
  if (language === 'es') return inSpanish(instant, timeZone, 'date');
  const p = parts(instant, timeZone, 'date');
  return `${p.weekday}, ${p.month} ${ordinal(Number(p.day))}, ${p.year}`;
}

/** '9:00 AM' on the site's clock ('9:00 a.m.'). */
export function formatTime(instant: string, timeZone: string, language: Language = 'en'): string {
  if (language === 'es') return inSpanish(instant, timeZone, 'time');
  const p = parts(instant, timeZone, 'time');
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** The zone's short name at that instant ('CST', 'CDT'), so a tester elsewhere knows whose clock it is. */
export function zoneName(instant: string, timeZone: string): string {
  return parts(instant, timeZone, 'zone').timeZoneName ?? timeZone;
}

/** 'Monday, November 23rd, 2026, 9:00 AM – 11:00 AM CST'. */
export function formatSession(startsAt: string, endsAt: string, timeZone: string, language: Language = 'en'): string {
  return `${formatDate(startsAt, timeZone, language)}, ${formatTime(startsAt, timeZone, language)} – ${formatTime(endsAt, timeZone, language)} ${zoneName(startsAt, timeZone)}`;
}

/**
 * The names of a pick-up study's two dates (spec 3: a curb-side pick-up date plus a virtual
 * video-session date, both labelled on every page and e-mail): the pages and the e-mails say the same.
 */
export const PICK_UP_DATE_LABELS = { pickUp: 'Curb-side pick-up', videoSession: 'Virtual video session' } as const;

/** 'Monday, November 23rd, 2026, 9:00 AM CST': one moment (a pick-up or video-session date). */
export function formatMoment(instant: string, timeZone: string, language: Language = 'en'): string {
  return `${formatDate(instant, timeZone, language)}, ${formatTime(instant, timeZone, language)} ${zoneName(instant, timeZone)}`;
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$150' or '$75.50'. */
export function formatCompensation(amount: number): string {
  return (Number.isInteger(amount) ? wholeDollars : withCents).format(amount);
}
