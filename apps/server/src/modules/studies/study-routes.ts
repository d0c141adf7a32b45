import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { removeStudyFromListRequestSchema, removeStudyFromListResponseSchema } from '@testerhub/shared/children-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { StudyService } from './study-service.ts';
import { INTEGER_COLUMN_MAX } from '@testerhub/shared/integer-column';

const doScreenersBody = z.object({ StudyNo: z.number().int().min(1).max(INTEGER_COLUMN_MAX), ScreenerType: z.literal('Online') });

/** The screener page's list and the click on a study (spec 2, sections 3, 4 and 7); registered in the tester scope. */
export function studyRoutes(studies: StudyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/schedule/GetScreeners',
      {
        schema: {
          tags: ['schedule'],
          response: {
            200: z.array(
              z.object({
                screenerStudyNo: z.number(),
                projectType: z.number(),
                participantTypeID: z.number(),
                minimumAge: z.number(),
                isWaitingList: z.boolean(),
                colorName: z.string(),
                testerLabel: z.string(),
                studyBasicInfo: z.string(),
                coinValue: z.number(),
              }),
            ),
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
          body: doScreenersBody,
          response: {
            200: z.object({ status: z.string(), redirectLink: z.string().optional(), message: z.string().optional() }),
          },
        },
      },
      withTester((request: FastifyRequest<{ Body: z.infer<typeof doScreenersBody> }>, tester) =>
        studies.doScreeners(tester, request.body.StudyNo),
      ),
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
