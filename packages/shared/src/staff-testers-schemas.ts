import { z } from 'zod';
import { text, UUID_PATTERN } from './text.ts';
import { pageSizeField, sortDirectionField, sortField, tableFilterField } from './table-query.ts';

/* Testers in the staff console (issue 12 section 5, first bullet; decision 053): the recruiter role. */

/** Results a search answers at most; more means "narrow the search". */
export const TESTER_SEARCH_LIMIT = 25;
/** The shortest search: one or two letters would match a large part of a million testers. */
export const TESTER_SEARCH_MIN = 2;
/** The most coins one adjustment may move either way. */
export const COIN_ADJUSTMENT_MAX = 100_000;
/** The ledger reason of a staff adjustment (its reference is the adjustment's own id, so it is recorded once). */
export const STAFF_ADJUSTMENT_REASON = 'staff-adjustment';

export const STAFF_TESTER_TEXTS = {
  queryRequired: `Enter at least ${TESTER_SEARCH_MIN} characters of a name, username, e-mail or phone.`,
  queryTooLong: 'Keep the search under 100 characters.',
  unreadable: 'Remove the characters that cannot be stored.',
  testerUnknown: 'No such tester: they may have been deleted.',
  reasonRequired: 'Enter the reason: it is kept in the audit log.',
  reasonTooLong: 'Keep the reason under 1,000 characters.',
  coinsRequired: `Enter a whole number of coins, not 0, between -${COIN_ADJUSTMENT_MAX.toLocaleString('en-US')} and ${COIN_ADJUSTMENT_MAX.toLocaleString('en-US')}.`,
  belowZero: 'Not recorded: the balance cannot go below zero.',
  adjusted: 'Coins adjusted.',
  blackListOn: 'The tester is now on the blackList: they see no studies.',
  blackListOff: 'The tester is off the blackList.',
  blackListUnchanged: 'Nothing changed: someone else set this already.',
  notSuspended: 'The tester is not suspended (any more).',
  suspensionLifted: 'Suspension lifted: the tester may book again.',
  confirmationRequired: 'Type the tester’s username to confirm the deletion.',
  confirmationWrong: 'That is not this tester’s username.',
  deleted: 'The tester’s account and everything that names them were deleted.',
} as const;

const testerId = text(STAFF_TESTER_TEXTS.testerUnknown, { error: STAFF_TESTER_TEXTS.testerUnknown }).regex(
  UUID_PATTERN,
  STAFF_TESTER_TEXTS.testerUnknown,
);
const reason = text(STAFF_TESTER_TEXTS.unreadable, { error: STAFF_TESTER_TEXTS.reasonRequired })
  .trim()
  .min(1, STAFF_TESTER_TEXTS.reasonRequired)
  .max(1000, STAFF_TESTER_TEXTS.reasonTooLong);

/** GET /staff/testers/Search?q=: by name, username, e-mail or phone (decision 053 says how each is read). */
export const testerSearchQuerySchema = z.object({
  q: text(STAFF_TESTER_TEXTS.unreadable, { error: STAFF_TESTER_TEXTS.queryRequired })
    .trim()
    .min(TESTER_SEARCH_MIN, STAFF_TESTER_TEXTS.queryRequired)
    .max(100, STAFF_TESTER_TEXTS.queryTooLong),
});
export type TesterSearchQuery = z.infer<typeof testerSearchQuerySchema>;

/** Which index a search reads: the query's shape decides (decision 053). */
export type TesterSearchKind = 'email' | 'phone' | 'name';

/** The digits of a phone-like query (spaces, dashes, dots, brackets and a leading + allowed), or null. */
export function phoneDigits(query: string): string | null {
  const trimmed = query.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= TESTER_SEARCH_MIN ? digits : null;
}

export function searchKind(query: string): TesterSearchKind {
  if (query.includes('@')) return 'email';
  if (phoneDigits(query) !== null) return 'phone';
  return 'name';
}

export const testerSummarySchema = z.object({
  testerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  blackList: z.boolean(),
  suspendedUntil: z.string().nullable(),
});
export type TesterSummary = z.infer<typeof testerSummarySchema>;

export const testerSearchResponseSchema = z.object({
  status: z.literal('succeed'),
  kind: z.enum(['email', 'phone', 'name']),
  /** True when more than TESTER_SEARCH_LIMIT testers match: the list is cut. */
  hasMore: z.boolean(),
  testers: z.array(testerSummarySchema),
});
export type TesterSearchResponse = z.infer<typeof testerSearchResponseSchema>;

