import { z } from 'zod';
import { integerColumnId } from './integer-column.ts';
import { text } from './text.ts';

/**
 * About me (spec 2, sections 3, 4 and 7): the page list, a page's questions, its answers and its
 * reward. The server's routes validate with these and the portal reads their types.
 */

/** A row id: a whole number the integer columns can hold. */
const rowId = integerColumnId();

/** GET /api/dossier/GetDossierGroup: the pages the tester has not completed yet. */
export const dossierPageSchema = z.object({ pageID: z.number(), pageTitle: z.string(), numCoins: z.number() });
export type DossierPage = z.infer<typeof dossierPageSchema>;
export const dossierGroupResponseSchema = z.object({ status: z.literal('succeed'), pageList: z.array(dossierPageSchema) });
export type DossierGroupResponse = z.infer<typeof dossierGroupResponseSchema>;

/** POST /api/dossier/GetDossierGroupQuestions: the body is the page id as a bare JSON number. */
export const dossierQuestionsRequestSchema = rowId;

export const dossierAnswerOptionSchema = z.object({ answerID: z.number(), answerText: z.string() });
export type DossierAnswerOption = z.infer<typeof dossierAnswerOptionSchema>;

/** A question set: C is a checkbox set, B and M are radio sets. Answers refer to its questionID. */
export const dossierQuestionSetSchema = z.object({
  questionID: z.number(),
  questionType: z.enum(['C', 'B', 'M']),
  minChecked: z.number(),
  maxChecked: z.number(),
  active: z.boolean(),
  questionText: z.string(),
  dossierAnswers: z.array(dossierAnswerOptionSchema),
});
export type DossierQuestionSet = z.infer<typeof dossierQuestionSetSchema>;

export const dossierQuestionSchema = z.object({
  questionID: z.number(),
  questionText: z.string(),
  questionSets: z.array(dossierQuestionSetSchema),
});
export type DossierQuestion = z.infer<typeof dossierQuestionSchema>;

export const dossierQuestionsResponseSchema = z.object({ status: z.literal('succeed'), questions: z.array(dossierQuestionSchema) });
export type DossierQuestionsResponse = z.infer<typeof dossierQuestionsResponseSchema>;

/** POST /api/dossier/AddDossierAnswer: one item per question set of the page, its chosen answers and text. */
export const dossierAnswerItemSchema = z.object({
  questionID: rowId,
  answerIDs: z.array(rowId).max(50),
  answerText: text('The text holds characters that cannot be stored.').max(500),
});
export type DossierAnswerItem = z.infer<typeof dossierAnswerItemSchema>;
export const addDossierAnswerRequestSchema = z.array(dossierAnswerItemSchema).min(1).max(100);
export const addDossierAnswerResponseSchema = z.object({ status: z.literal('succeed') });

/** POST /api/reward/GetCoins for an About-me page (StudyNo is the page id). */
export const dossierCoinsRequestSchema = z.object({ StudyNo: rowId, RewardType: z.literal('Dossier') });
export const dossierCoinsResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  /** False when this page's reward was paid before (then exp and coins are 0). */
  isScreenerGetReward: z.boolean().optional(),
  exp: z.number().optional(),
  coins: z.number().optional(),
});
export type DossierCoinsResponse = z.infer<typeof dossierCoinsResponseSchema>;
