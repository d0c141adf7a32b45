import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTester } from '../../core/auth/tester-scope.ts';
import type { StudyService } from './study-service.ts';

/** The screener page's list (spec 2, section 3); registered in the tester scope. */
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
  };
}
