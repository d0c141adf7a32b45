import { z } from 'zod';
import { REFERRAL_STATUSES, type ReferralStatus } from './referral-schemas.ts';
import { text, UUID_PATTERN } from './text.ts';
import { integerColumnId } from './integer-column.ts';

/**
 * The staff console's queues (issue 12 section 5; decision 054): the children awaiting their
 * confirmation call and the referral pipeline; and the reward catalogue (section 6; decision 055).
 * One schema serves each form and its call.
 */

const id32 = integerColumnId;
const uuid = (message: string) => text(message, { error: message }).regex(UUID_PATTERN, message);
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** Rows per page of the staff lists of this file. */
export const STAFF_QUEUE_PAGE_SIZE = 25;

/* ---------------------------------------------------------------- The children queue */

/** Phone calls staff may make to confirm a child, all within the registration's 24 hours (spec 3). */
export const CHILD_CALL_LIMIT = 3;

/** What a confirmation call came to: `confirmed` confirms the child, `declined` ends the registration now. */
export const CHILD_CALL_OUTCOMES = ['noAnswer', 'leftMessage', 'wrongNumber', 'declined', 'confirmed'] as const;
export type ChildCallOutcome = (typeof CHILD_CALL_OUTCOMES)[number];

export const CHILD_CALL_OUTCOME_LABELS: Record<ChildCallOutcome, string> = {
  noAnswer: 'No answer',
  leftMessage: 'Left a message',
  wrongNumber: 'Wrong number',
  declined: 'Parent declined (ends the registration)',
  confirmed: 'Confirmed by the parent',
};

export const CHILD_QUEUE_TEXTS = {
  notFound: 'No such child registration.',
  outcomeRequired: 'Choose what the call came to.',
  noteTooLong: 'Keep the note under 500 characters.',
  unreadable: 'Remove the characters that cannot be stored.',
  expired: 'This registration has expired: the child can no longer be confirmed.',
  alreadyConfirmed: 'This child is already confirmed.',
  limitReached: `All ${CHILD_CALL_LIMIT} calls have been made: the registration expires at the end of its 24 hours, and the parent may register the child again.`,
  recorded: 'Call recorded.',
  confirmed: 'Call recorded: the child is confirmed.',
  declined: 'Call recorded: the registration has ended.',
} as const;

/** POST /staff/children/RecordCall: one call attempt on a child awaiting confirmation. */
export const childCallSchema = z.object({
  childId: uuid(CHILD_QUEUE_TEXTS.notFound),
  outcome: z.enum(CHILD_CALL_OUTCOMES, { error: CHILD_QUEUE_TEXTS.outcomeRequired }),
  note: text(CHILD_QUEUE_TEXTS.unreadable).trim().max(500, CHILD_QUEUE_TEXTS.noteTooLong).default(''),
});
export type ChildCallPayload = z.input<typeof childCallSchema>;

export const childCallAttemptSchema = z.object({
  outcome: z.string(),
  channel: z.string(),
  note: z.string().nullable(),
  attemptedAt: z.string(),
  staffName: z.string().nullable(),
});

export const childQueueItemSchema = z.object({
  childId: z.string(),
  childName: z.string(),
  birthDate: z.string(),
  phone: z.string(),
  parentName: z.string(),
  parentUsername: z.string(),
  registeredAt: z.string(),
  expiresAt: z.string(),
  /** Whole minutes left of the registration's 24 hours, by the server's clock. */
  minutesLeft: z.number().int(),
  /** Whether the parent opened the e-mailed link (the e-mail step; it does not confirm the child, decision 079). */
  emailConfirmed: z.boolean(),
  callsMade: z.number().int(),
  attempts: z.array(childCallAttemptSchema),
});
export type ChildQueueItem = z.infer<typeof childQueueItemSchema>;

