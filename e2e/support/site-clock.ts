import { randomInt } from 'node:crypto';

/** The demo test sites' zone: the pages show session times on the site's clock. */
export const SITE_ZONE = 'America/Chicago';
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * A session `days` ahead at a random five-minute mark within the next twelve hours, `minutes` long:
 * sessions of one tester `days` two or more apart never overlap, and another test's rarely share a time.
 */
export function slot(days: number, minutes: number) {
  const start = Math.floor((Date.now() + days * DAY) / (5 * MINUTE)) * 5 * MINUTE + randomInt(0, 144) * 5 * MINUTE;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + minutes * MINUTE).toISOString() };
}

/** The day of `instant` on the site's calendar, as '2026-11-29'. */
const siteDay = (instant: number) => new Intl.DateTimeFormat('en-CA', { timeZone: SITE_ZONE }).format(new Date(instant));

/**
 * A session start `minutes` before now while that is still today on the site's clock, otherwise as
 * long after now: just past the site's midnight a session that began half an hour ago is
 * yesterday's, which the door's search and the calendar's day leave out. Staff may check a tester
 * in at any time of the session's day. Whole minutes, so that its time on a page names it.
 */
export function startToday(minutes: number): string {
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const before = now - minutes * MINUTE;
  return new Date(siteDay(before) === siteDay(now) ? before : now + minutes * MINUTE).toISOString();
}

export function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

function siteParts(instant: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: SITE_ZONE, ...options }).formatToParts(new Date(instant));
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** 'Friday, December 25th, 2026' on the site's calendar. */
export function siteDate(instant: string): string {
  const p = siteParts(instant, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return `${p.weekday}, ${p.month} ${ordinal(Number(p.day))}, ${p.year}`;
}

/** '9:05 AM' on the site's clock. */
export function siteTime(instant: string): string {
  const p = siteParts(instant, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

const siteZoneName = (instant: string) => siteParts(instant, { timeZoneName: 'short' }).timeZoneName!;

/** 'Friday, December 25th, 2026, 9:05 AM – 10:35 AM CST'. */
export const siteSession = (session: { startsAt: string; endsAt: string }) =>
  `${siteDate(session.startsAt)}, ${siteTime(session.startsAt)} – ${siteTime(session.endsAt)} ${siteZoneName(session.startsAt)}`;

/** 'Friday, December 25th, 2026, 9:05 AM CST'. */
export const siteMoment = (instant: string) => `${siteDate(instant)}, ${siteTime(instant)} ${siteZoneName(instant)}`;
