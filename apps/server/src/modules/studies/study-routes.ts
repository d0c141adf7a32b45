import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { removeStudyFromListRequestSchema, removeStudyFromListResponseSchema } from '@testerhub/shared/children-schemas';
import { doScreenersRequestSchema, doScreenersResponseSchema, screenerListResponseSchema } from '@testerhub/shared/screener-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { StudyService } from './study-service.ts';

/** The screener page's list and the click on a study (spec 2, sections 3, 4 and 7); registered in the tester scope. */
export function studyRoutes(studies: StudyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/schedule/GetScreeners',
      {
        schema: {
          tags: ['schedule'],
          response: {
            200: screenerListResponseSchema,
          },
        },
      },
      withTester((_request, tester) => studies.screenersFor(tester)),
    );

    app.post(
      '/schedule/DoScreeners',
      {
        schema: {
          tags: ['schedule'],
          body: doScreenersRequestSchema,
          response: { 200: doScreenersResponseSchema },
        },
      },
      withTester((request: WithBody<typeof doScreenersRequestSchema>, tester) => studies.doScreeners(tester, request.body.StudyNo)),
    );

    app.post(
      '/schedule/RemoveStudyFromList',
      {
        schema: {
          tags: ['schedule'],
          body: removeStudyFromListRequestSchema,
          description: "Body: the study number as bare JSON. Hides the study from the tester's screener list.",
          response: { 200: removeStudyFromListResponseSchema },
        },
      },
      withTester((request: WithBody<typeof removeStudyFromListRequestSchema>, tester) => studies.removeFromList(tester.id, request.body)),
    );
  };
}
