import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';
import { text, UUID_PATTERN } from './text.ts';

/**
 * Request and answer schemas of the schedule check, change and cancel calls (spec 3, sections 2,
 * 4 and 7 "Schedule"; decision 022). Times are UTC instants (ISO 8601 with Z); each stamp and
 * group carries its test site's IANA zone so the page shows them in the site's time.
 */

/** A study number: a whole number the integer column can hold. */
export const studyNoSchema = z
  .number({ error: 'Study number must be a number.' })
  .int('Study number must be a whole number.')
  .min(1, 'Study number must be positive.')
  .max(INTEGER_COLUMN_MAX, 'Study number is too large.');

/** An opaque group id (a UUID) the browser echoes back; the real key never leaves the server. */
export const protectedGroupIdSchema = text('The group id holds characters that are not allowed.', {
  error: () => 'Choose a group.',
})
  .max(64, 'The group id is not valid.')
  .regex(UUID_PATTERN, 'The group id is not valid.');

export const SESSION_KINDS = ['inPerson', 'virtual', 'pickUp'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const GROUP_STATUSES = ['Open', 'Closed'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/**
 * Why an offered group cannot be picked now (issue 29, defect 1):
 * - bookingClosed: its first session starts within the notice window (bookingClosesAt has passed);
 * - closed: staff closed it, or it is booked outside (an external group);
 * - full: every seat is taken or held for the waiting list.
 * A group past its booking close is bookingClosed whatever else holds: no seat will open for it.
 */
export const GROUP_UNAVAILABLE_REASONS = ['bookingClosed', 'closed', 'full'] as const;
export type GroupUnavailableReason = (typeof GROUP_UNAVAILABLE_REASONS)[number];

const instant = z.string().meta({ description: 'UTC instant, ISO 8601' });

/** One dated session of a group: day testerDay of the group's totalTesterDays. */
export const scheduleSessionSchema = z.object({
  testerDay: z.number().int(),
  startsAt: instant,
  endsAt: instant,
});
export type ScheduleSession = z.infer<typeof scheduleSessionSchema>;

/** Fields a booked stamp and an offered group share. */
const groupFields = {
  studyNo: z.number().int(),
  /** Echo it in confirmChangeSchedule's ProtectedGroupID. */
  groupId: z.string(),
  cell: z.string(),
  color: z.string(),
  kind: z.enum(SESSION_KINDS),
  isPickUp: z.boolean(),
  siteID: z.string().nullable(),
  /** The site's name and address; for a virtual group, 'Virtual session'. */
  location: z.string(),
  /** IANA zone the times are shown in (the test site's; America/Chicago for a virtual group without a site). */
  timeZone: z.string(),
  /** Total compensation of the whole group (all its days), in dollars. */
  coOpCost: z.number(),
  totalTesterDays: z.number().int(),
  isMultiDay: z.boolean(),
  status: z.enum(GROUP_STATUSES),
  /** Curb-side pick-up date of a pick-up group (UTC instant), else null. */
  pickUpDate: instant.nullable(),
  /** Video-session date of a pick-up group (UTC instant), else null. */
  virtualDate: instant.nullable(),
  isExternal: z.boolean(),
  isExternalStudy: z.boolean(),
};

/**
 * One session day of a booking on the schedule check page. Stamps of one booking share studyNo and
 * groupId; the page groups them (colour, time, cell) and shows testerDay of totalTesterDays.
 */
export const scheduleStampSchema = z.object({
  ...groupFields,
  /** The study's description, as the screener list shows it: how the tester knows the booking. */
  studyName: z.string(),
  /** Start of this session day (UTC). */
  scheduleStamp: instant,
  endStamp: instant,
  testerDay: z.number().int(),
  testerID: z.string(),
  testerName: z.string(),
  isChildStudy: z.boolean(),
  /** The children's names for a child study, comma-separated ('' otherwise). */
  childNames: z.string(),
  /** Video link of a virtual or pick-up group, shown to the booked tester only; else null. */
  videoLink: z.string().nullable(),
  /** False inside the notice window or for an external study: change and cancel by phone only. */
  changeable: z.boolean(),
  /** The booked seat is held: always true on the check page. */
  available: z.boolean(),
  /** Same as changeable (the original's name for it). */
  isThisTimeAvailable: z.boolean(),
  /** The booking's signed check-in token, drawn as the page's QR code for the site's scanner. */
  checkInToken: z.string(),
});
export type ScheduleStamp = z.infer<typeof scheduleStampSchema>;

/** A group offered on the change page (columns select, date, total days, total compensation, multi-day). */
export const scheduleGroupSchema = z.object({
  ...groupFields,
  sessions: z.array(scheduleSessionSchema),
  /** Open with a free seat. */
  available: z.boolean(),
  /** Why it is not available (null when it is). */
  unavailableBecause: z.enum(GROUP_UNAVAILABLE_REASONS).nullable(),
  /** When the group stops taking bookings: noticeHours before its first session (null for a group without sessions). */
  bookingClosesAt: instant.nullable(),
  /** How many hours before its first session a group stops taking bookings (SCHEDULE_NOTICE_HOURS). */
  noticeHours: z.number().int(),
  /** The group the tester is booked in now. */
  isCurrent: z.boolean(),
});
export type ScheduleGroup = z.infer<typeof scheduleGroupSchema>;

/** GET /api/schedule/GetCurrentSchedule. An empty list is 'Nothing currently scheduled'. */
export const currentScheduleResponseSchema = z.object({
  status: z.literal('succeed'),
  scheduleStamps: z.array(scheduleStampSchema),
  /** Whether any booked study is external (Cancel Schedule is then disabled for it). */
  isExternalStudy: z.boolean(),
  /** Hours before the first session after which changes and cancellations are by phone only (configuration). */
  noticeHours: z.number().int(),
});
export type CurrentScheduleResponse = z.infer<typeof currentScheduleResponseSchema>;

/** GET /api/schedule/Index: the same stamps, for the change page's study radio. */
export const scheduleIndexResponseSchema = z.object({
  status: z.literal('succeed'),
  scheduleStamps: z.array(scheduleStampSchema),
});
export type ScheduleIndexResponse = z.infer<typeof scheduleIndexResponseSchema>;

/** POST /api/schedule/GetScheduledGroupTime: body { studyNo }. */
export const scheduledGroupTimeRequestSchema = z.object({ studyNo: studyNoSchema });
export type ScheduledGroupTimeRequest = z.infer<typeof scheduledGroupTimeRequestSchema>;

/** Its answer: the study's groups, earliest first. 404 when the tester holds no booking in the study. */
export const scheduledGroupTimeResponseSchema = z.array(scheduleGroupSchema);

/** POST /api/schedule/confirmChangeSchedule: body { ProtectedGroupID: [one group id] }. */
export const confirmChangeScheduleRequestSchema = z.object({
  ProtectedGroupID: z.array(protectedGroupIdSchema, { error: 'Choose a group.' }).min(1, 'Choose a group.').max(1, 'Choose one group.'),
});
export type ConfirmChangeScheduleRequest = z.infer<typeof confirmChangeScheduleRequestSchema>;

export const CHANGE_SCHEDULE_STATUSES = ['succeed', 'notAvailable', 'changeEmailAddress', 'notChangeable', 'failed'] as const;
export type ChangeScheduleStatus = (typeof CHANGE_SCHEDULE_STATUSES)[number];

/**
 * succeed: go to url. notAvailable: the group filled up; the booking is unchanged and
 * filteredScheduleView holds the refreshed groups. changeEmailAddress: invalid e-mail.
 * notChangeable: inside the notice window or an external study (by phone only). failed: anything else.
 * 404 when the group is unknown or the tester holds no booking in its study.
 */
export const confirmChangeScheduleResponseSchema = z.object({
  status: z.enum(CHANGE_SCHEDULE_STATUSES),
  url: z.string(),
  filteredScheduleView: z.array(scheduleGroupSchema),
});
export type ConfirmChangeScheduleResponse = z.infer<typeof confirmChangeScheduleResponseSchema>;

/** POST /api/schedule/CancelSchedule: body one study number (a bare JSON number). */
export const cancelScheduleRequestSchema = studyNoSchema;

/** POST /api/schedule/CancelMultiSchedule: body a list of study numbers (a bare JSON array). */
export const cancelMultiScheduleRequestSchema = z
  .array(studyNoSchema, { error: 'Send a list of study numbers.' })
  .min(1, 'Choose at least one study.')
  .max(20, 'Choose at most 20 studies.');

/**
 * succeed: cancelled, go to /community/main/screener. '101': inside the notice window ('Cancel
 * schedule Failed - 101'). '102': the e-mail address is invalid. failed: anything else (an external
 * study). A multi-cancel is all or nothing; 404 when the tester holds no booking in one of the studies.
 */
export const CANCEL_SCHEDULE_STATUSES = ['succeed', '101', '102', 'failed'] as const;
export type CancelScheduleStatus = (typeof CANCEL_SCHEDULE_STATUSES)[number];

export const cancelScheduleResponseSchema = z.object({
  status: z.enum(CANCEL_SCHEDULE_STATUSES),
  /**
   * The coins the cancelled bookings' scheduling credit took back (decision 080): what they paid, or
   * less when the tester had already spent some (the balance never goes below zero). 0 when refused.
   */
  coinsTakenBack: z.number().int(),
});
export type CancelScheduleResponse = z.infer<typeof cancelScheduleResponseSchema>;
