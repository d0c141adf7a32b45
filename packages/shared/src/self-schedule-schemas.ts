import { z } from 'zod';
import { protectedGroupIdSchema, scheduleGroupSchema, studyNoSchema } from './schedule-schemas.ts';
import { text, UUID_PATTERN } from './text.ts';

/**
 * Request and answer schemas of the self-schedule calls (spec 3, sections 2, 4, 7 and 8 "Schedule";
 * issue 10 section 2; decision 024): GetSelectedSchedules, SelfSchedule, SelfWaitList, NotInterest,
 * ReSelfSchedule and GiveCoinsExternalScreener, all under /api/schedule.
 *
 * The self-schedule address carries s (the study's GUID), t (the tester's id) and d (a token the
 * server signed when the tester qualified); the bodies name them Study, Tester and Data. A page whose
 * stored s, t or d fails selfScheduleLinkSchema shows view 3 without calling the server.
 */

/** The `s` of the address: a study's public GUID. */
export const studyGuidSchema = text('The study link holds characters that are not allowed.', {
  error: () => 'The study link is not valid.',
})
  .max(64, 'The study link is not valid.')
  .regex(UUID_PATTERN, 'The study link is not valid.');

/** The `t` of the address: the tester's id. */
export const linkTesterSchema = text('The tester link holds characters that are not allowed.', {
  error: () => 'The tester link is not valid.',
})
  .max(64, 'The tester link is not valid.')
  .regex(UUID_PATTERN, 'The tester link is not valid.');

/** The `d` of the address: the signed qualification token (base64url payload '.' signature). */
export const linkDataSchema = text('The link data holds characters that are not allowed.', {
  error: () => 'The link data is not valid.',
})
  .min(1, 'The link data is not valid.')
  .max(1024, 'The link data is not valid.')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'The link data is not valid.');

/** The `ex` of an outside screener's return: the single-use token handed to the outside tool. */
export const externalTokenSchema = text('The screener token holds characters that are not allowed.', {
  error: () => 'The screener token is missing.',
})
  .min(16, 'The screener token is not valid.')
  .max(128, 'The screener token is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The screener token is not valid.');

/** The `sig` of an outside screener's return: HMAC-SHA256 of the token with the study's return secret, 64 hex digits. */
export const externalSignatureSchema = text('The screener signature holds characters that are not allowed.')
  .length(64, 'The screener signature is not valid.')
  .regex(/^[0-9a-fA-F]+$/, 'The screener signature is not valid.');

/**
 * The child being scheduled: the kid GUID (the k of the address), or null for the tester themself
 * (decision 029). A child's link carries its id in the signed d as well; the two must agree.
 */
export const selfScheduleChildSchema = text('Child holds characters that are not allowed.', {
  error: () => 'Child must be a kid id or null.',
})
  .max(64, 'Child is not a valid kid id.')
  .regex(UUID_PATTERN, 'Child is not a valid kid id.')
  .nullable()
  .optional();

/** s, t and d of the address (the page checks its stored values with this before calling). */
export const selfScheduleLinkSchema = z.object({ s: studyGuidSchema, t: linkTesterSchema, d: linkDataSchema });
export type SelfScheduleLink = z.infer<typeof selfScheduleLinkSchema>;

/** Study, Tester and Data: all three (a stored link) or none (every study waiting for this tester). */
const linkFields = {
  Study: studyGuidSchema.nullable().optional(),
  Tester: linkTesterSchema.nullable().optional(),
  Data: linkDataSchema.nullable().optional(),
};
const LINK_KEYS = ['Study', 'Tester', 'Data'] as const;

function allOrNone(value: Partial<Record<(typeof LINK_KEYS)[number], string | null | undefined>>, ctx: z.RefinementCtx) {
  const given = LINK_KEYS.filter((key) => value[key] != null);
  if (given.length === 0 || given.length === LINK_KEYS.length) return;
  for (const key of LINK_KEYS)
    if (value[key] == null) ctx.addIssue({ code: 'custom', path: [key], message: 'The study link is incomplete.' });
}

/** Whether a request carries a stored link (else it is about every study waiting for the tester). */
export const hasLink = (value: { Study?: string | null }): boolean => value.Study != null;

/* ------------------------------------------------------------------------------------------------ */
/* Statuses, views and texts                                                                        */
/* ------------------------------------------------------------------------------------------------ */

