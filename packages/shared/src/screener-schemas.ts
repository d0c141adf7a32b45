import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';

/**
 * The hosted screener's calls (decision 017): GET /api/screener/<studyNo>, PUT .../answers and
 * POST .../complete. The server's routes validate with these and the screener page reads their types.
 */

export const SCREENER_QUESTION_KINDS = ['single', 'multiple', 'number', 'text', 'date'] as const;
export type QuestionKind = (typeof SCREENER_QUESTION_KINDS)[number];

/** A chosen option id, option ids, a number, or a text (a date is YYYY-MM-DD text). */
export type AnswerValue = number | number[] | string;
/** Answers by question id. */
export type Answers = Record<string, AnswerValue>;

/** What a tester may send: keyed by question id, each value bounded. */
export const screenerAnswersSchema = z
  .record(
    z.string().regex(/^\d{1,9}$/, 'Answers are keyed by question id.'),
    z.union([z.number(), z.array(z.number().int().min(1).max(INTEGER_COLUMN_MAX)).max(100), z.string().max(2000)]),
  )
  .refine((value) => Object.keys(value).length <= 200, 'Too many answers.');

/** The body of saving and of completing: the answers so far. */
export const screenerAnswersRequestSchema = z.object({ answers: screenerAnswersSchema });

/** A question as the tester sees it: no qualifying rule is sent. */
export const screenerQuestionSchema = z.object({
  id: z.number(),
  kind: z.enum(SCREENER_QUESTION_KINDS),
  prompt: z.string(),
  required: z.boolean(),
  minChoices: z.number().optional(),
  maxChoices: z.number().optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  maxLength: z.number().optional(),
  /** Shown only when the answer to questionId holds one of optionIds. */
  showIf: z.object({ questionId: z.number(), optionIds: z.array(z.number()) }).nullable(),
  /** In the order to show (the server shuffles where the study asks). */
  options: z.array(z.object({ id: z.number(), label: z.string() })),
});
export type ScreenerQuestion = z.infer<typeof screenerQuestionSchema>;

/** GET /api/screener/<studyNo>[?k=]: the questions and the answers saved so far. */
export const screenerRunResponseSchema = z.object({
  studyNo: z.number(),
  /** Set when the screener is a child's (?k=): whose answers these are (decision 029). */
  childName: z.string().optional(),
  title: z.string(),
  colorName: z.string(),
  coinValue: z.number(),
  questions: z.array(screenerQuestionSchema),
  answers: z.record(z.string(), z.union([z.number(), z.array(z.number()), z.string()])),
  status: z.literal('inProgress'),
});
export type ScreenerRun = z.infer<typeof screenerRunResponseSchema>;

export const screenerSavedResponseSchema = z.object({ status: z.literal('saved') });

/** POST /api/screener/<studyNo>/complete: the outcome the server decided. */
export const screenerCompleteResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('qualified'), redirectLink: z.string(), coins: z.number(), exp: z.number() }),
  z.object({ outcome: z.literal('alreadyScheduled'), status: z.string(), message: z.string(), coins: z.number(), exp: z.number() }),
  z.object({ outcome: z.literal('full'), status: z.string(), message: z.string() }),
  z.object({ outcome: z.literal('waitlisted'), message: z.string(), coins: z.number(), exp: z.number() }),
  z.object({ outcome: z.literal('disqualified'), message: z.string() }),
]);
export type CompleteOutcome = z.infer<typeof screenerCompleteResponseSchema>;

/** GET /api/schedule/GetScreeners: the studies open to this tester (spec 2, section 7). */
export const screenerListItemSchema = z.object({
  screenerStudyNo: z.number(),
  projectType: z.number(),
  participantTypeID: z.number(),
  minimumAge: z.number(),
  isWaitingList: z.boolean(),
  colorName: z.string(),
  testerLabel: z.string(),
  studyBasicInfo: z.string(),
  coinValue: z.number(),
});
export type Screener = z.infer<typeof screenerListItemSchema>;
export const screenerListResponseSchema = z.array(screenerListItemSchema);

/** POST /api/schedule/DoScreeners { StudyNo, ScreenerType: 'Online' }: starts a study's online screener. */
export const doScreenersRequestSchema = z.object({
  StudyNo: z.number().int().min(1).max(INTEGER_COLUMN_MAX),
  ScreenerType: z.literal('Online'),
});
/** Succeed with where to go, or a failure status with its explanation. */
export const doScreenersResponseSchema = z.object({
  status: z.string(),
  redirectLink: z.string().optional(),
  message: z.string().optional(),
});
export type DoScreenersResponse = z.infer<typeof doScreenersResponseSchema>;