/** GET /staff/testers/Tester?testerId= and /staff/testers/Export?testerId=. */
export const testerIdQuerySchema = z.object({ testerId });

/** How many ledger entries and audit rows the tester's page shows a page (newest first). */
export const TESTER_PAGE_ROWS = 50 as const;
const pageParam = z.coerce.number().int().min(1).max(10_000).default(1);

/** The coin ledger's table on the tester's page sorts on these (decision 136); newest first unless asked. */
export const LEDGER_SORTS = ['createdAt', 'coins', 'experience'] as const;
export type LedgerSort = (typeof LEDGER_SORTS)[number];
/** The audit trail's sort keys (decision 145): when, who (the member's name), what (the action). */
export const AUDIT_TRAIL_SORTS = ['at', 'staff', 'action'] as const;
export type AuditTrailSort = (typeof AUDIT_TRAIL_SORTS)[number];

/**
 * The tester's page, with the page of the coin ledger and of the audit trail asked for; the ledger
 * sorted, filtered on its reason's words and TESTER_PAGE_ROWS a page unless asked otherwise.
 */
export const testerPageQuerySchema = z.object({
  testerId,
  ledgerPage: pageParam,
  ledgerPageSize: pageSizeField(TESTER_PAGE_ROWS),
  ledgerSort: sortField(LEDGER_SORTS, 'createdAt'),
  ledgerDir: sortDirectionField('desc'),
  ledgerQ: tableFilterField,
  auditPage: pageParam,
  auditPageSize: pageSizeField(TESTER_PAGE_ROWS),
  auditSort: sortField(AUDIT_TRAIL_SORTS, 'at'),
  auditDir: sortDirectionField('desc'),
  /** Entries whose action's words or reason hold this text. */
  auditQ: tableFilterField,
});
export type TesterPageQuery = z.infer<typeof testerPageQuerySchema>;

/** A row as its module exports it (decision 040's exportData), dates as ISO text. */
const exportedRows = z.array(z.record(z.string(), z.unknown()));

export const testerPageResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  tester: z
    .object({
      profile: z.record(z.string(), z.unknown()),
      coins: z.number().int(),
      exp: z.number().int(),
      level: z.number().int(),
      blackList: z.boolean(),
      suspendedUntil: z.string().nullable(),
      suspensions: exportedRows,
      bookings: exportedRows,
      screenings: exportedRows,
      waitingList: exportedRows,
      /** The names of the studies the bookings and screeners name, by study number. */
      studyNames: z.record(z.string(), z.string()),
      children: exportedRows,
      referrals: exportedRows,
      /** The newest ledger entries (the earnings history's own read), with the reason in words. */
      ledger: z.array(
        z.object({
          id: z.number().int(),
          coins: z.number().int(),
          experience: z.number().int(),
          reason: z.string(),
          reasonText: z.string(),
          reference: z.string(),
          createdAt: z.string(),
        }),
      ),
      ledgerPage: z.number().int(),
      ledgerHasMore: z.boolean(),
      /** Ledger entries the filter keeps, over every page. */
      ledgerTotal: z.number().int(),
      ledgerPageSize: z.number().int(),
      /** Staff changes to this tester, newest first. */
      audit: z.array(
        z.object({
          id: z.number().int(),
          at: z.string(),
          staffName: z.string(),
          action: z.string(),
          before: z.unknown(),
          after: z.unknown(),
        }),
      ),
      auditPage: z.number().int(),
      auditHasMore: z.boolean(),
      /** Audit entries the filter keeps, over every page. */
      auditTotal: z.number().int(),
      auditPageSize: z.number().int(),
    })
    .nullable(),
});
export type TesterPageResponse = z.infer<typeof testerPageResponseSchema>;
export type TesterPage = NonNullable<TesterPageResponse['tester']>;

/** POST /staff/testers/AdjustCoins: a credit (positive) or debit (negative) through the ledger. */
export const adjustCoinsSchema = z.object({
  testerId,
  coins: z.coerce
    .number({ error: STAFF_TESTER_TEXTS.coinsRequired })
    .int(STAFF_TESTER_TEXTS.coinsRequired)
    .min(-COIN_ADJUSTMENT_MAX, STAFF_TESTER_TEXTS.coinsRequired)
    .max(COIN_ADJUSTMENT_MAX, STAFF_TESTER_TEXTS.coinsRequired)
    .refine((value) => value !== 0, STAFF_TESTER_TEXTS.coinsRequired),
  reason,
});
export type AdjustCoinsPayload = z.infer<typeof adjustCoinsSchema>;

