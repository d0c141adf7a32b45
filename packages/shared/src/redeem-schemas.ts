import { z } from 'zod';
import { text } from './text.ts';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';
import { pageSizeField, sortDirectionField, sortField, tableFilterField, tablePageField } from './table-query.ts';
import { translator, type Translate } from './i18n.ts';
import earningsEnglish from './locales/en/messages-earnings.json' with { type: 'json' };

/**
 * Coins and redeeming (spec 3: "Redeem", the reward calls, the redeem texts of section 8 and the
 * 30-day limit of section 9; decision 034). The popup and the server read these same rules.
 */

export const REDEEM_LIMITS = {
  /** Problems with a redemption must be reported within this many days (spec 3, section 9). */
  issueReportDays: 30,
  /** Entries per page of the earnings history. */
  historyPageSize: 20,
  /** Pages of the earnings history a tester can ask for (older changes stay in the ledger). */
  historyMaxPage: 50,
  /** The newest orders the portal lists (older ones stay in the earnings history and the e-mails). */
  ordersShown: 50,
} as const;

export const REDEEM_TEXTS = {
  /** The popup's failure (spec 3, section 8): unknown or inactive reward, or not enough coins. */
  failed: 'Failed to use coin',
  failedDetail: 'Your coins were not used. The reward may no longer be available, or it costs more coins than you have.',
  /** The e-mail failure (decision 034): the order's confirmation cannot reach the tester, so nothing is spent. */
  emailFailedTitle: 'Check your email address',
  emailFailed:
    'We could not send your order confirmation, so no coins were used. Please confirm or update your e-mail address under My Account, Change Contact Info, and try again.',
  succeeded: 'Reward on its way',
  succeededDetail: `Your order is pending: we will e-mail you when it is sent. Any issue with a reward must be reported within ${REDEEM_LIMITS.issueReportDays} days.`,
} as const;

/** A reward number (rItemNo): a whole number the integer column can hold. */
export const rewardNoSchema = z
  .number({ error: 'Choose a reward.' })
  .int('Choose a reward.')
  .min(1, 'Choose a reward.')
  .max(INTEGER_COLUMN_MAX, 'Choose a reward.');

/** POST /api/reward/SpendCoin: the body is the reward number as a bare JSON number (spec 3: "body reward number"). */
export const spendCoinRequestSchema = rewardNoSchema;

export const SPEND_COIN_STATUSES = ['succeed', 'failed', 'changeEmailAddress'] as const;
export type SpendCoinStatus = (typeof SPEND_COIN_STATUSES)[number];

/** Its answer: the outcome and the balance after it (unchanged unless succeed). */
export const spendCoinResponseSchema = z.object({ status: z.enum(SPEND_COIN_STATUSES), coins: z.number().int() });
export type SpendCoinResponse = z.infer<typeof spendCoinResponseSchema>;

/** GET /api/reward/GetRewardList: the active rewards, in the catalogue's order. */
export const rewardSchema = z.object({
  rItemNo: z.number().int(),
  rItemName: z.string(),
  rItemCoins: z.number().int(),
  rItemImagePath: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const rewardListResponseSchema = z.array(rewardSchema);

/** GET /api/reward/GetCurrentCoin. */
export const currentCoinResponseSchema = z.object({ coins: z.number().int() });
export type CurrentCoinResponse = z.infer<typeof currentCoinResponseSchema>;

/** A reward the balance can pay for (spec 3: "cost must not exceed the balance"). */
export const isAffordable = (reward: Pick<Reward, 'rItemCoins'>, coins: number) => reward.rItemCoins <= coins;

/** GET /api/reward/GetEarningsHistory?page=N (beyond the spec, decision 034). */
export const earningsHistoryQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .max(REDEEM_LIMITS.historyMaxPage, `Page must be ${REDEEM_LIMITS.historyMaxPage} or less.`)
    .default(1),
});

export const earningsEntrySchema = z.object({
  coins: z.number().int(),
  exp: z.number().int(),
  /** The change's reason in words. */
  description: z.string(),
  loggedAt: z.string(),
});
export type EarningsEntry = z.infer<typeof earningsEntrySchema>;