/**
 * GetSelectedSchedules statuses (spec 3 section 4, with the spec's 'scheduled from other' spelled
 * scheduledFromOther, plus externalPending for the outside screener's 30 minutes):
 * - single, multi: choices (view 1), one study or several.
 * - failed: the link's d is not one this server signed, or it has expired (view 3).
 * - notMatched: t is not the logged-in tester, or s is not d's study (view 3).
 * - noSchedules: the study has no group that can be offered (view 2).
 * - notRequested: the tester never qualified for the study, or has nothing waiting (view 2).
 * - hasSchedule: the tester is already booked in the study (view 2).
 * - scheduledFromOther: the tester is booked for another upcoming study (view 2).
 * - waitlist: the tester is on the study's waiting list (view 2).
 * - externalPending: an outside screener's study, not yet open to this tester (view 4; availableAt says when).
 * - suspended: the tester is suspended by the no-show rule and cannot book (view 6; decision 046).
 */
export const SELECTED_SCHEDULES_STATUSES = [
  'single',
  'multi',
  'failed',
  'notMatched',
  'noSchedules',
  'notRequested',
  'hasSchedule',
  'scheduledFromOther',
  'waitlist',
  'externalPending',
  'suspended',
] as const;
export type SelectedSchedulesStatus = (typeof SELECTED_SCHEDULES_STATUSES)[number];

/**
 * SelfSchedule statuses: the ones above where they apply, and
 * - succeed: booked and paid; go to url (the schedule check) and clear the stored link.
 * - checked: IsRequest false; the link and the chosen groups are fine, nothing was booked or paid.
 * - notAvailable: a chosen group is Closed or filled up meanwhile; nothing was booked, returnSchedules
 *   holds the refreshed choices ('Study Schedule Unavailable').
 * - overlap: a chosen group overlaps another booking of the tester; nothing was booked.
 * - changeEmailAddress: the tester's e-mail address is not valid ('Invalid Email Address').
 */
export const SELF_SCHEDULE_STATUSES = [
  'succeed',
  'checked',
  'notAvailable',
  'overlap',
  'changeEmailAddress',
  'failed',
  'notMatched',
  'noSchedules',
  'notRequested',
  'hasSchedule',
  'scheduledFromOther',
  'waitlist',
  'externalPending',
  'suspended',
] as const;
export type SelfScheduleStatus = (typeof SELF_SCHEDULE_STATUSES)[number];

/**
 * SelfWaitList and NotInterest statuses:
 * - succeed: the tester is on the study's waiting list (again: the call is idempotent); go to url (the screener).
 * - groupOpen: SelfWaitList only; a chosen group is Open (pick it with Select instead); nothing changed.
 * - notAvailable: SelfWaitList only; a chosen group is not one of the study's, or its booking has closed
 *   (it starts within the notice window, so no seat of it is offered); nothing changed.
 * - notRequested: the tester never qualified for the study.
 * - hasSchedule: the tester is already booked in the study.
 * - failed: anything else ('Failed to retrieve waiting list').
 */
export const WAIT_LIST_STATUSES = ['succeed', 'groupOpen', 'notAvailable', 'notRequested', 'hasSchedule', 'failed'] as const;
export type WaitListStatus = (typeof WAIT_LIST_STATUSES)[number];

/** GiveCoinsExternalScreener: succeed (paid; view 4), failed (used, unknown or another tester's token). */
export const EXTERNAL_REWARD_STATUSES = ['succeed', 'failed'] as const;
export type ExternalRewardStatus = (typeof EXTERNAL_REWARD_STATUSES)[number];

/** The page's outcome views (spec 3 "Self-schedule"). */
export type SelfScheduleView = 1 | 2 | 3 | 4 | 5 | 6;

/** Which view each GetSelectedSchedules status (and the same SelfSchedule status) shows. */
export const SELF_SCHEDULE_STATUS_VIEW: Record<SelectedSchedulesStatus, SelfScheduleView> = {
  single: 1,
  multi: 1,
  failed: 3,
  notMatched: 3,
  noSchedules: 2,
  notRequested: 2,
  hasSchedule: 2,
  scheduledFromOther: 2,
  waitlist: 2,
  externalPending: 4,
  suspended: 6,
};

/** Where the page goes after a successful SelfSchedule, and after a successful waiting-list call. */
export const SELF_SCHEDULE_SUCCESS_URL = '/community/main/schedule/check';
export const WAIT_LIST_SUCCESS_URL = '/community/main/screener';

