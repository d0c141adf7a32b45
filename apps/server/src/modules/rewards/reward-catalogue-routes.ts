import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addRewardSchema,
  catalogueResponseSchema,
  editRewardSchema,
  rewardActiveSchema,
  staffQueueChangeResponseSchema,
} from '@testerhub/shared/staff-queues-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { WithBody } from '../../core/auth/tester-scope.ts';
import type { RewardCatalogueService } from './reward-catalogue-service.ts';

/** The reward catalogue in the staff console (issue 12 section 6; decision 055): the rewards role. */
export function rewardCatalogueRoutes(catalogue: RewardCatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/rewards/Catalogue',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description: "Every reward, retired ones too, in the redeem page's order, with its pending orders.",
          response: { 200: catalogueResponseSchema },
        },
      },
      async () => catalogue.list(),
    );

    app.post(
      '/staff/rewards/AddReward',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description: 'A new reward, shown on the redeem page at once.',
          body: addRewardSchema,
          response: { 200: staffQueueChangeResponseSchema },
        },
      },
      withStaff(async (request: WithBody<typeof addRewardSchema>, me) => catalogue.add(me, request.body)),
    );

    app.post(
      '/staff/rewards/EditReward',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description:
            'A reward changed, from the version the form was filled from; orders already placed keep their price. failed: unknown, or changed by someone else meanwhile.',
          body: editRewardSchema,
          response: { 200: staffQueueChangeResponseSchema },
        },
      },
      withStaff(async (request: WithBody<typeof editRewardSchema>, me) => catalogue.edit(me, request.body)),
    );

    app.post(
      '/staff/rewards/SetRewardActive',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description: 'Retires (active false: hidden from testers, no longer redeemable) or restores a reward.',
          body: rewardActiveSchema,
          response: { 200: staffQueueChangeResponseSchema },
        },
      },
      withStaff(async (request: WithBody<typeof rewardActiveSchema>, me) => catalogue.setActive(me, request.body)),
    );
  };
}