export const compensationSchema = z.object({
  studyName: z.string(),
  /** When the attended session ended. */
  attendedAt: z.string(),
  /** The group's compensation (coOpCost), in dollars. */
  amount: z.number(),
});
export type Compensation = z.infer<typeof compensationSchema>;

export const earningsHistoryResponseSchema = z.object({
  page: z.number().int(),
  entries: z.array(earningsEntrySchema),
  hasMore: z.boolean(),
  /** Every attended study and its compensation, newest first. */
  compensation: z.array(compensationSchema),
});
export type EarningsHistoryResponse = z.infer<typeof earningsHistoryResponseSchema>;

/** A reward order as its tester sees it (issue 29: the status and the code were only in the e-mails). */
export const rewardOrderSchema = z.object({
  orderId: z.number().int(),
  rewardName: z.string(),
  coins: z.number().int(),
  status: z.enum(['pending', 'fulfilled', 'rejected']),
  orderedAt: z.string(),
  /** When the rewards team sent or refused it; null while pending. */
  decidedAt: z.string().nullable(),
  /** Once fulfilled, the gift code or note from the rewards team; once refused, the reason; null while pending. */
  note: z.string().nullable(),
});
export type RewardOrder = z.infer<typeof rewardOrderSchema>;

/** GET /api/reward/GetRewardOrders (beyond the spec): the tester's newest orders, newest first. */
export const rewardOrdersResponseSchema = z.object({ orders: z.array(rewardOrderSchema) });
export type RewardOrdersResponse = z.infer<typeof rewardOrdersResponseSchema>;

/** The ledger reasons' words (locales/<language>/messages-earnings.json): a tester reads them in their language, staff in English. */
export type EarningsTranslate = Translate<keyof typeof earningsEnglish>;
const earningsInEnglish: EarningsTranslate = translator(earningsEnglish);
const REASON_PREFIX = 'reason.';
const LISTED_REASONS = Object.keys(earningsEnglish)
  .filter((key) => key.startsWith(REASON_PREFIX))
  .map((key) => key.slice(REASON_PREFIX.length));

/** A ledger reason in words; a reason not listed reads as the fallback. */
export function reasonText(reason: string, t: EarningsTranslate = earningsInEnglish): string {
  const key = `${REASON_PREFIX}${reason}`;
  return Object.hasOwn(earningsEnglish, key) ? t(key as keyof typeof earningsEnglish) : t('reasonOther');
}

/**
 * The ledger reasons whose (English) words hold `filter` (case aside), for a filter the database applies
 * (decision 136): `named`, and `others` when the words of a reason not listed hold it too.
 */
export function reasonsNamed(filter: string): { named: string[]; others: boolean; listed: string[] } {
  const needle = filter.toLowerCase();
  return {
    named: LISTED_REASONS.filter((reason) => reasonText(reason).toLowerCase().includes(needle)),
    others: earningsInEnglish('reasonOther').toLowerCase().includes(needle),
    listed: LISTED_REASONS,
  };
}

/**
 * A ledger change in words: its reason, and for a take-back that found the coins already spent
 * (decision 080) how many it could not take back.
 */
export function entryText(entry: { reason: string; shortfallCoins: number }, t: EarningsTranslate = earningsInEnglish): string {
  const reason = reasonText(entry.reason, t);
  return entry.shortfallCoins > 0 ? t('shortfall', { reason, coins: entry.shortfallCoins }) : reason;
}

/* The staff side of redemption orders (issue 12 section 6; decision 047). */

export const REDEEM_ORDER_STATUSES = ['pending', 'fulfilled', 'rejected'] as const;
export type RedeemOrderStatus = (typeof REDEEM_ORDER_STATUSES)[number];

/** Orders per page of the staff list. */
export const STAFF_ORDERS_PAGE_SIZE = 25;

/** The end of an order's report window: issues must be reported within 30 days of the reward being sent. */
export function reportWindowEnd(fulfilledAt: Date): Date {
  return new Date(fulfilledAt.getTime() + REDEEM_LIMITS.issueReportDays * 24 * 3600_000);
}

