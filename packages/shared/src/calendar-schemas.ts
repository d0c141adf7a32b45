import { z } from 'zod';
import { SESSION_KINDS } from './dashboard-schemas.ts';

/**
 * The staff calendar (issue 29, "A calendar of sessions"; decision 120): the sessions of a day or a
 * week per site and across sites, and a site's expected people of one day, on the page and as CSV.
 * Recruiters see every site, site staff their own sites (admins every site). Days are the site's
 * own calendar days, in its time zone; virtual sessions run from no site use DEFAULT_TIME_ZONE.
 */

/** The day lengths the calendar shows: a day or a week. */
export const CALENDAR_DAYS = [1, 7] as const;

/** A calendar day; years far from now are refused before they reach date arithmetic or the database. */
const day = z.iso
  .date({ error: 'Give a date as YYYY-MM-DD.' })
  .refine((value) => value >= '2000-01-01' && value <= '2099-12-31', 'Give a date between 2000 and 2099.');
const siteId = z.string().trim().min(1).max(10);

/**
 * GET /api/staff/calendar/Sessions?from=YYYY-MM-DD&days=1|7&siteId= (no siteId: every site the caller
 * may see). No `from`: today on the chosen site's clock, else the company's (a week: its Monday), so a
 * first read with a site in the address starts on the site's day (decision 145); the answer's `from` says which.
 */
export const calendarSessionsQuerySchema = z.object({
  from: day.optional(),
  days: z.coerce
    .number()
    .int()
    .refine((value) => (CALENDAR_DAYS as readonly number[]).includes(value), 'Show 1 or 7 days.')
    .default(7),
  siteId: siteId.optional(),
});
export type CalendarSessionsQuery = z.infer<typeof calendarSessionsQuerySchema>;

export const calendarSiteSchema = z.object({
  /** Null: virtual sessions run from no site. */
  siteId: z.string().nullable(),
  name: z.string(),
  /** IANA zone the site's sessions are shown in. */
  timeZone: z.string(),
});
export type CalendarSite = z.infer<typeof calendarSiteSchema>;

export const calendarSessionSchema = z.object({
  sessionId: z.number().int(),
  /** The session's day on its site's clock (YYYY-MM-DD). */
  day: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  testerDay: z.number().int(),
  siteId: z.string().nullable(),
  studyNo: z.number().int(),
  studyName: z.string(),
  group: z.object({ cell: z.string(), color: z.string(), kind: z.enum(SESSION_KINDS), status: z.enum(['Open', 'Closed']) }),
  /** The group's seats: a booking holds a seat in every session of its group. */
  seats: z.number().int(),
  /** Seats of live, checked-in and no-show bookings (a seat is given back only by a cancellation). */
  taken: z.number().int(),
  /** Seats held by live seat offers to the waiting list. */
  held: z.number().int(),
  /** Seats past `seats` that only staff may fill. */
  overbook: z.number().int(),
  /** Seats testers can still book: seats − taken − held, never below 0. */
  free: z.number().int(),
  /** Bookings still expected, checked in, and closed as no-shows. */
  booked: z.number().int(),
  checkedIn: z.number().int(),
  noShows: z.number().int(),
});
export type CalendarSession = z.infer<typeof calendarSessionSchema>;

export const calendarSessionsResponseSchema = z.object({
  status: z.literal('succeed'),
  from: z.string(),
  days: z.number().int(),
  /** The sites the caller may choose from (site staff: their own). */
  sites: z.array(calendarSiteSchema),
  /** Each session in the range, by start; each shown on its site's clock (`sites` names the zone). */
  sessions: z.array(calendarSessionSchema),
});
export type CalendarSessionsResponse = z.infer<typeof calendarSessionsResponseSchema>;

/** GET /api/staff/calendar/DayList?date=YYYY-MM-DD&siteId= and DayList.csv: one site's expected people of one day. */
export const dayListQuerySchema = z.object({ date: day, siteId });
export type DayListQuery = z.infer<typeof dayListQuerySchema>;

/** A person's visit on the list: still expected, checked in, or closed as a no-show. */
export const DAY_LIST_STATUSES = ['booked', 'checkedIn', 'noShow'] as const;
export type DayListStatus = (typeof DAY_LIST_STATUSES)[number];

export const DAY_LIST_STATUS_TEXTS: Record<DayListStatus, string> = {
  booked: 'Booked',
  checkedIn: 'Checked in',
  noShow: 'No-show',
};

export const dayListEntrySchema = z.object({
  /** The tester and session together: a household's visit to one session. */
  key: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  testerName: z.string(),
  phone: z.string(),
  /** Whether the tester holds a seat of their own, or only brings children. */
  testerBooked: z.boolean(),
  /** The tester's children booked in the same group, with their age in years on the day. */
  children: z.array(z.object({ name: z.string(), age: z.number().int() })),
  studyNo: z.number().int(),
  studyName: z.string(),
  cell: z.string(),
  /** Booked while anyone of the household is still expected; checked in when all came; no-show when none did. */
  status: z.enum(DAY_LIST_STATUSES),
});
export type DayListEntry = z.infer<typeof dayListEntrySchema>;

export const dayListResponseSchema = z.object({
  status: z.literal('succeed'),
  date: z.string(),
  site: calendarSiteSchema,
  /** By start time, then by the tester's name. */
  people: z.array(dayListEntrySchema),
});
export type DayListResponse = z.infer<typeof dayListResponseSchema>;

/** The CSV's header row; the page's table has the same columns and a box to tick. */
export const DAY_LIST_CSV_HEADER = ['Time', 'Ends', 'Tester', 'Phone', 'Tester booked', 'Children', 'Study', 'Cell', 'Status'] as const;