/** GET /staff/children/Queue?page=: children awaiting confirmation, the soonest to expire first. */
export const childQueueQuerySchema = z.object({ page });
export const childQueueResponseSchema = z.object({
  status: z.literal('succeed'),
  page: z.number().int(),
  hasMore: z.boolean(),
  children: z.array(childQueueItemSchema),
});
export type ChildQueueResponse = z.infer<typeof childQueueResponseSchema>;

/* ---------------------------------------------------------------- The referral pipeline */

/** The statuses staff set (spec 3; issue 11: the others move by registration and attendance). */
export const STAFF_REFERRAL_STATUSES = ['Bad Number', 'Outreach', 'Paid', 'Closed'] as const;
export type StaffReferralStatus = (typeof STAFF_REFERRAL_STATUSES)[number];

/**
 * The moves staff may make (decision 054), by target: from where each staff status may be set.
 * Paid only from Complete (the friend attended a first study); Closed ends any open referral;
 * Paid and Closed are final.
 */
export const REFERRAL_MOVES: Record<StaffReferralStatus, readonly ReferralStatus[]> = {
  'Bad Number': ['New', 'Outreach'],
  Outreach: ['New', 'Bad Number', 'Registered'],
  Paid: ['Complete'],
  Closed: ['New', 'Bad Number', 'Registered', 'Outreach', 'Complete'],
};

/** The staff statuses a referral in `status` may move to. */
export const referralMovesFrom = (status: ReferralStatus): StaffReferralStatus[] =>
  STAFF_REFERRAL_STATUSES.filter((target) => REFERRAL_MOVES[target].includes(status));

export const REFERRAL_PIPELINE_TEXTS = {
  notFound: 'No such referral.',
  statusRequired: 'Choose a status.',
  notAllowed: 'This referral cannot move to that status from where it is now (someone may have moved it meanwhile).',
  moved: 'Status changed.',
  paid: 'Status changed to Paid: the referrer was paid the referral reward.',
  paidBefore: 'Status changed to Paid: the referrer had already claimed the reward, so nothing more was paid.',
} as const;

/** GET /staff/referrals/List?status=&page=: newest first, optionally one status. */
export const referralPipelineQuerySchema = z.object({ status: z.enum(REFERRAL_STATUSES).optional(), page });
export type ReferralPipelineQuery = z.input<typeof referralPipelineQuerySchema>;

export const referralPipelineItemSchema = z.object({
  referralId: z.string(),
  referrerUsername: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  rewardPaid: z.boolean(),
});
export type ReferralPipelineItem = z.infer<typeof referralPipelineItemSchema>;

export const referralPipelineResponseSchema = z.object({
  status: z.literal('succeed'),
  page: z.number().int(),
  hasMore: z.boolean(),
  referrals: z.array(referralPipelineItemSchema),
});
export type ReferralPipelineResponse = z.infer<typeof referralPipelineResponseSchema>;

/** POST /staff/referrals/SetStatus. */
export const referralStatusSchema = z.object({
  referralId: uuid(REFERRAL_PIPELINE_TEXTS.notFound),
  status: z.enum(STAFF_REFERRAL_STATUSES, { error: REFERRAL_PIPELINE_TEXTS.statusRequired }),
});
export type ReferralStatusPayload = z.infer<typeof referralStatusSchema>;

/* ---------------------------------------------------------------- The reward catalogue */

/** The reward pictures the web app serves (apps/web/public/media/rewards). */
export const REWARD_IMAGES = [
  { path: '/media/rewards/gift-card-5.svg', label: '$5 gift card' },
  { path: '/media/rewards/gift-card-10.svg', label: '$10 gift card' },
  { path: '/media/rewards/gift-card-25.svg', label: '$25 gift card' },
  { path: '/media/rewards/tote-bag.svg', label: 'Tote bag' },
  { path: '/media/rewards/movie-night.svg', label: 'Movie night' },
] as const;
const REWARD_IMAGE_PATHS = REWARD_IMAGES.map((image) => image.path) as [string, ...string[]];

export const REWARD_LIMITS = { nameMax: 80, coinsMax: 1_000_000, sortOrderMax: 10_000 } as const;