export const ORDER_TEXTS = {
  codeRequired: 'Enter the gift code or a note for the tester.',
  reasonRequired: 'Enter the reason for rejecting the order.',
  tooLong: 'Keep it under 1,000 characters.',
  unreadable: 'Remove the characters that cannot be sent by e-mail.',
  fulfilled: 'Order fulfilled: the tester was e-mailed.',
  rejected: 'Order rejected: the coins were returned and the tester was e-mailed.',
  notPending: 'This order was already fulfilled or rejected by someone else.',
  notFound: 'No such order.',
} as const;

/** The columns the staff order table sorts by (decision 140). */
export const STAFF_ORDER_SORTS = ['orderId', 'createdAt', 'username', 'rewardName', 'coins', 'status', 'decidedAt'] as const;
export type StaffOrderSort = (typeof STAFF_ORDER_SORTS)[number];

/**
 * GET /staff/rewards/Orders: optionally one status; a page of `pageSize` sorted by one of
 * STAFF_ORDER_SORTS (newest first by default), `q` keeping the orders whose tester's username or
 * reward name holds it (decision 140).
 */
export const staffOrdersQuerySchema = z.object({
  status: z.enum(REDEEM_ORDER_STATUSES).optional(),
  page: tablePageField,
  pageSize: pageSizeField(STAFF_ORDERS_PAGE_SIZE),
  sort: sortField(STAFF_ORDER_SORTS, 'createdAt'),
  dir: sortDirectionField('desc'),
  q: tableFilterField,
});
export type StaffOrdersQuery = z.input<typeof staffOrdersQuerySchema>;
export type StaffOrdersRequest = z.output<typeof staffOrdersQuerySchema>;

export const staffOrderSchema = z.object({
  orderId: z.number().int(),
  testerId: z.string(),
  username: z.string(),
  rewardName: z.string(),
  coins: z.number().int(),
  createdAt: z.string(),
  status: z.enum(REDEEM_ORDER_STATUSES),
  /** When it was fulfilled or rejected. */
  decidedAt: z.string().nullable(),
  /** The gift code or note sent, or the reason for a rejection. */
  note: z.string().nullable(),
  /** The end of the 30-day report window (fulfilled orders only: it starts when the reward is sent). */
  reportWindowEndsAt: z.string().nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrdersResponseSchema = z.object({
  status: z.literal('succeed'),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Orders the status and filter keep, over every page. */
  total: z.number().int(),
  hasMore: z.boolean(),
  orders: z.array(staffOrderSchema),
});
export type StaffOrdersResponse = z.infer<typeof staffOrdersResponseSchema>;

const orderId = z
  .number({ error: ORDER_TEXTS.notFound })
  .int(ORDER_TEXTS.notFound)
  .min(1, ORDER_TEXTS.notFound)
  .max(INTEGER_COLUMN_MAX, ORDER_TEXTS.notFound);
/** Required text for the tester's e-mail: no NUL byte or lone surrogate (text.ts), trimmed, 1 to 1,000 characters. */
const requiredText = (message: string) =>
  text(ORDER_TEXTS.unreadable, { error: message }).trim().min(1, message).max(1000, ORDER_TEXTS.tooLong);

/** POST /staff/rewards/FulfilOrder: the gift code or a note, e-mailed to the tester. */
export const fulfilOrderSchema = z.object({ orderId, code: requiredText(ORDER_TEXTS.codeRequired) });
export type FulfilOrderPayload = z.infer<typeof fulfilOrderSchema>;

/** POST /staff/rewards/RejectOrder: the reason, e-mailed to the tester with the coins returned. */
export const rejectOrderSchema = z.object({ orderId, reason: requiredText(ORDER_TEXTS.reasonRequired) });
export type RejectOrderPayload = z.infer<typeof rejectOrderSchema>;

export const orderDecisionResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), message: z.string() });
export type OrderDecisionResponse = z.infer<typeof orderDecisionResponseSchema>;
