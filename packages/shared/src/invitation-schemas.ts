import { z } from 'zod';
import { text } from './text.ts';
import { INTEGER_COLUMN_MAX, integerColumnId } from './integer-column.ts';
import { pageSizeField, sortDirectionField, sortField, tableFilterField, tablePageField } from './table-query.ts';

/**
 * Invitations in the staff console (issue 12 section 3; decision 052): a recruiter chooses testers
 * by filters, previews how many match, and sends a study's invitation e-mail to them through the
 * outbox at the configured rate. One schema serves the form and the server.
 */

export const INVITATION_TEXTS = {
  studyRequired: 'Choose a study.',
  ageRange: 'Enter an age from 13 to 120.',
  ageOrder: 'The lowest age must not be above the highest.',
  monthsRange: 'Enter a number of months from 1 to 120.',
  tooManySites: 'Choose at most 50 sites.',
  tooManyAnswers: 'Choose at most 20 About-me answers.',
  tooManyExcludedStudies: 'Choose at most 20 earlier studies to leave out.',
  tooManyProjectTypes: 'Choose at most 20 kinds of study to leave out.',
  projectTypeRange: 'Choose a kind of study from the list.',
  excludedStudy: 'Choose earlier studies from the list.',
  requestId: 'This form is out of date: reload the page.',
  unreadable: 'This text cannot be read: remove unusual characters.',
  studyNotFound: 'That study does not exist.',
  studyClosed: 'That study is closed: open it before inviting testers.',
  nobodyMatched: 'No tester matches these filters, or every one has been invited to this study already.',
  notFound: 'That invitation does not exist.',
  unknownAnswer: 'This About-me answer does not exist: reload the page to see the answers offered now.',
  unknownSite: 'That test site does not exist: reload the page to see the sites offered now.',
  sent: (queued: number) => `Invitation queued for ${queued} ${queued === 1 ? 'tester' : 'testers'}.`,
} as const;

/** The states a recipient goes through: waiting for its turn at the rate, e-mailed, or skipped (e-mail turned off meanwhile). */
export const RECIPIENT_STATES = ['queued', 'sent', 'skipped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

const age = z
  .number({ error: INVITATION_TEXTS.ageRange })
  .int(INVITATION_TEXTS.ageRange)
  .min(13, INVITATION_TEXTS.ageRange)
  .max(120, INVITATION_TEXTS.ageRange);
const id = integerColumnId;
const months = z
  .number({ error: INVITATION_TEXTS.monthsRange })
  .int(INVITATION_TEXTS.monthsRange)
  .min(1, INVITATION_TEXTS.monthsRange)
  .max(120, INVITATION_TEXTS.monthsRange);
const projectType = z
  .number({ error: INVITATION_TEXTS.projectTypeRange })
  .int(INVITATION_TEXTS.projectTypeRange)
  .min(1, INVITATION_TEXTS.projectTypeRange)
  .max(999, INVITATION_TEXTS.projectTypeRange);

/** About-me answers the tester must hold, every one. */
const answerIds = z.array(id(INVITATION_TEXTS.tooManyAnswers)).max(20, INVITATION_TEXTS.tooManyAnswers).default([]);

/**
 * The filters: every one optional. Testers who are suspended, black-listed or have turned
 * invitation e-mail off never match; neither does anyone already invited to the study.
 */
export const invitationFiltersSchema = z
  .object({
    minAge: age.nullable().default(null),
    maxAge: age.nullable().default(null),
    /** Test sites (a tester's site from their zip code); empty: every site. */
    siteIds: z.array(text(INVITATION_TEXTS.unreadable).trim().min(1).max(20)).max(50, INVITATION_TEXTS.tooManySites).default([]),
    answerIds,
    /** Last tested (an attended session) more than this many months ago, or never; null: any. */
    notTestedMonths: months.nullable().default(null),
    /**
     * Leave out who took part in these earlier studies (decision 121): attended, or holds a booking
     * in it (ahead, or not yet marked); a no-show or a cancelled booking does not count.
     */
    excludeStudyNos: z.array(id(INVITATION_TEXTS.excludedStudy)).max(20, INVITATION_TEXTS.tooManyExcludedStudies).default([]),
    /** The same for every study of these project types. */
    excludeProjectTypes: z.array(projectType).max(20, INVITATION_TEXTS.tooManyProjectTypes).default([]),
    /** Only a session starting in the last this many months counts for the two above; null: any time. */
    excludeWithinMonths: months.nullable().default(null),
  })
  .refine((filters) => filters.minAge === null || filters.maxAge === null || filters.minAge <= filters.maxAge, {
    message: INVITATION_TEXTS.ageOrder,
    path: ['maxAge'],
  });
export type InvitationFilters = z.infer<typeof invitationFiltersSchema>;
export type InvitationFiltersInput = z.input<typeof invitationFiltersSchema>;

const studyNo = id(INVITATION_TEXTS.studyRequired);

/** POST /staff/invitations/Preview: how many testers the filters match for the study. */
export const invitationPreviewSchema = z.object({ studyNo, filters: invitationFiltersSchema });
export type InvitationPreviewPayload = z.input<typeof invitationPreviewSchema>;
export const invitationPreviewResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  /** Testers matching the filters. */
  matched: z.number().int(),
  /** Of those, already invited to this study (they are not e-mailed again). */
  alreadyInvited: z.number().int(),
});
export type InvitationPreviewResponse = z.infer<typeof invitationPreviewResponseSchema>;

