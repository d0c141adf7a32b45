import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyRewardListResponseSchema, dailyRewardResponseSchema } from '@testerhub/shared/daily-bonus-schemas';
import { withTester } from '../../core/auth/tester-scope.ts';
import type { DailyBonusService } from './daily-bonus-service.ts';

/** The daily login bonus (spec 3, "Daily login bonus"; spec 2, "Login bonus at entry"; decision 033). Tester scope. */
export function dailyBonusRoutes(dailyBonus: DailyBonusService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reward/CheckLastTimeLogin',
      {
        // A GET that records today's visit (the login count): the cross-site guard wants our header on it.
        config: { stateChanging: true },
        schema: {
          tags: ['reward'],
          description: "true while today's bonus is unclaimed (the reward dialog opens). Counts today as a login day.",
          response: { 200: z.boolean() },
        },
      },
      withTester((_request, tester) => dailyBonus.checkLastTimeLogin(tester.id)),
    );

    app.get(
      '/reward/GetDailyRewardList',
      { schema: { tags: ['reward'], response: { 200: dailyRewardListResponseSchema } } },
      withTester((_request, tester) => dailyBonus.rewardList(tester.id)),
    );

    app.get(
      '/reward/GetDailyReward',
      {
        // Pays (the spec keeps it a GET): protected from cross-site use like every state change.
        config: { stateChanging: true },
        schema: {
          tags: ['reward'],
          description: "Pays today's bonus once; a second call the same day answers alreadyReceived.",
          response: { 200: dailyRewardResponseSchema },
        },
      },
      withTester((_request, tester) => dailyBonus.claim(tester.id)),
    );
  };
}
