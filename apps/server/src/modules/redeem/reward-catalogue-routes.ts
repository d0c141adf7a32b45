import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addRewardSchema,
  catalogueResponseSchema,
  editRewardSchema,
  rewardActiveSchema,
  staffQueueChangeResponseSchema,
} from '@testerhub/shared/staff-queues-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { RewardCatalogueService } from './reward-catalogue-service.ts';

/** The reward catalogue in the staff console (issue 12 section 6; decision 055): the rewards role. */
export function rewardCatalogueRoutes(catalogue: RewardCatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/rewards/Catalogue',
      {
        roles: ['rewards'],
        description: "Every reward, retired ones too, in the redeem page's order, with its pending orders.",
        response: catalogueResponseSchema,
      },
      async () => catalogue.list(),
    );

    staffPost(
      app,
      '/staff/rewards/AddReward',
      {
        roles: ['rewards'],
        description: 'A new reward, shown on the redeem page at once.',
        input: addRewardSchema,
        response: staffQueueChangeResponseSchema,
      },
      async (input, me) => catalogue.add(me, input),
    );

    staffPost(
      app,
      '/staff/rewards/EditReward',
      {
        roles: ['rewards'],
        description:
          'A reward changed, from the version the form was filled from; orders already placed keep their price. failed: unknown, or changed by someone else meanwhile.',
        input: editRewardSchema,
        response: staffQueueChangeResponseSchema,
      },
      async (input, me) => catalogue.edit(me, input),
    );

    staffPost(
      app,
      '/staff/rewards/SetRewardActive',
      {
        roles: ['rewards'],
        description: 'Retires (active false: hidden from testers, no longer redeemable) or restores a reward.',
        input: rewardActiveSchema,
        response: staffQueueChangeResponseSchema,
      },
      async (input, me) => catalogue.setActive(me, input),
    );
  };
}