/**
 * POST /staff/invitations/TargetCount (decision 148): how many testers an invitation can reach hold
 * every one of a study's About-me answers, at its test site (null: online only, every site).
 */
export const targetCountSchema = z.object({
  answerIds,
  siteId: text(INVITATION_TEXTS.unreadable).trim().min(1).max(20).nullable().default(null),
});
export type TargetCountPayload = z.input<typeof targetCountSchema>;
export type TargetCountRequest = z.output<typeof targetCountSchema>;
export const targetCountResponseSchema = z.object({
  status: z.literal('succeed'),
  message: z.string(),
  /** Testers holding every answer (every tester an invitation can reach when none is chosen). */
  count: z.number().int(),
});
export type TargetCountResponse = z.infer<typeof targetCountResponseSchema>;

/**
 * POST /staff/invitations/Send. `requestId` is made once when the form opens: a double-submitted
 * or retried send with the same id answers the first one's invitation and queues nobody again.
 */
export const sendInvitationSchema = z.object({
  studyNo,
  filters: invitationFiltersSchema,
  requestId: z.uuid({ error: INVITATION_TEXTS.requestId }),
});
export type SendInvitationPayload = z.input<typeof sendInvitationSchema>;
export type SendInvitationRequest = z.output<typeof sendInvitationSchema>;
export const sendInvitationResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  invitationId: z.number().int(),
  matched: z.number().int(),
  queued: z.number().int(),
});
export type SendInvitationResponse = z.infer<typeof sendInvitationResponseSchema>;

/** The counts of one sending. */
export const invitationCountsSchema = z.object({
  matched: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  clicked: z.number().int(),
  /** Screened or booked in the study since the invitation. */
  answered: z.number().int(),
});
export type InvitationCounts = z.infer<typeof invitationCountsSchema>;

