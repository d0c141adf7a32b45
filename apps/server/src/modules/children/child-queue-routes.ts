import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  childCallSchema,
  childQueueQuerySchema,
  childQueueResponseSchema,
  staffQueueChangeResponseSchema,
} from '@testerhub/shared/staff-queues-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { WithBody } from '../../core/auth/tester-scope.ts';
import type { ChildQueueService } from './child-queue-service.ts';

/** The children queue in the staff console (issue 12 section 5; decision 054): the recruiter role. */
export function childQueueRoutes(queue: ChildQueueService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/children/Queue',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description: 'Children awaiting confirmation, the soonest to expire first, 25 a page, with their calls.',
          querystring: childQueueQuerySchema,
          response: { 200: childQueueResponseSchema },
        },
      },
      async (request) => queue.queue(request.query),
    );

    app.post(
      '/staff/children/RecordCall',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description:
            'One confirmation call (at most 3, within the 24 hours): confirmed confirms the child, declined ends the registration. failed: unknown, confirmed, expired, or 3 calls made.',
          body: childCallSchema,
          response: { 200: staffQueueChangeResponseSchema },
        },
      },
      withStaff(async (request: WithBody<typeof childCallSchema>, me) => queue.recordCall(me, request.body)),
    );
  };
}
