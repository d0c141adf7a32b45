import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@testerhub/shared/text';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import { COMMENT_MAX, type QuickSurveyService } from './quick-survey-service.ts';
import { INTEGER_COLUMN_MAX, integerColumnId } from '@testerhub/shared/integer-column';

/** A job id or question index: a whole number the integer columns can hold. */
const jobId = integerColumnId();
const questionIndex = z.number().int().min(0).max(INTEGER_COLUMN_MAX);
const storable = 'The text holds characters that cannot be stored.';

const responseItemSchema = z.object({
  jobID: jobId,
  questionIndex,
  response: z.array(text(storable).min(1).max(50)).max(50),
  codedResponse: text(storable).max(COMMENT_MAX, { message: `Write at most ${COMMENT_MAX} characters.` }),
});

const responsesSchema = z.array(responseItemSchema).min(1).max(100);

const jobIdBody = { body: jobId, description: 'Body: the job id as a bare JSON number.' };

/** Quick surveys (spec 2, sections 4, 5 and 7): the list, a survey's questions, answering, results, the reward. */
export function quickSurveyRoutes(surveys: QuickSurveyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/quickQuestion/GetStudies',
      {
        schema: {
          tags: ['quickQuestion'],
          response: {
            200: z.object({
              status: z.literal('succeed'),
              filteredStudyDatas: z.array(
                z.object({ jobID: z.number(), shortName: z.string(), coinValue: z.number(), isDone: z.boolean() }),
              ),
            }),
          },
        },
      },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, filteredStudyDatas: await surveys.surveys(tester.id) })),
    );

    app.post(
      '/quickQuestion/GetQuestions',
      {
        schema: {
          tags: ['quickQuestion'],
          ...jobIdBody,
          response: {
            200: z.object({
              status: z.literal('succeed'),
              customQuestionInfo: z.array(
                z.object({
                  jobID: z.number(),
                  questionIndex: z.number(),
                  qText: z.string(),
                  styleTypeStyle: z.enum(['checkbox', 'radio', 'textbox']),
                  questionScales: z.array(
                    z.object({
                      scaleIndex: z.number(),
                      scaleText: z.string(),
                      score: z.number(),
                      valueKey: z.string(),
                      imageID: z.number().nullable(),
                      checked: z.boolean(),
                    }),
                  ),
                }),
              ),
            }),
          },
        },
      },
      withTester(async (request: WithBody<typeof jobId>, tester) => ({
        status: 'succeed' as const,
        customQuestionInfo: await surveys.questions(tester.id, request.body),
      })),
    );

    app.post(
      '/quickQuestion/UpdateResponse',
      {
        schema: {
          tags: ['quickQuestion'],
          description: "One record per question of one survey; the Other key removed, its comment in codedResponse ('' when none).",
          body: responsesSchema,
          response: { 200: z.object({ status: z.enum(['succeed', 'failed']), message: z.string().optional() }) },
        },
      },
      withTester((request: WithBody<typeof responsesSchema>, tester) => surveys.submit(tester.id, request.body)),
    );

    app.post(
      '/quickQuestion/GetResult',
      {
        schema: {
          tags: ['quickQuestion'],
          ...jobIdBody,
          response: {
            200: z.object({
              status: z.enum(['succeed', 'failed']),
              message: z.string().optional(),
              results: z
                .array(z.object({ questionName: z.string(), answerNames: z.array(z.string()), answerCounts: z.array(z.number()) }))
                .optional(),
            }),
          },
        },
      },
      withTester((request: WithBody<typeof jobId>, tester) => surveys.results(tester.id, request.body)),
    );

    app.post(
      '/quickQuestion/GetCoins',
      {
        schema: {
          tags: ['quickQuestion'],
          ...jobIdBody,
          response: { 200: z.object({ status: z.enum(['succeed', 'failed']), exp: z.number().optional(), coins: z.number().optional() }) },
        },
      },
      withTester((request: WithBody<typeof jobId>, tester) => surveys.claimReward(tester.id, request.body)),
    );
  };
}
