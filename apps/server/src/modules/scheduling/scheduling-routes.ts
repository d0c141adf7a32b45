import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelMultiScheduleRequestSchema,
  cancelScheduleRequestSchema,
  cancelScheduleResponseSchema,
  confirmChangeScheduleRequestSchema,
  confirmChangeScheduleResponseSchema,
  currentScheduleResponseSchema,
  scheduledGroupTimeRequestSchema,
  scheduledGroupTimeResponseSchema,
  scheduleIndexResponseSchema,
} from '@testerhub/shared/schedule-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { SchedulingService } from './scheduling-service.ts';

const tags = ['schedule'];

/** Schedule check, change and cancel (spec 3, sections 2, 4 and 7; decision 022); registered in the tester scope. */
export function schedulingRoutes(scheduling: SchedulingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/schedule/GetCurrentSchedule',
      { schema: { tags, response: { 200: currentScheduleResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, ...(await scheduling.currentSchedule(tester)) })),
    );

    app.get(
      '/schedule/Index',
      { schema: { tags, response: { 200: scheduleIndexResponseSchema } } },
      withTester(async (_request, tester) => ({
        status: 'succeed' as const,
        scheduleStamps: (await scheduling.currentSchedule(tester)).scheduleStamps,
      })),
    );

    app.post(
      '/schedule/GetScheduledGroupTime',
      { schema: { tags, body: scheduledGroupTimeRequestSchema, response: { 200: scheduledGroupTimeResponseSchema } } },
      withTester((request: WithBody<typeof scheduledGroupTimeRequestSchema>, tester) =>
        scheduling.groupsForChange(tester.id, request.body.studyNo),
      ),
    );

    app.post(
      '/schedule/confirmChangeSchedule',
      { schema: { tags, body: confirmChangeScheduleRequestSchema, response: { 200: confirmChangeScheduleResponseSchema } } },
      withTester((request: WithBody<typeof confirmChangeScheduleRequestSchema>, tester) =>
        scheduling.change(tester.id, request.body.ProtectedGroupID),
      ),
    );

    app.post(
      '/schedule/CancelSchedule',
      {
        schema: {
          tags,
          body: cancelScheduleRequestSchema,
          description: 'Body: the study number as a bare JSON number.',
          response: { 200: cancelScheduleResponseSchema },
        },
      },
      withTester((request: WithBody<typeof cancelScheduleRequestSchema>, tester) => scheduling.cancel(tester.id, [request.body])),
    );

    app.post(
      '/schedule/CancelMultiSchedule',
      {
        schema: {
          tags,
          body: cancelMultiScheduleRequestSchema,
          description: 'Body: a bare JSON array of study numbers; all are cancelled or none.',
          response: { 200: cancelScheduleResponseSchema },
        },
      },
      withTester((request: WithBody<typeof cancelMultiScheduleRequestSchema>, tester) => scheduling.cancel(tester.id, request.body)),
    );
  };
}