/** POST /staff/testers/SetBlackList. */
export const setBlackListSchema = z.object({ testerId, blackList: z.boolean(), reason });
export type SetBlackListPayload = z.infer<typeof setBlackListSchema>;

/** POST /staff/testers/LiftSuspension. */
export const liftSuspensionSchema = z.object({ testerId, reason });
export type LiftSuspensionPayload = z.infer<typeof liftSuspensionSchema>;

/** POST /staff/testers/Delete: the privacy module's deletion, confirmed by typing the username. */
export const deleteTesterSchema = z.object({
  testerId,
  confirmation: text(STAFF_TESTER_TEXTS.unreadable, { error: STAFF_TESTER_TEXTS.confirmationRequired })
    .trim()
    .min(1, STAFF_TESTER_TEXTS.confirmationRequired)
    .max(100, STAFF_TESTER_TEXTS.confirmationWrong),
  reason,
});
export type DeleteTesterPayload = z.infer<typeof deleteTesterSchema>;

export const testerActionResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), message: z.string() });
export type TesterActionResponse = z.infer<typeof testerActionResponseSchema>;

/* Notes on a tester (issue 29; decision 116): the company's record, never shown to the tester nor in their export. */

/** The longest note, in characters. */
export const TESTER_NOTE_MAX = 2000;
/** How long after writing it the author may still delete a note. */
export const TESTER_NOTE_DELETE_HOURS = 24;
/** The newest notes the tester's page lists. */
export const TESTER_NOTES_SHOWN = 100;

export const TESTER_NOTE_TEXTS = {
  textRequired: 'Write the note.',
  textTooLong: `Keep the note to ${TESTER_NOTE_MAX.toLocaleString('en-US')} characters.`,
  added: 'Note added.',
  deleted: 'Note deleted.',
  noteUnknown: 'No such note: it may have been deleted already.',
  notDeletable: `Only its author may delete a note, within ${TESTER_NOTE_DELETE_HOURS} hours of writing it.`,
} as const;

/** POST /staff/testers/AddNote: the note's text, trimmed, 1 to 2,000 characters. */
export const addTesterNoteSchema = z.object({
  testerId,
  text: text(STAFF_TESTER_TEXTS.unreadable, { error: TESTER_NOTE_TEXTS.textRequired })
    .trim()
    .min(1, TESTER_NOTE_TEXTS.textRequired)
    .max(TESTER_NOTE_MAX, TESTER_NOTE_TEXTS.textTooLong),
});
export type AddTesterNotePayload = z.infer<typeof addTesterNoteSchema>;

/** POST /staff/testers/DeleteNote: the author's own note, within 24 hours. */
export const deleteTesterNoteSchema = z.object({
  testerId,
  noteId: text(TESTER_NOTE_TEXTS.noteUnknown, { error: TESTER_NOTE_TEXTS.noteUnknown }).regex(UUID_PATTERN, TESTER_NOTE_TEXTS.noteUnknown),
});
export type DeleteTesterNotePayload = z.infer<typeof deleteTesterNoteSchema>;

export const testerNoteSchema = z.object({
  noteId: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** Whether the staff member asking may delete it (their own, under 24 hours old). */
  deletable: z.boolean(),
});
export type TesterNote = z.infer<typeof testerNoteSchema>;

/** GET /staff/testers/Notes?testerId=: newest first, at most TESTER_NOTES_SHOWN. failed: no such tester. */
export const testerNotesResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  notes: z.array(testerNoteSchema),
  hasMore: z.boolean(),
});
export type TesterNotesResponse = z.infer<typeof testerNotesResponseSchema>;

/* Likely duplicate accounts (issue 29; decision 129): pairs of testers sharing a signal, reviewed by recruiters. */

/** What two accounts share: the e-mail once dots (gmail-like domains) and +tags are removed, the phone's digits, the street address with the ZIP. */
export const DUPLICATE_SIGNALS = ['email', 'phone', 'address', 'device'] as const;
export type DuplicateSignal = (typeof DUPLICATE_SIGNALS)[number];
/** Signals strong enough to hold screening until staff review the pair. */
export const STRONG_DUPLICATE_SIGNALS: readonly DuplicateSignal[] = ['email', 'phone'];
/** Pairs a page of the duplicates list shows (newest account first). */
export const DUPLICATE_PAGE_ROWS = 25;