/** The texts of spec 3 section 8 this page shows, and the details the server sends with ReSelfSchedule. */
export const SELF_SCHEDULE_TEXTS = {
  schedulingFailed: 'Scheduling attempt failed',
  scheduleUnavailable: 'Study Schedule Unavailable',
  scheduleUnavailableDetail: 'The currently selected study is not available, please check another study.',
  invalidEmail: 'Invalid Email Address',
  waitListFailed: 'Failed to retrieve waiting list',
  externalRewardFailed: 'Failed to retrieve reward from external screener',
  somethingWrong: 'Something went wrong',
  sessionExpired: 'Your session has expired, Please log in again to complete the scheduling process and get your coins and xp.',
  /** ReSelfSchedule's detail with a url. */
  reSelfScheduleFound: 'You have a study waiting to be scheduled.',
  /** ReSelfSchedule's detail without one. */
  reSelfScheduleNone: 'You have no study waiting to be scheduled.',
  /** ReSelfSchedule's detail when the only waiting study is an outside screener's, still inside its delay. */
  reSelfSchedulePending: 'Your schedule information is not ready yet. Please check back in a few minutes.',
} as const;

/* ------------------------------------------------------------------------------------------------ */
/* Choices                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

/**
 * A group offered for self-schedule: the change page's group, where status is what the tester can
 * do with it now. Open: it can be picked (Select): open, a free seat, outside the notice window.
 * Closed: closed, full or too close to start (unavailableBecause says which): a closed or full one can
 * be chosen for Notify me; one past its booking close (bookingClosed) cannot be chosen at all, since no
 * seat of it is offered any more (decision 031). `available` equals status === 'Open'; isCurrent is
 * always false. Groups whose first session has started are left out.
 */
export const selfScheduleGroupSchema = scheduleGroupSchema;
export type SelfScheduleGroup = z.infer<typeof selfScheduleGroupSchema>;

/** One study of the choices (Next, n of m steps through them), earliest group first. */
export const selfScheduleStudySchema = z.object({
  studyNo: z.number().int(),
  /** The study's GUID: SelfWaitList's Study. */
  studyGuid: z.string(),
  /** The study's description, as the screener list shows it. */
  studyName: z.string(),
  colorName: z.string(),
  /** What a booking in this study pays (through the ledger, once). */
  coins: z.number().int(),
  exp: z.number().int(),
  /** The study's screener was an outside one. */
  isExternalScreener: z.boolean(),
  groups: z.array(selfScheduleGroupSchema),
});
export type SelfScheduleStudy = z.infer<typeof selfScheduleStudySchema>;

const instant = z.string().meta({ description: 'UTC instant, ISO 8601' });

/* ------------------------------------------------------------------------------------------------ */
/* POST /api/schedule/GetSelectedSchedules                                                          */
/* ------------------------------------------------------------------------------------------------ */

/** Body: the stored link { Study, Tester, Data }, or {} for every study waiting for this tester. */
/** Body: the stored link (all three or none) and, for a child, Child (the k of the address). */
export const selectedSchedulesRequestSchema = z.object({ ...linkFields, Child: selfScheduleChildSchema }).superRefine(allOrNone);
export type SelectedSchedulesRequest = z.infer<typeof selectedSchedulesRequestSchema>;

export const selectedSchedulesResponseSchema = z.object({
  status: z.enum(SELECTED_SCHEDULES_STATUSES),
  /** The studies to choose in (single: one; multi: several); empty for every other status. */
  filteredScheduleView: z.array(selfScheduleStudySchema),
  /** externalPending: when the study opens to this tester; else null. */
  availableAt: instant.nullable(),
});
export type SelectedSchedulesResponse = z.infer<typeof selectedSchedulesResponseSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* POST /api/schedule/SelfSchedule                                                                  */
/* ------------------------------------------------------------------------------------------------ */

const groupIdList = (field: string) =>
  z.array(protectedGroupIdSchema, { error: `${field} must be a list of group ids.` }).max(20, 'Choose at most 20 groups.');

/**
 * Body: the stored link (all three or none), Child (null), IsRequest and the chosen groups, at most
 * one per study: groupIDs for in-person and virtual groups, pickUpgroupIDs for pick-up groups (the
 * server takes the two lists together). IsRequest true books and pays; false only checks (status
 * checked) and books nothing. With IsRequest true at least one group is needed.
 */
