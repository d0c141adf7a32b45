import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkParticipantTypeResponseSchema,
  checkParticipantTypeSchema,
  getKidStudyInfoResponseSchema,
  getKidStudyInfoSchema,
  getQueStatusIdResponseSchema,
  getQueStatusIdSchema,
  getStudyInfoResponseSchema,
  getStudyInfoSchema,
} from '@testerhub/shared/study-link-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { StudyLinkService } from './study-link-service.ts';

/**
 * The login-time study-link calls (spec 2, sections 4 and 7; decision 026), in the tester scope:
 * each answer depends on who is logged in (differentAccount, the tester's bookings and screenings).
 */
export function studyLinkRoutes(links: StudyLinkService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/study/CheckParticipantType',
      {
        schema: {
          tags: ['study'],
          description: "The body is the study's GUID (the link's s) as a bare JSON string.",
          body: checkParticipantTypeSchema,
          response: { 200: checkParticipantTypeResponseSchema },
        },
      },
      withTester((request: WithBody<typeof checkParticipantTypeSchema>, tester) => links.checkParticipantType(tester, request.body)),
    );

    app.post(
      '/default/GetQueStatusID',
      { schema: { tags: ['study'], body: getQueStatusIdSchema, response: { 200: getQueStatusIdResponseSchema } } },
      withTester(async (request: WithBody<typeof getQueStatusIdSchema>, tester) => {
        const { studyGuid, testerGuid, data } = request.body;
        const answer = await links.queStatus(tester, { studyGuid, testerGuid, data });
        // A refused link is worth a line (GUIDE section 5); the token itself is never logged.
        if (answer.status === 'differentAccount' || answer.status === 'invalid study')
          request.log.warn({ event: 'study-link.refused', status: answer.status }, 'study link refused');
        return answer;
      }),
    );

    app.post(
      '/study/GetStudyInfo',
      { schema: { tags: ['study'], body: getStudyInfoSchema, response: { 200: getStudyInfoResponseSchema } } },
      withTester((request: WithBody<typeof getStudyInfoSchema>, tester) =>
        links.studyInfo(tester, { studyGuid: request.body.study, testerGuid: request.body.tester, data: request.body.data }),
      ),
    );

    app.post(
      '/study/GetKidStudyInfo',
      { schema: { tags: ['study'], body: getKidStudyInfoSchema, response: { 200: getKidStudyInfoResponseSchema } } },
      withTester((request: WithBody<typeof getKidStudyInfoSchema>, tester) => {
        const { study, tester: testerGuid, kid, data } = request.body;
        return links.kidStudyInfo(tester, { studyGuid: study, testerGuid, data, kidGuid: kid });
      }),
    );
  };
}