export const DUPLICATE_TEXTS = {
  notDuplicate: 'Marked as different people: the pair is no longer shown.',
  blockedNewer: 'The newer account is on the blackList: it sees no studies.',
  alreadyReviewed: 'Nothing changed: someone already reviewed this pair.',
  notAPair: 'Choose two different accounts.',
  merged: 'The newer account was merged into the older one and is now on the blackList.',
  olderBlackListed: 'The older account is on the blackList: nothing was merged into it.',
  alreadyMerged: 'The newer account was merged into another account already.',
  /** The newer account's reward orders pending (decision 144): a merge waits until the rewards team decides them. */
  ordersBlock: (orders: number) =>
    `The newer account has ${orders === 1 ? 'a reward order' : `${orders} reward orders`} waiting for the rewards team: a rejection refunds the account it was ordered from, so fulfil or reject ${orders === 1 ? 'it' : 'them'} first, then merge.`,
  /** The newer account's bookings not over yet (decision 144): a merge waits until they are cancelled or moved. */
  bookingsBlock: (studies: readonly string[]) =>
    `The newer account has ${studies.length === 1 ? 'a booking' : `${studies.length} bookings`} not over yet (${studies.join(', ')}): cancel or move ${studies.length === 1 ? 'it' : 'them'} on the newer account's page first, then merge.`,
} as const;

/** What a merge of the newer account into the older one moves (decision 144), and the bookings that stop it. */
export const mergePreviewSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  olderTesterId: z.string(),
  newerTesterId: z.string(),
  /** The newer account's coin balance: debited there and credited to the older account. */
  coins: z.number().int(),
  /** The newer account's children the older account does not have (same names and date of birth stay). */
  children: z.number().int(),
  notes: z.number().int(),
  referrals: z.number().int(),
  /** Empty when the merge may go ahead; else why not (the newer account's reward orders pending, bookings not over yet). */
  blockers: z.array(z.string()),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

/** GET /staff/testers/MergePreview?testerId=&otherTesterId=: what merging the newer of the two into the older would move. */
export const mergePreviewQuerySchema = z
  .object({ testerId, otherTesterId: testerId })
  .refine((input) => input.testerId.toLowerCase() !== input.otherTesterId.toLowerCase(), {
    message: DUPLICATE_TEXTS.notAPair,
    path: ['otherTesterId'],
  });
export type MergePreviewQuery = z.infer<typeof mergePreviewQuerySchema>;

/** The duplicates table's sort columns (decision 144): either account's registration time. */
export const DUPLICATE_SORTS = ['newerCreatedAt', 'olderCreatedAt'] as const;

/**
 * GET /staff/testers/Duplicates?page=&pageSize=&sort=&dir=&q=&testerId=: every unreviewed pair, or
 * only the pairs of one tester; q keeps the pairs whose username or name (either account) holds it.
 */
export const duplicatesQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeField(DUPLICATE_PAGE_ROWS),
  sort: sortField(DUPLICATE_SORTS, 'newerCreatedAt'),
  dir: sortDirectionField('desc'),
  q: tableFilterField,
  testerId: testerId.optional(),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

const duplicateAccountSchema = z.object({
  testerId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  blackList: z.boolean(),
  createdAt: z.string(),
});
export type DuplicateAccount = z.infer<typeof duplicateAccountSchema>;

export const duplicatesResponseSchema = z.object({
  status: z.literal('succeed'),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Pairs the filter keeps over every page (0 when the page asked is past the last). */
  total: z.number().int(),
  pageSize: z.number().int(),
  /** Each pair: the older account, the newer one, and what they share. */
  pairs: z.array(z.object({ older: duplicateAccountSchema, newer: duplicateAccountSchema, signals: z.array(z.enum(DUPLICATE_SIGNALS)) })),
});
export type DuplicatesResponse = z.infer<typeof duplicatesResponseSchema>;

/** A pair's review: different people, the newer account blocked, or the newer account merged into the older (decision 144). */
export const DUPLICATE_OUTCOMES = ['notDuplicate', 'blockNewer', 'mergeNewer'] as const;
export type DuplicateOutcome = (typeof DUPLICATE_OUTCOMES)[number];

/**
 * POST /staff/testers/ReviewDuplicate: notDuplicate hides the pair; blockNewer puts the newer account
 * on the blackList; mergeNewer moves the newer account's coins, children, notes and referrals into
 * the older one, then black-lists it.
 */
export const reviewDuplicateSchema = z
  .object({
    testerIds: z.tuple([testerId, testerId]),
    outcome: z.enum(DUPLICATE_OUTCOMES),
    reason,
  })
  .refine((input) => input.testerIds[0].toLowerCase() !== input.testerIds[1].toLowerCase(), {
    message: DUPLICATE_TEXTS.notAPair,
    path: ['testerIds'],
  });
export type ReviewDuplicatePayload = z.infer<typeof reviewDuplicateSchema>;
