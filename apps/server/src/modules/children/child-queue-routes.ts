import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  childCallSchema,
  childQueueQuerySchema,
  childQueueResponseSchema,
  staffQueueChangeResponseSchema,
} from '@testerhub/shared/staff-queues-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { ChildQueueService } from './child-queue-service.ts';

/** The children queue in the staff console (issue 12 section 5; decision 054): the recruiter role. */
export function childQueueRoutes(queue: ChildQueueService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/children/Queue',
      {
        roles: ['recruiter'],
        description: 'Children awaiting confirmation, the soonest to expire first, 25 a page, with their calls.',
        input: childQueueQuerySchema,
        response: childQueueResponseSchema,
      },
      async (input) => queue.queue(input),
    );

    staffPost(
      app,
      '/staff/children/RecordCall',
      {
        roles: ['recruiter'],
        description:
          'One confirmation call (at most 3, within the 24 hours): confirmed confirms the child, declined ends the registration. failed: unknown, confirmed, expired, or 3 calls made.',
        input: childCallSchema,
        response: staffQueueChangeResponseSchema,
      },
      async (input, me) => queue.recordCall(me, input),
    );
  };
}
