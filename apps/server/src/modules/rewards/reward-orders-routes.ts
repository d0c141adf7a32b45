import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type FulfilOrderPayload,
  type RejectOrderPayload,
  fulfilOrderSchema,
  orderDecisionResponseSchema,
  rejectOrderSchema,
  staffOrdersQuerySchema,
  staffOrdersResponseSchema,
} from '@testerhub/shared/redeem-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { RewardOrdersService } from './reward-orders-service.ts';

/** Redemption orders in the staff console (issue 12 section 6; decision 047): the rewards role. */
export function rewardOrdersRoutes(orders: RewardOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/rewards/Orders',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description: 'Redemption orders, newest first, 25 a page, optionally one status.',
          querystring: staffOrdersQuerySchema,
          response: { 200: staffOrdersResponseSchema },
        },
      },
      async (request) => orders.list(request.query),
    );

    app.post(
      '/staff/rewards/FulfilOrder',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description:
            'A pending order fulfilled: the gift code or note is e-mailed to the tester with the 30-day report window. failed: not pending (any more) or unknown.',
          body: fulfilOrderSchema,
          response: { 200: orderDecisionResponseSchema },
        },
      },
      withStaff(async (request, me) => orders.fulfil(me, request.body as FulfilOrderPayload)),
    );

    app.post(
      '/staff/rewards/RejectOrder',
      {
        config: { staffRoles: ['rewards'] },
        schema: {
          tags: ['staff'],
          description:
            'A pending order rejected: its coins return through the ledger and the reason is e-mailed. failed: not pending (any more) or unknown.',
          body: rejectOrderSchema,
          response: { 200: orderDecisionResponseSchema },
        },
      },
      withStaff(async (request, me) => orders.reject(me, request.body as RejectOrderPayload)),
    );
  };
}
