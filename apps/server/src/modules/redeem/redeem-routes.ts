import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  REDEEM_LIMITS,
  currentCoinResponseSchema,
  earningsHistoryQuerySchema,
  earningsHistoryResponseSchema,
  rewardListResponseSchema,
  rewardOrdersResponseSchema,
  spendCoinRequestSchema,
  spendCoinResponseSchema,
} from '@testerhub/shared/redeem-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import { languageOf } from '@testerhub/shared/i18n';
import type { RedeemService } from './redeem-service.ts';

type WithQuery<Schema extends z.ZodType> = FastifyRequest<{ Querystring: z.infer<Schema> }>;

/** Coins and redeeming (spec 3, "Redeem" and the reward calls; decision 034). Tester scope. */
export function redeemRoutes(redeem: RedeemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reward/GetRewardList',
      {
        schema: {
          tags: ['reward'],
          description: 'The active rewards, in the catalogue order.',
          response: { 200: rewardListResponseSchema },
        },
      },
      withTester(() => redeem.rewardList()),
    );

    app.get(
      '/reward/GetCurrentCoin',
      { schema: { tags: ['reward'], response: { 200: currentCoinResponseSchema } } },
      withTester(async (_request, tester) => ({ coins: await redeem.currentCoins(tester.id) })),
    );

    app.post(
      '/reward/SpendCoin',
      {
        schema: {
          tags: ['reward'],
          body: spendCoinRequestSchema,
          description:
            'Body: the reward number (rItemNo) as a bare JSON number. succeed: an order is pending and its confirmation e-mailed; failed: unknown or inactive reward, or not enough coins; changeEmailAddress: the e-mail address cannot take the confirmation. coins: the balance after.',
          response: { 200: spendCoinResponseSchema },
        },
      },
      withTester((request: WithBody<typeof spendCoinRequestSchema>, tester) => redeem.spendCoin(tester.id, request.body)),
    );

    app.get(
      '/reward/GetRewardOrders',
      {
        schema: {
          tags: ['reward'],
          description: `Beyond the spec: the tester's ${REDEEM_LIMITS.ordersShown} newest reward orders, newest first, each with its status and, once decided, the code or the reason.`,
          response: { 200: rewardOrdersResponseSchema },
        },
      },
      withTester((_request, tester) => redeem.rewardOrders(tester.id)),
    );

    app.get(
      '/reward/GetEarningsHistory',
      {
        schema: {
          tags: ['reward'],
          description: 'Beyond the spec: a page of coin and experience changes (newest first) and the compensation of attended studies.',
          querystring: earningsHistoryQuerySchema,
          response: { 200: earningsHistoryResponseSchema },
        },
      },
      withTester((request: WithQuery<typeof earningsHistoryQuerySchema>, tester) =>
        redeem.earningsHistory(tester.id, request.query.page, languageOf(tester.language)),
      ),
    );
  };
}
