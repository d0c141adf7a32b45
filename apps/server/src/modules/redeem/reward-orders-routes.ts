import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fulfilOrderSchema,
  orderDecisionResponseSchema,
  rejectOrderSchema,
  staffOrdersQuerySchema,
  staffOrdersResponseSchema,
} from '@testerhub/shared/redeem-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { RewardOrdersService } from './reward-orders-service.ts';

/** Redemption orders in the staff console (issue 12 section 6; decision 047): the rewards role. */
export function rewardOrdersRoutes(orders: RewardOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/rewards/Orders',
      {
        roles: ['rewards'],
        description:
          'Redemption orders, optionally one status: a page of pageSize (25) sorted by sort and dir (newest first), q keeping the orders whose username or reward name holds it; total counts them all.',
        input: staffOrdersQuerySchema,
        response: staffOrdersResponseSchema,
      },
      async (input) => orders.list(input),
    );

    staffPost(
      app,
      '/staff/rewards/FulfilOrder',
      {
        roles: ['rewards'],
        description:
          'A pending order fulfilled: the gift code or note is e-mailed to the tester with the 30-day report window. failed: not pending (any more) or unknown.',
        input: fulfilOrderSchema,
        response: orderDecisionResponseSchema,
      },
      async (input, me) => orders.fulfil(me, input),
    );

    staffPost(
      app,
      '/staff/rewards/RejectOrder',
      {
        roles: ['rewards'],
        description:
          'A pending order rejected: its coins return through the ledger and the reason is e-mailed. failed: not pending (any more) or unknown.',
        input: rejectOrderSchema,
        response: orderDecisionResponseSchema,
      },
      async (input, me) => orders.reject(me, input),
    );
  };
}
