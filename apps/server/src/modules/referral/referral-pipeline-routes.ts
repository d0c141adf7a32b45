import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  referralPipelineQuerySchema,
  referralPipelineResponseSchema,
  referralStatusSchema,
  staffQueueChangeResponseSchema,
} from '@testerhub/shared/staff-queues-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { ReferralPipelineService } from './referral-pipeline-service.ts';

/** The referral pipeline in the staff console (issue 12 section 5; decision 054): the recruiter role. */
export function referralPipelineRoutes(pipeline: ReferralPipelineService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/referrals/List',
      {
        roles: ['recruiter'],
        description: 'Referrals, newest first, 25 a page, optionally one status.',
        input: referralPipelineQuerySchema,
        response: referralPipelineResponseSchema,
      },
      async (input) => pipeline.list(input),
    );

    staffPost(
      app,
      '/staff/referrals/SetStatus',
      {
        roles: ['recruiter'],
        description:
          "Sets a staff status (Bad Number, Outreach, Paid, Closed) where the move is allowed; Paid pays the referrer's reward once. failed: unknown or not allowed from the current status.",
        input: referralStatusSchema,
        response: staffQueueChangeResponseSchema,
      },
      async (input, me) => pipeline.setStatus(me, input),
    );
  };
}
