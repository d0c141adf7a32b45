import { z } from 'zod';
import { INTEGER_COLUMN_MAX, integerColumnId } from './integer-column.ts';
import { text } from './text.ts';

/**
 * Quick surveys (spec 2, sections 3, 4, 5 and 7): the list, a survey's questions, answering, the
 * results and the reward. The server's routes validate with these and the portal reads their types.
 */

/** Comments (Other's and a textbox's): 2 to 200 characters (spec 2, sections 5 and 9). */
export const COMMENT_MIN = 2;
export const COMMENT_MAX = 200;
export const COMMENT_TOO_SHORT = `Write at least ${COMMENT_MIN} characters.`;
export const COMMENT_TOO_LONG = `Write at most ${COMMENT_MAX} characters.`;

/** Null when the comment is valid, else why not: the page and the server judge a comment alike. */
export function commentProblem(comment: string): 'short' | 'long' | null {
  if (comment.length > COMMENT_MAX) return 'long';
  if (comment.trim().length < COMMENT_MIN) return 'short';
  return null;
}

const storable = 'The text holds characters that cannot be stored.';

/** A job id, sent as a bare JSON number: a whole number the integer columns can hold. */
export const quickJobIdSchema = integerColumnId();

/** GET /api/quickQuestion/GetStudies. */
export const quickStudySchema = z.object({ jobID: z.number(), shortName: z.string(), coinValue: z.number(), isDone: z.boolean() });
export type QuickStudy = z.infer<typeof quickStudySchema>;
export const quickStudiesResponseSchema = z.object({ status: z.literal('succeed'), filteredStudyDatas: z.array(quickStudySchema) });
export type QuickStudiesResponse = z.infer<typeof quickStudiesResponseSchema>;

/** A choice of a question; checkbox questions also get Other ('OTHER', score 0) and None of the above ('NONE', score -1). */
export const quickScaleSchema = z.object({
  scaleIndex: z.number(),
  scaleText: z.string(),
  score: z.number(),
  valueKey: z.string(),
  imageID: z.number().nullable(),
  checked: z.boolean(),
});
export type QuickScale = z.infer<typeof quickScaleSchema>;

export const quickQuestionSchema = z.object({
  jobID: z.number(),
  questionIndex: z.number(),
  qText: z.string(),
  styleTypeStyle: z.enum(['checkbox', 'radio', 'textbox']),
  questionScales: z.array(quickScaleSchema),
});
export type QuickQuestion = z.infer<typeof quickQuestionSchema>;

/** POST /api/quickQuestion/GetQuestions. */
export const quickQuestionsResponseSchema = z.object({ status: z.literal('succeed'), customQuestionInfo: z.array(quickQuestionSchema) });
export type QuickQuestionsResponse = z.infer<typeof quickQuestionsResponseSchema>;

/** One answered question: the chosen value keys, 'OTHER' removed, and the comment ('' when none). */
export const quickResponseSchema = z.object({
  jobID: quickJobIdSchema,
  questionIndex: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
  response: z.array(text(storable).min(1).max(50)).max(50),
  codedResponse: text(storable).max(COMMENT_MAX, { message: COMMENT_TOO_LONG }),
});
export type QuickResponse = z.infer<typeof quickResponseSchema>;

/** POST /api/quickQuestion/UpdateResponse: one record per question of one survey. */
export const updateQuickResponseRequestSchema = z.array(quickResponseSchema).min(1).max(100);
export const updateQuickResponseResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), message: z.string().optional() });
export type UpdateQuickResponseResponse = z.infer<typeof updateQuickResponseResponseSchema>;

/** One question's counts: answerNames[i] was chosen answerCounts[i] times. */
export const quickResultSchema = z.object({
  questionName: z.string(),
  answerNames: z.array(z.string()),
  answerCounts: z.array(z.number()),
});
export type QuickResult = z.infer<typeof quickResultSchema>;

/** POST /api/quickQuestion/GetResult. */
export const quickResultResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string().optional(),
  results: z.array(quickResultSchema).optional(),
});
export type QuickResultResponse = z.infer<typeof quickResultResponseSchema>;

/** POST /api/quickQuestion/GetCoins: 0 and 0 when paid before. */
export const quickCoinsResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  exp: z.number().optional(),
  coins: z.number().optional(),
});
export type QuickCoinsResponse = z.infer<typeof quickCoinsResponseSchema>;
