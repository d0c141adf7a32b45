import { z } from 'zod';
import { FAQ_TYPES } from './public-content.ts';
import { text } from './text.ts';
import { INTEGER_COLUMN_MAX, integerColumnId } from './integer-column.ts';

/**
 * The staff console's content section (issue 12 section 6; decision 057): FAQs and the terms'
 * versions. One schema per call serves the console's forms and the server.
 */

export const CONTENT_TEXTS = {
  questionRequired: 'Enter the question.',
  answerRequired: 'Enter the answer.',
  questionTooLong: 'Keep the question under 500 characters.',
  answerTooLong: 'Keep the answer under 10,000 characters.',
  typeRequired: 'Choose the group the question belongs to.',
  unreadable: 'Remove the characters that cannot be stored.',
  summaryEnRequired: 'Enter the summary of the changes in English.',
  summaryEsRequired: 'Enter the summary of the changes in Spanish.',
  summaryTooLong: 'Keep the summary under 2,000 characters.',
  faqAdded: 'Question added.',
  faqSaved: 'Question saved.',
  faqMoved: 'Question moved.',
  faqNotFound: 'This question no longer exists. Reload the list.',
  faqChanged: 'This question was changed by someone else since you opened it. Reload it to see their change, then edit again.',
  faqAtEdge: 'This question cannot move further that way.',
  termsPublished: 'New terms version published: testers will be asked to accept it at their next visit.',
  termsChanged:
    'Someone else published a new terms version since you opened this page. Reload to see it, then publish yours if it is still needed.',
} as const;

const FAQ_TYPE_NUMBERS = FAQ_TYPES.map((group) => group.type);

const faqId = integerColumnId();
/** The revision the editor opened: a save against any other is refused as "changed since you opened it". */
const revision = integerColumnId();

export const staffFaqSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  question: z.string(),
  answer: z.string().meta({ description: 'HTML; sanitised before it is rendered' }),
  hidden: z.boolean(),
  revision: z.number().int(),
});
export type StaffFaq = z.infer<typeof staffFaqSchema>;

/** GET /staff/content/Faqs: every FAQ, hidden ones too, in the public page's order. */
export const staffFaqsResponseSchema = z.object({ status: z.literal('succeed'), faqs: z.array(staffFaqSchema) });
export type StaffFaqsResponse = z.infer<typeof staffFaqsResponseSchema>;

/** The fields staff edit: group, question, answer (HTML, sanitised when shown) and whether it is hidden from the public. */
export const faqFieldsSchema = z.object({
  type: z
    .number({ error: CONTENT_TEXTS.typeRequired })
    .int(CONTENT_TEXTS.typeRequired)
    .refine((value) => FAQ_TYPE_NUMBERS.includes(value as (typeof FAQ_TYPE_NUMBERS)[number]), CONTENT_TEXTS.typeRequired),
  question: text(CONTENT_TEXTS.unreadable, { error: CONTENT_TEXTS.questionRequired })
    .trim()
    .min(1, CONTENT_TEXTS.questionRequired)
    .max(500, CONTENT_TEXTS.questionTooLong),
  answer: text(CONTENT_TEXTS.unreadable, { error: CONTENT_TEXTS.answerRequired })
    .trim()
    .min(1, CONTENT_TEXTS.answerRequired)
    .max(10_000, CONTENT_TEXTS.answerTooLong),
  hidden: z.boolean().default(false),
});
export type FaqFields = z.input<typeof faqFieldsSchema>;

/** POST /staff/content/AddFaq: a new question, last of its group. */
export const addFaqSchema = faqFieldsSchema;
export type AddFaqPayload = z.infer<typeof addFaqSchema>;

/** POST /staff/content/EditFaq: the fields as saved, against the revision the editor opened. */
export const editFaqSchema = faqFieldsSchema.extend({ id: faqId, revision });
export type EditFaqPayload = z.infer<typeof editFaqSchema>;

/** POST /staff/content/MoveFaq: one place up or down within its group. */
export const moveFaqSchema = z.object({ id: faqId, revision, direction: z.enum(['up', 'down']) });
export type MoveFaqPayload = z.infer<typeof moveFaqSchema>;

export const contentChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  /** The FAQ as it now is (succeed), so the editor carries its new revision. */
  faq: staffFaqSchema.optional(),
});
export type ContentChangeResponse = z.infer<typeof contentChangeResponseSchema>;

export const staffTermsVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  summaryEn: z.string(),
  summaryEs: z.string(),
  /** The version testers are asked to accept now. */
  inForce: z.boolean(),
});
export type StaffTermsVersion = z.infer<typeof staffTermsVersionSchema>;

/** GET /staff/content/TermsVersions: every version, newest first (the history is kept). */
export const staffTermsVersionsResponseSchema = z.object({
  status: z.literal('succeed'),
  latestVersion: z.number().int().nullable(),
  versions: z.array(staffTermsVersionSchema),
});
export type StaffTermsVersionsResponse = z.infer<typeof staffTermsVersionsResponseSchema>;

const summary = (required: string) =>
  text(CONTENT_TEXTS.unreadable, { error: required }).trim().min(1, required).max(2000, CONTENT_TEXTS.summaryTooLong);

/**
 * POST /staff/content/PublishTerms: a new version in force now, whose summary testers read before
 * accepting. `basedOnVersion` is the latest version the page showed (null when there was none).
 */
export const publishTermsSchema = z.object({
  basedOnVersion: z.number().int().min(1).max(INTEGER_COLUMN_MAX).nullable(),
  summaryEn: summary(CONTENT_TEXTS.summaryEnRequired),
  summaryEs: summary(CONTENT_TEXTS.summaryEsRequired),
});
export type PublishTermsPayload = z.infer<typeof publishTermsSchema>;

export const publishTermsResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  version: z.number().int().optional(),
});
export type PublishTermsResponse = z.infer<typeof publishTermsResponseSchema>;
