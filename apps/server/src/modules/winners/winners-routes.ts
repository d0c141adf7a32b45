import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyEventResponseSchema,
  applyGoldCardResponseSchema,
  checkCoinsResponseSchema,
  eventCountResponseSchema,
  goldRewardAvailableResponseSchema,
  latestWinnersRequestSchema,
  latestWinnersResponseSchema,
  winnerListResponseSchema,
} from '@testerhub/shared/winners-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { WinnersService } from './winners-service.ts';

/** The wheel, the weekly drawing and the winners pages (spec 3, section 7 "Wheel and drawings"; decision 037). Tester scope. */
export function winnersRoutes(winners: WinnersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/event/GetEventCount',
      { schema: { tags: ['event'], response: { 200: eventCountResponseSchema } } },
      withTester((_request, tester) => winners.eventCount(tester.id)),
    );

    app.get(
      '/event/ApplyEvent',
      {
        // A spin (the spec keeps it a GET): protected from cross-site use like every state change.
        config: { stateChanging: true },
        schema: {
          tags: ['event'],
          description: 'One spin: its cost, the drawn segment paid. noSpins past the weekly allowance; blackListed refused.',
          response: { 200: applyEventResponseSchema },
        },
      },
      withTester((_request, tester) => winners.spin(tester)),
    );

    app.get(
      '/event/checkCoins',
      { schema: { tags: ['event'], response: { 200: checkCoinsResponseSchema } } },
      withTester((_request, tester) => winners.checkCoins(tester.id)),
    );

    app.get(
      '/event/CheckGoldRewardAvailable',
      { schema: { tags: ['event'], response: { 200: goldRewardAvailableResponseSchema } } },
      withTester((_request, tester) => winners.goldCardAvailable(tester.id)),
    );

    app.get(
      '/event/ApplyGoldCardEvent',
      {
        config: { stateChanging: true },
        schema: {
          tags: ['event'],
          description: "This week's drawing entry, once; applied when the tester already entered.",
          response: { 200: applyGoldCardResponseSchema },
        },
      },
      withTester((_request, tester) => winners.enterGoldCard(tester.id)),
    );

    app.get(
      '/event/GetWinnerList',
      { schema: { tags: ['event'], response: { 200: winnerListResponseSchema } } },
      withTester((_request, tester) => winners.winnerList(tester.id)),
    );

    app.post(
      '/reward/GetWinners',
      { schema: { tags: ['reward'], body: latestWinnersRequestSchema, response: { 200: latestWinnersResponseSchema } } },
      withTester((request: WithBody<typeof latestWinnersRequestSchema>) => winners.latestWinners(request.body)),
    );
  };
}
