import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  quickCoinsResponseSchema,
  quickJobIdSchema,
  quickQuestionsResponseSchema,
  quickResultResponseSchema,
  quickStudiesResponseSchema,
  updateQuickResponseRequestSchema,
  updateQuickResponseResponseSchema,
} from '@testerhub/shared/quick-survey-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { QuickSurveyService } from './quick-survey-service.ts';

const jobIdBody = { body: quickJobIdSchema, description: 'Body: the job id as a bare JSON number.' };
type JobIdBody = WithBody<typeof quickJobIdSchema>;

/** Quick surveys (spec 2, sections 4, 5 and 7): the list, a survey's questions, answering, results, the reward. */
export function quickSurveyRoutes(surveys: QuickSurveyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/quickQuestion/GetStudies',
      { schema: { tags: ['quickQuestion'], response: { 200: quickStudiesResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, filteredStudyDatas: await surveys.surveys(tester.id) })),
    );

    app.post(
      '/quickQuestion/GetQuestions',
      { schema: { tags: ['quickQuestion'], ...jobIdBody, response: { 200: quickQuestionsResponseSchema } } },
      withTester(async (request: JobIdBody, tester) => ({
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
          body: updateQuickResponseRequestSchema,
          response: { 200: updateQuickResponseResponseSchema },
        },
      },
      withTester((request: WithBody<typeof updateQuickResponseRequestSchema>, tester) => surveys.submit(tester, request.body)),
    );

    app.post(
      '/quickQuestion/GetResult',
      { schema: { tags: ['quickQuestion'], ...jobIdBody, response: { 200: quickResultResponseSchema } } },
      withTester((request: JobIdBody, tester) => surveys.results(tester, request.body)),
    );

    app.post(
      '/quickQuestion/GetCoins',
      { schema: { tags: ['quickQuestion'], ...jobIdBody, response: { 200: quickCoinsResponseSchema } } },
      withTester((request: JobIdBody, tester) => surveys.claimReward(tester.id, request.body)),
    );
  };
}
