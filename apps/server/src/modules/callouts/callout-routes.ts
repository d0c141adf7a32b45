import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calloutListResponseSchema } from '@testerhub/shared/callout-schemas';
import { withTester } from '../../core/auth/tester-scope.ts';
import type { CalloutService } from './callout-service.ts';

/** GET /callout/GetCalloutList (spec 3, section 7 "Settings"; decision 035). Tester scope. */
export function calloutRoutes(callouts: CalloutService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/callout/GetCalloutList',
      {
        schema: {
          tags: ['callout'],
          description: 'calloutGTypes: the active call-outs whose start has come and whose end has not.',
          response: { 200: calloutListResponseSchema },
        },
      },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, calloutGTypes: await callouts.currentCallouts(tester) })),
    );
  };
}