export const invitationSummarySchema = z.object({
  invitationId: z.number().int(),
  studyNo: z.number().int(),
  studyName: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  counts: invitationCountsSchema,
  /** The filters it was sent with, as stored (the list says them in short: decision 145). */
  filters: z.object({
    minAge: z.number().int().nullable(),
    maxAge: z.number().int().nullable(),
    siteIds: z.array(z.string()),
    answerIds: z.array(z.number().int()),
    notTestedMonths: z.number().int().nullable(),
    excludeStudyNos: z.array(z.number().int()),
    excludeProjectTypes: z.array(z.number().int()),
    excludeWithinMonths: z.number().int().nullable(),
  }),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/**
 * GET /staff/invitations/List?page=&pageSize=&sort=&dir=&q=: the sendings, a table the server pages
 * (decision 145: sendings accumulate for years); newest first and 25 a page unless asked otherwise.
 * `study` sorts by the study's name; `answered` is shown but not a sort key (it reads each study's
 * screenings and bookings).
 */
export const INVITATIONS_PAGE_SIZE = 25;
export const INVITATION_SORTS = ['createdAt', 'study', 'matched', 'queued', 'sent', 'skipped', 'clicked'] as const;
export type InvitationSort = (typeof INVITATION_SORTS)[number];
export const invitationListQuerySchema = z.object({
  page: tablePageField,
  pageSize: pageSizeField(INVITATIONS_PAGE_SIZE),
  sort: sortField(INVITATION_SORTS, 'createdAt'),
  dir: sortDirectionField('desc'),
  /** Sendings whose study's name or number holds this text. */
  q: tableFilterField,
});
export type InvitationListQuery = z.input<typeof invitationListQuerySchema>;
export type InvitationListRequest = z.output<typeof invitationListQuerySchema>;
export const invitationListResponseSchema = z.object({
  invitations: z.array(invitationSummarySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Sendings the filter keeps, over every page. */
  total: z.number().int(),
  pageSize: z.number().int(),
  /** INVITATION_MAILS_PER_MINUTE: how fast the outbox receives invitation e-mails. */
  mailsPerMinute: z.number().int(),
});
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

/**
 * GET /staff/invitations/Detail?invitationId=&page=&pageSize=&sort=&dir=&q=: one sending, its
 * filters, counts and a page of recipients (decision 136: a big study's recipients are paged,
 * sorted and filtered by username on the server; 25 a page by username unless asked otherwise).
 */
export const RECIPIENTS_PAGE_SIZE = 25;
export const RECIPIENT_SORTS = ['username', 'state', 'sentAt', 'clickedAt', 'answered'] as const;
export type RecipientSort = (typeof RECIPIENT_SORTS)[number];
export const invitationDetailQuerySchema = z.object({
  invitationId: z.coerce.number().int().min(1).max(INTEGER_COLUMN_MAX),
  page: tablePageField,
  pageSize: pageSizeField(RECIPIENTS_PAGE_SIZE),
  sort: sortField(RECIPIENT_SORTS, 'username'),
  dir: sortDirectionField('asc'),
  /** Recipients whose username holds this text. */
  q: tableFilterField,
});
export type InvitationDetailQuery = z.input<typeof invitationDetailQuerySchema>;
export type InvitationDetailRequest = z.output<typeof invitationDetailQuerySchema>;
export const invitationRecipientSchema = z.object({
  testerId: z.string(),
  username: z.string(),
  state: z.enum(RECIPIENT_STATES),
  sentAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  answered: z.boolean(),
});
export type InvitationRecipient = z.infer<typeof invitationRecipientSchema>;
export const invitationDetailResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  invitation: invitationSummarySchema.nullable(),
  recipients: z.array(invitationRecipientSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Recipients the filter keeps, over every page. */
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type InvitationDetailResponse = z.infer<typeof invitationDetailResponseSchema>;

/**
 * GET /staff/invitations/Options: what the form offers (open studies, test sites, About-me answers;
 * the studies opened so far and their project types, to leave out who took part).
 */
export const invitationOptionsResponseSchema = z.object({
  studies: z.array(z.object({ studyNo: z.number().int(), name: z.string() })),
  earlierStudies: z.array(z.object({ studyNo: z.number().int(), name: z.string() })),
  projectTypes: z.array(z.object({ projectType: z.number().int(), name: z.string() })),
  sites: z.array(z.object({ siteId: z.string(), name: z.string() })),
  answers: z.array(z.object({ answerId: z.number().int(), question: z.string(), answer: z.string() })),
});
export type InvitationOptionsResponse = z.infer<typeof invitationOptionsResponseSchema>;
