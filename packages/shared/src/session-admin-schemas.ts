import { z } from 'zod';
import { GROUP_STATUSES, SESSION_KINDS } from './schedule-schemas.ts';
import { text } from './text.ts';
import { quotaFillSchema } from './quota-fill.ts';
import { STUDY_NOT_FOUND, studyNoParam, studyQuerySchema } from './study-query.ts';

/**
 * The recruiters' session groups and study results (issue 12 section 2; decision 051): a study's
 * groups created, edited, opened and closed, and per study the screener results, the waiting list,
 * the bookings per group and a CSV export. Under /api/staff/sessions and /api/staff/study-results.
 * Times are entered as the test site's wall clock (date and 24-hour time), as staff read them.
 */

export const SESSION_ADMIN_TEXTS = {
  siteRequired: 'Choose the test site.',
  videoLinkRequired: 'Enter the video link (https://…).',
  videoLinkInvalid: 'Enter a web address that starts with https://.',
  pickUpRequired: 'Enter the pick-up date and time.',
  colorRequired: 'Enter the colour.',
  cellRequired: 'Enter the cell.',
  tooLong: 'Keep it under 100 characters.',
  unreadable: 'Remove the characters that are not allowed.',
  costInvalid: 'Enter the compensation in dollars, 0 or more (up to 10,000).',
  seatsInvalid: 'Enter a whole number of seats from 1 to 1,000.',
  overbookInvalid: 'Enter a whole number of extra seats from 0 to 100.',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  timeInvalid: 'Enter the time as HH:MM (24-hour).',
  endAfterStart: 'The session must end after it starts.',
  sessionsRequired: 'Add at least one session day.',
  tooManySessions: 'A group has at most 10 session days.',
  sessionsOverlap: 'Session days must not overlap.',
  studyNotFound: STUDY_NOT_FOUND,
  groupNotFound: 'That session group no longer exists.',
  unknownSite: 'There is no such test site.',
  created: 'Session group added.',
  updated: 'Session group saved.',
  opened: 'Session group opened.',
  closed: 'Session group closed.',
  fixedWhileBooked:
    'This group holds bookings: its kind, site, pick-up and session times cannot change. Close it and add a new group instead.',
  seatsBelowBookings: (held: number) =>
    `Seats cannot be fewer than the ${held} ${held === 1 ? 'seat' : 'seats'} already booked or held for the waiting list.`,
} as const;

export const STAFF_SESSION_LIMITS = { maxSeats: 1000, maxSessions: 10, maxCostDollars: 10_000, maxOverbook: 100 } as const;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const dateField = text(SESSION_ADMIN_TEXTS.dateInvalid, { error: SESSION_ADMIN_TEXTS.dateInvalid }).regex(
  DATE,
  SESSION_ADMIN_TEXTS.dateInvalid,
);
const timeField = text(SESSION_ADMIN_TEXTS.timeInvalid, { error: SESSION_ADMIN_TEXTS.timeInvalid }).regex(
  TIME,
  SESSION_ADMIN_TEXTS.timeInvalid,
);
const shortText = (message: string) =>
  text(SESSION_ADMIN_TEXTS.unreadable, { error: message }).trim().min(1, message).max(100, SESSION_ADMIN_TEXTS.tooLong);

/** One session day: the date and its start and end on the site's clock. */
export const sessionDaySchema = z
  .object({ date: dateField, start: timeField, end: timeField })
  .refine((day) => day.end > day.start, { message: SESSION_ADMIN_TEXTS.endAfterStart, path: ['end'] });
export type SessionDay = z.infer<typeof sessionDaySchema>;

const groupIdField = text(SESSION_ADMIN_TEXTS.groupNotFound, { error: SESSION_ADMIN_TEXTS.groupNotFound }).regex(
  /^[0-9a-f-]{36}$/i,
  SESSION_ADMIN_TEXTS.groupNotFound,
);