export const selfScheduleRequestSchema = z
  .object({
    ...linkFields,
    Child: selfScheduleChildSchema,
    IsRequest: z.boolean({ error: 'IsRequest must be true or false.' }),
    groupIDs: groupIdList('groupIDs').default([]),
    pickUpgroupIDs: groupIdList('pickUpgroupIDs').default([]),
  })
  .superRefine((value, ctx) => {
    allOrNone(value, ctx);
    const all = [...value.groupIDs, ...value.pickUpgroupIDs];
    if (value.IsRequest && all.length === 0) ctx.addIssue({ code: 'custom', path: ['groupIDs'], message: 'Choose a time.' });
    if (new Set(all.map((id) => id.toLowerCase())).size !== all.length)
      ctx.addIssue({ code: 'custom', path: ['groupIDs'], message: 'Choose each group once.' });
  });
export type SelfScheduleRequest = z.input<typeof selfScheduleRequestSchema>;

export const selfScheduleResponseSchema = z.object({
  status: z.enum(SELF_SCHEDULE_STATUSES),
  /** Paid by this call (0 unless succeed; 0 again for a booking already paid). */
  coins: z.number().int(),
  exp: z.number().int(),
  /** The refreshed choices of the studies asked about (notAvailable, overlap, checked); else empty. */
  returnSchedules: z.array(selfScheduleStudySchema),
  /** succeed: SELF_SCHEDULE_SUCCESS_URL; else ''. */
  url: z.string(),
});
export type SelfScheduleResponse = z.infer<typeof selfScheduleResponseSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* POST /api/schedule/SelfWaitList and /NotInterest                                                 */
/* ------------------------------------------------------------------------------------------------ */

/** Body: Study (the study's GUID), Child (null) and the Closed groups to be told about (at least one). */
export const selfWaitListRequestSchema = z.object({
  Study: studyGuidSchema,
  Child: selfScheduleChildSchema,
  GroupIds: z
    .array(protectedGroupIdSchema, { error: 'GroupIds must be a list of group ids.' })
    .min(1, 'Choose a time to be notified about.')
    .max(50, 'Choose at most 50 groups.'),
});
export type SelfWaitListRequest = z.infer<typeof selfWaitListRequestSchema>;

/** Body: StudyNo (the study number) and Child (null). */
export const notInterestRequestSchema = z.object({
  StudyNo: studyNoSchema,
  Child: selfScheduleChildSchema,
});
export type NotInterestRequest = z.infer<typeof notInterestRequestSchema>;

/** The answer of both: succeed goes to url (the screener); other statuses show 'Failed to retrieve waiting list'. */
export const waitListResponseSchema = z.object({
  status: z.enum(WAIT_LIST_STATUSES),
  /** succeed: WAIT_LIST_SUCCESS_URL; else ''. */
  url: z.string(),
});
export type WaitListResponse = z.infer<typeof waitListResponseSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* GET /api/schedule/ReSelfSchedule                                                                 */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Where the tester can schedule now: the self-schedule address with fresh s, t, d when one study
 * waits; the bare address (the page then sends GetSelectedSchedules {} and gets multi) when several
 * wait; '' when none, with a detail saying why (SELF_SCHEDULE_TEXTS.reSelfSchedule*).
 */
export const reSelfScheduleResponseSchema = z.object({ url: z.string(), detail: z.string() });
export type ReSelfScheduleResponse = z.infer<typeof reSelfScheduleResponseSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* POST /api/schedule/GiveCoinsExternalScreener                                                     */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Body: { ex, sig }, the token and the partner's signature of it from ExternalScr.aspx?ex=...&sig=...
 * (decision 077; docs/outside-screener-return.md). Without a right sig the call pays nothing
 * (failed); sig stays optional here so that an old link without one gets that answer, not a 400.
 */
export const giveCoinsExternalScreenerRequestSchema = z.object({ ex: externalTokenSchema, sig: externalSignatureSchema.optional() });
export type GiveCoinsExternalScreenerRequest = z.infer<typeof giveCoinsExternalScreenerRequestSchema>;

/**
 * succeed: the screening credit was paid (view 4: schedule information in 30 minutes); availableAt
 * says when the study's self-schedule opens. failed: 'Failed to retrieve reward from external screener'.
 */
export const giveCoinsExternalScreenerResponseSchema = z.object({
  status: z.enum(EXTERNAL_REWARD_STATUSES),
  coins: z.number().int(),
  exp: z.number().int(),
  availableAt: instant.nullable(),
});
export type GiveCoinsExternalScreenerResponse = z.infer<typeof giveCoinsExternalScreenerResponseSchema>;
