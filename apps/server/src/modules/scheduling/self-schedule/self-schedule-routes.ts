import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  giveCoinsExternalScreenerRequestSchema,
  giveCoinsExternalScreenerResponseSchema,
  notInterestRequestSchema,
  reSelfScheduleResponseSchema,
  selectedSchedulesRequestSchema,
  selectedSchedulesResponseSchema,
  selfScheduleRequestSchema,
  selfScheduleResponseSchema,
  selfWaitListRequestSchema,
  waitListResponseSchema,
} from '@testerhub/shared/self-schedule-schemas';
import { withTester, type WithBody } from '../../../core/auth/tester-scope.ts';
import type { SelfScheduleService } from './self-schedule-service.ts';

const tags = ['schedule'];

/** The self-schedule calls (spec 3, sections 4 and 7; decision 024); registered in the tester scope. */
export function selfScheduleRoutes(selfSchedule: SelfScheduleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/schedule/GetSelectedSchedules',
      {
        schema: {
          tags,
          body: selectedSchedulesRequestSchema,
          description: 'Body: the stored link { Study, Tester, Data }, or {} (or nothing) for every study waiting for the tester.',
          response: { 200: selectedSchedulesResponseSchema },
        },
        // "Stored study value or empty": a call without a body asks about every study.
        preValidation: (request, _reply, done) => {
          request.body ??= {};
          done();
        },
      },
      withTester((request: WithBody<typeof selectedSchedulesRequestSchema>, tester) =>
        selfSchedule.selectedSchedules(tester, request.body),
      ),
    );

    app.post(
      '/schedule/SelfSchedule',
      { schema: { tags, body: selfScheduleRequestSchema, response: { 200: selfScheduleResponseSchema } } },
      withTester((request: WithBody<typeof selfScheduleRequestSchema>, tester) => selfSchedule.selfSchedule(tester, request.body)),
    );

    app.post(
      '/schedule/SelfWaitList',
      { schema: { tags, body: selfWaitListRequestSchema, response: { 200: waitListResponseSchema } } },
      withTester((request: WithBody<typeof selfWaitListRequestSchema>, tester) => selfSchedule.selfWaitList(tester, request.body)),
    );

    app.post(
      '/schedule/NotInterest',
      { schema: { tags, body: notInterestRequestSchema, response: { 200: waitListResponseSchema } } },
      withTester((request: WithBody<typeof notInterestRequestSchema>, tester) => selfSchedule.notInterest(tester, request.body)),
    );

    app.get(
      '/schedule/ReSelfSchedule',
      { schema: { tags, response: { 200: reSelfScheduleResponseSchema } } },
      withTester((_request, tester) => selfSchedule.reSelfSchedule(tester)),
    );

    app.post(
      '/schedule/GiveCoinsExternalScreener',
      {
        schema: { tags, body: giveCoinsExternalScreenerRequestSchema, response: { 200: giveCoinsExternalScreenerResponseSchema } },
      },
      withTester((request: WithBody<typeof giveCoinsExternalScreenerRequestSchema>, tester) =>
        selfSchedule.giveCoinsExternalScreener(tester, request.body.ex, request.body.sig),
      ),
    );
  };
}