/** The group form's fields (every field of issue 10): one schema for the form and the server. */
export const sessionGroupFieldsSchema = z
  .object({
    kind: z.enum(SESSION_KINDS),
    /** Null only for a virtual group run from no site. */
    siteId: z.string().max(20).nullable(),
    videoLink: z.string().trim().max(500, SESSION_ADMIN_TEXTS.tooLong),
    /** A pick-up group's curb-side pick-up on the site's clock; empty strings otherwise. */
    pickUpDate: z.string().max(10),
    pickUpTime: z.string().max(5),
    color: shortText(SESSION_ADMIN_TEXTS.colorRequired),
    cell: shortText(SESSION_ADMIN_TEXTS.cellRequired),
    coOpCost: z
      .number({ error: SESSION_ADMIN_TEXTS.costInvalid })
      .min(0, SESSION_ADMIN_TEXTS.costInvalid)
      .max(STAFF_SESSION_LIMITS.maxCostDollars, SESSION_ADMIN_TEXTS.costInvalid)
      .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        message: SESSION_ADMIN_TEXTS.costInvalid,
      }),
    seats: z
      .number({ error: SESSION_ADMIN_TEXTS.seatsInvalid })
      .int(SESSION_ADMIN_TEXTS.seatsInvalid)
      .min(1, SESSION_ADMIN_TEXTS.seatsInvalid)
      .max(STAFF_SESSION_LIMITS.maxSeats, SESSION_ADMIN_TEXTS.seatsInvalid),
    /**
     * Seats past `seats` that only staff seating fills (decision 111): testers see the group full at
     * `seats`. Left out, a new group has none and an edited one keeps its own.
     */
    overbook: z
      .number({ error: SESSION_ADMIN_TEXTS.overbookInvalid })
      .int(SESSION_ADMIN_TEXTS.overbookInvalid)
      .min(0, SESSION_ADMIN_TEXTS.overbookInvalid)
      .max(STAFF_SESSION_LIMITS.maxOverbook, SESSION_ADMIN_TEXTS.overbookInvalid)
      .optional(),
    status: z.enum(GROUP_STATUSES),
    isExternal: z.boolean(),
    sessions: z
      .array(sessionDaySchema)
      .min(1, SESSION_ADMIN_TEXTS.sessionsRequired)
      .max(STAFF_SESSION_LIMITS.maxSessions, SESSION_ADMIN_TEXTS.tooManySessions),
  })
  .superRefine((group, context) => {
    if (group.kind !== 'virtual' && !group.siteId)
      context.addIssue({ code: 'custom', path: ['siteId'], message: SESSION_ADMIN_TEXTS.siteRequired });
    if (group.kind !== 'inPerson') {
      if (!group.videoLink) context.addIssue({ code: 'custom', path: ['videoLink'], message: SESSION_ADMIN_TEXTS.videoLinkRequired });
      else if (!/^https:\/\/[^\s]+$/.test(group.videoLink))
        context.addIssue({ code: 'custom', path: ['videoLink'], message: SESSION_ADMIN_TEXTS.videoLinkInvalid });
    }
    if (group.kind === 'pickUp') {
      if (!DATE.test(group.pickUpDate))
        context.addIssue({ code: 'custom', path: ['pickUpDate'], message: SESSION_ADMIN_TEXTS.pickUpRequired });
      if (!TIME.test(group.pickUpTime))
        context.addIssue({ code: 'custom', path: ['pickUpTime'], message: SESSION_ADMIN_TEXTS.pickUpRequired });
    }
    const sorted = group.sessions
      .map((day, index) => ({ ...day, index }))
      .sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start));
    for (let index = 1; index < sorted.length; index += 1) {
      const before = sorted[index - 1]!;
      const day = sorted[index]!;
      if (before.date === day.date && day.start < before.end)
        context.addIssue({ code: 'custom', path: ['sessions', day.index, 'start'], message: SESSION_ADMIN_TEXTS.sessionsOverlap });
    }
  });
export type SessionGroupFields = z.infer<typeof sessionGroupFieldsSchema>;

/** POST /api/staff/sessions/CreateGroup. */
export const createGroupSchema = z.intersection(z.object({ studyNo: studyNoParam }), sessionGroupFieldsSchema);
export type CreateGroupPayload = z.infer<typeof createGroupSchema>;

/** POST /api/staff/sessions/UpdateGroup: every field again (the form sends the whole group). */
export const updateGroupSchema = z.intersection(z.object({ groupId: groupIdField }), sessionGroupFieldsSchema);
export type UpdateGroupPayload = z.infer<typeof updateGroupSchema>;

/** POST /api/staff/sessions/SetGroupStatus: open or close a group. */
export const setGroupStatusSchema = z.object({ groupId: groupIdField, status: z.enum(GROUP_STATUSES) });
export type SetGroupStatusPayload = z.infer<typeof setGroupStatusSchema>;

