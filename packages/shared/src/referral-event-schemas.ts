import { z } from 'zod';
import { text } from './text.ts';
import { integerColumnId } from './integer-column.ts';

/**
 * The referral event texts in the staff console (issue 12 section 6; decision 066): each month's
 * special-offer lines that GET /api/callout/GetReferralEvent gives testers (the latest month with
 * any, up to the current one). Testers' pages show a text as plain text, so it is written as plain
 * text: markup would show as typed and is refused. One schema per call serves the console's form
 * and the server; every message is in REFERRAL_EVENT_TEXTS.
 */

export const REFERRAL_EVENT_LIMITS = { maxLength: 300, maxSortOrder: 999, firstYear: 2000, lastYear: 2999 } as const;

export const REFERRAL_EVENT_TEXTS = {
  unreadable: 'Remove the characters that cannot be stored.',
  monthRequired: 'Choose the month the text is shown from (YYYY-MM).',
  monthInvalid: `Enter the month as YYYY-MM, from ${REFERRAL_EVENT_LIMITS.firstYear} on.`,
  commentRequired: 'Enter the text testers see.',
  commentTooLong: `Keep the text under ${REFERRAL_EVENT_LIMITS.maxLength} characters.`,
  commentMarkup: 'Write plain text: testers’ pages show tags such as <b> as typed.',
  sortOrderInvalid: `Enter a whole number from 0 to ${REFERRAL_EVENT_LIMITS.maxSortOrder}.`,
  added: 'Referral event text added.',
  saved: 'Referral event text saved.',
  removed: 'Referral event text removed.',
  notFound: 'This text no longer exists. Reload the list.',
  changed: 'This text was changed by someone else since you opened it. Reload it to see their change, then edit again.',
} as const;

const T = REFERRAL_EVENT_TEXTS;
const id = integerColumnId();
/** The revision the editor opened: a save against any other is refused as "changed since you opened it". */
const revision = integerColumnId();
/** Something that reads as an HTML tag or comment. */
const MARKUP = /<\s*[a-z!/]/i;

/** A month as YYYY-MM (what a month input gives), from 2000 to 2999. */
const month = text(T.unreadable, { error: T.monthRequired })
  .trim()
  .min(1, T.monthRequired)
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, number] = [Number(match[1]), Number(match[2])];
    return year >= REFERRAL_EVENT_LIMITS.firstYear && year <= REFERRAL_EVENT_LIMITS.lastYear && number >= 1 && number <= 12;
  }, T.monthInvalid);

/** The fields staff edit: the month, the text and its place among the month's texts (lower first). */
export const referralEventFieldsSchema = z.object({
  month,
  referralComment: text(T.unreadable, { error: T.commentRequired })
    .trim()
    .min(1, T.commentRequired)
    .max(REFERRAL_EVENT_LIMITS.maxLength, T.commentTooLong)
    .refine((value) => !MARKUP.test(value), T.commentMarkup),
  sortOrder: z
    .number({ error: T.sortOrderInvalid })
    .int(T.sortOrderInvalid)
    .min(0, T.sortOrderInvalid)
    .max(REFERRAL_EVENT_LIMITS.maxSortOrder, T.sortOrderInvalid),
});

/** POST /staff/content/SaveReferralEvent: without `id` a new text; with `id` and the revision opened, that text saved. */
export const saveReferralEventSchema = referralEventFieldsSchema
  .extend({ id: id.optional(), revision: revision.optional() })
  .refine((value) => (value.id === undefined) === (value.revision === undefined), { message: T.changed, path: ['revision'] });
export type SaveReferralEventPayload = z.infer<typeof saveReferralEventSchema>;

/** POST /staff/content/RemoveReferralEvent: the text deleted, against the revision shown. */
export const removeReferralEventSchema = z.object({ id, revision });
export type RemoveReferralEventPayload = z.infer<typeof removeReferralEventSchema>;

export const staffReferralEventSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM. */
  month: z.string(),
  /** Empty when the stored row has none (testers' pages skip it). */
  referralComment: z.string(),
  sortOrder: z.number().int(),
  revision: z.number().int(),
});
export type StaffReferralEvent = z.infer<typeof staffReferralEventSchema>;

/** GET /staff/content/ReferralEvents: every month's texts, newest month first, and the month testers see now. */
export const staffReferralEventsResponseSchema = z.object({
  status: z.literal('succeed'),
  /** The month whose texts GetReferralEvent gives now (YYYY-MM), or null when no month up to now has any. */
  shownMonth: z.string().nullable(),
  events: z.array(staffReferralEventSchema),
});
export type StaffReferralEventsResponse = z.infer<typeof staffReferralEventsResponseSchema>;

export const referralEventChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  /** The text as it now is (add and edit), so the editor carries its new revision. */
  event: staffReferralEventSchema.optional(),
});
export type ReferralEventChangeResponse = z.infer<typeof referralEventChangeResponseSchema>;
