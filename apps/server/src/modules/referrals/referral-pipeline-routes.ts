import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  referralPipelineQuerySchema,
  referralPipelineResponseSchema,
  referralStatusSchema,
  staffQueueChangeResponseSchema,
} from '@testerhub/shared/staff-queues-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { WithBody } from '../../core/auth/tester-scope.ts';
import type { ReferralPipelineService } from './referral-pipeline-service.ts';

/** The referral pipeline in the staff console (issue 12 section 5; decision 054): the recruiter role. */
export function referralPipelineRoutes(pipeline: ReferralPipelineService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/referrals/List',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description: 'Referrals, newest first, 25 a page, optionally one status.',
          querystring: referralPipelineQuerySchema,
          response: { 200: referralPipelineResponseSchema },
        },
      },
      async (request) => pipeline.list(request.query),
    );

    app.post(
      '/staff/referrals/SetStatus',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description:
            "Sets a staff status (Bad Number, Outreach, Paid, Closed) where the move is allowed; Paid pays the referrer's reward once. failed: unknown or not allowed from the current status.",
          body: referralStatusSchema,
          response: { 200: staffQueueChangeResponseSchema },
        },
      },
      withStaff(async (request: WithBody<typeof referralStatusSchema>, me) => pipeline.setStatus(me, request.body)),
    );
  };
}
