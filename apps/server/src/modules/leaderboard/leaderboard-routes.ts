import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rankerListResponseSchema } from '@testerhub/shared/leaderboard-schemas';
import { withTester } from '../../core/auth/tester-scope.ts';
import type { LeaderboardService } from './leaderboard-service.ts';

/** The leaderboard (spec 3, "Leaderboard"; decision 039). Tester scope. */
export function leaderboardRoutes(leaderboard: LeaderboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/leaderboard/GetRankerList',
      {
        schema: {
          tags: ['leaderboard'],
          description:
            "The current company month's top ten by coins spent, friends referred and screeners filled, and the tester's own figures.",
          response: { 200: rankerListResponseSchema },
        },
      },
      withTester((_request, tester) => leaderboard.rankerList(tester.id)),
    );
  };
}
