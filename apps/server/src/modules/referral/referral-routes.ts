import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  referralListResponseSchema,
  referralRequestResponseSchema,
  referralRequestSchema,
  referralRewardRequestSchema,
  referralRewardResponseSchema,
} from '@testerhub/shared/referral-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { ReferralService } from './referral-service.ts';

/** Referring friends, the referral list and the reward claim (spec 3, sections 4, 5, 7, 8 and 9; decision 036). Tester scope. */
export function referralRoutes(referrals: ReferralService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/account/UpdateReferralList',
      {
        schema: {
          tags: ['account'],
          description: 'Refers a friend: succeed (the friend is e-mailed a join link), maximum (10 this month), existUser or failed.',
          body: referralRequestSchema,
          response: { 200: referralRequestResponseSchema },
        },
      },
      withTester((request: WithBody<typeof referralRequestSchema>, tester) => referrals.refer(tester.id, request.body)),
    );

    app.get(
      '/reward/GetReferralList',
      { schema: { tags: ['reward'], response: { 200: referralListResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, referralList: await referrals.list(tester.id) })),
    );

    app.post(
      '/reward/GetReferralReward',
      {
        schema: {
          tags: ['reward'],
          description: 'Claims the reward of a Complete or Paid referral once (200 coins, 250 EXP); referralId names the referral.',
          body: referralRewardRequestSchema,
          response: { 200: referralRewardResponseSchema },
        },
      },
      withTester((request: WithBody<typeof referralRewardRequestSchema>, tester) => referrals.claim(tester.id, request.body.referralId)),
    );
  };
}