export const CATALOGUE_TEXTS = {
  nameRequired: 'Enter the reward’s name.',
  nameTooLong: `Keep the name under ${REWARD_LIMITS.nameMax} characters.`,
  unreadable: 'Remove the characters that cannot be stored.',
  coinsInvalid: `Enter a whole number of coins from 1 to ${REWARD_LIMITS.coinsMax.toLocaleString('en-US')}.`,
  sortOrderInvalid: `Enter a position from 0 to ${REWARD_LIMITS.sortOrderMax.toLocaleString('en-US')}.`,
  imageRequired: 'Choose a picture.',
  notFound: 'No such reward.',
  stale: 'Someone else changed this reward meanwhile: reload it and make your change again.',
  added: 'Reward added: testers see it on the redeem page.',
  saved: 'Reward saved. Orders already placed keep the price they were placed at.',
  retired: 'Reward retired: testers no longer see it.',
  restored: 'Reward back in the catalogue.',
  unchanged: 'The reward already had that state.',
} as const;

const coins = z.coerce
  .number({ error: CATALOGUE_TEXTS.coinsInvalid })
  .int(CATALOGUE_TEXTS.coinsInvalid)
  .min(1, CATALOGUE_TEXTS.coinsInvalid)
  .max(REWARD_LIMITS.coinsMax, CATALOGUE_TEXTS.coinsInvalid);

/** The reward's fields, for adding and editing. */
export const rewardFieldsSchema = z.object({
  name: text(CATALOGUE_TEXTS.unreadable, { error: CATALOGUE_TEXTS.nameRequired })
    .trim()
    .min(1, CATALOGUE_TEXTS.nameRequired)
    .max(REWARD_LIMITS.nameMax, CATALOGUE_TEXTS.nameTooLong),
  coins,
  imagePath: z.enum(REWARD_IMAGE_PATHS, { error: CATALOGUE_TEXTS.imageRequired }),
  sortOrder: z.coerce
    .number({ error: CATALOGUE_TEXTS.sortOrderInvalid })
    .int(CATALOGUE_TEXTS.sortOrderInvalid)
    .min(0, CATALOGUE_TEXTS.sortOrderInvalid)
    .max(REWARD_LIMITS.sortOrderMax, CATALOGUE_TEXTS.sortOrderInvalid),
});
export type RewardFields = z.infer<typeof rewardFieldsSchema>;
export type RewardFieldsInput = z.input<typeof rewardFieldsSchema>;

/** POST /staff/rewards/AddReward. */
export const addRewardSchema = rewardFieldsSchema;

/** POST /staff/rewards/EditReward: the version the form was filled from (an older one is refused). */
export const editRewardSchema = rewardFieldsSchema.extend({
  itemNo: id32(CATALOGUE_TEXTS.notFound),
  version: id32(CATALOGUE_TEXTS.stale),
});
export type EditRewardPayload = z.infer<typeof editRewardSchema>;

/** POST /staff/rewards/SetRewardActive: retire (false) or restore (true). */
export const rewardActiveSchema = z.object({ itemNo: id32(CATALOGUE_TEXTS.notFound), active: z.boolean() });
export type RewardActivePayload = z.infer<typeof rewardActiveSchema>;

export const catalogueItemSchema = z.object({
  itemNo: z.number().int(),
  name: z.string(),
  coins: z.number().int(),
  imagePath: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
  pendingOrders: z.number().int(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** GET /staff/rewards/Catalogue: every reward, retired ones too, in the redeem page's order. */
export const catalogueResponseSchema = z.object({ status: z.literal('succeed'), rewards: z.array(catalogueItemSchema) });
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** The answer of every change in this file: succeed or failed with its message (and the reward's number when one was added). */
export const staffQueueChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  itemNo: z.number().int().optional(),
});
export type StaffQueueChangeResponse = z.infer<typeof staffQueueChangeResponseSchema>;