/** A study's results: the screenings come RESULTS_PAGE_SCREENINGS a page, newest first. */
export const studyResultsQuerySchema = studyQuerySchema.extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const groupChangeResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), message: z.string(), groupId: z.string() }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type GroupChangeResponse = z.infer<typeof groupChangeResponseSchema>;

const instant = z.string();

export const staffGroupSchema = z.object({
  groupId: z.string(),
  kind: z.enum(SESSION_KINDS),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  timeZone: z.string(),
  videoLink: z.string(),
  pickUpAt: instant.nullable(),
  color: z.string(),
  cell: z.string(),
  coOpCost: z.number(),
  seats: z.number().int(),
  /** Seats past `seats` that staff seating may fill (decision 111); the server always sends it. */
  overbook: z.number().int().optional(),
  /** Live bookings. */
  taken: z.number().int(),
  /** Seats held by seat offers to the waiting list (decision 031). */
  held: z.number().int(),
  status: z.enum(GROUP_STATUSES),
  isExternal: z.boolean(),
  sessions: z.array(z.object({ testerDay: z.number().int(), startsAt: instant, endsAt: instant })),
  /** When self-schedule stops taking bookings: SCHEDULE_NOTICE_HOURS before the first session (null without sessions). */
  bookingClosesAt: instant.nullable(),
  /** Whether bookingClosesAt has passed by the server's clock (issue 29, defect 1). */
  bookingClosed: z.boolean(),
  /** The form's values of this group (wall clock of its site). */
  fields: sessionGroupFieldsSchema,
});
export type StaffGroup = z.infer<typeof staffGroupSchema>;

export const staffGroupsResponseSchema = z.object({
  status: z.literal('succeed'),
  studyNo: z.number().int(),
  studyName: z.string(),
  sites: z.array(z.object({ siteId: z.string(), name: z.string(), timeZone: z.string() })),
  groups: z.array(staffGroupSchema),
});
export type StaffGroupsResponse = z.infer<typeof staffGroupsResponseSchema>;

export const SCREENING_OUTCOMES = ['inProgress', 'qualified', 'disqualified', 'full', 'alreadyScheduled', 'waitlisted'] as const;
export const WAITING_REASON_TEXTS: Record<'screener' | 'notify' | 'notInterested', string> = {
  screener: 'Screened for a waiting-list study',
  notify: 'Asked to be told when a group opens',
  notInterested: 'Not interested',
};

const personSchema = z.object({ testerName: z.string(), username: z.string(), childName: z.string().nullable() });

export const studyResultsResponseSchema = z.object({
  status: z.literal('succeed'),
  studyNo: z.number().int(),
  studyName: z.string(),
  questions: z.array(z.object({ id: z.number().int(), prompt: z.string() })),
  /** Each screener quota's fill, in order (decision 121). */
  quotaFill: z.array(quotaFillSchema),
  screenings: z.array(
    personSchema.extend({
      outcome: z.enum(SCREENING_OUTCOMES),
      startedAt: instant,
      completedAt: instant.nullable(),
      /** The answer's text by question id (options by label). */
      answers: z.record(z.string(), z.string()),
    }),
  ),
  /** Which page of RESULTS_PAGE_SCREENINGS the screenings are (1: the newest); the CSV holds them all. */
  screeningsPage: z.number().int(),
  screeningsShown: z.number().int(),
  screeningsTotal: z.number().int(),
  waitingList: z.array(
    personSchema.extend({ reason: z.enum(['screener', 'notify', 'notInterested']), groups: z.array(z.string()), addedAt: instant }),
  ),
  groups: z.array(
    z.object({
      groupId: z.string(),
      cell: z.string(),
      color: z.string(),
      siteName: z.string().nullable(),
      timeZone: z.string(),
      firstStart: instant.nullable(),
      seats: z.number().int(),
      taken: z.number().int(),
      bookings: z.array(personSchema.extend({ status: z.enum(['booked', 'cancelled', 'attended', 'noShow']), bookedAt: instant })),
    }),
  ),
});
export type StudyResultsResponse = z.infer<typeof studyResultsResponseSchema>;

/** How many screenings the results page shows (newest first); the CSV export holds every one. */
export const RESULTS_PAGE_SCREENINGS = 200;
