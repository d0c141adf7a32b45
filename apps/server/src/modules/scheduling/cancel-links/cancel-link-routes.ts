import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message } from '@testerhub/shared/account-messages';
import {
  cancelByLinkResponseSchema,
  cancelLinkBookingResponseSchema,
  cancelLinkRequestSchema,
} from '@testerhub/shared/cancel-link-schemas';
import { TooManyRequestsError } from '../../../core/errors.ts';
import { RateLimiter, type RateLimitStore, rateLimitAddress } from '../../rate-limits/rate-limit-service.ts';
import type { SchedulingService } from '../scheduling-service.ts';

export interface CancelLinkRouteOptions {
  scheduling: SchedulingService;
  /** Requests per address and window, as for the other public checks (decision 008). */
  checksPerWindow: number;
  windowSeconds: number;
  /** Where the limit counts: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
}

const tags = ['schedule'];

/**
 * The one-click cancel link (decision 027): public calls, no session, the signed token is the
 * authority. Both are POST, so the cross-site guard refuses them from another site's page, and a
 * mail scanner that follows the e-mailed link (a GET of the page) cancels nothing.
 */
export const cancelLinkRoutes: FastifyPluginAsyncZod<CancelLinkRouteOptions> = async (app, options) => {
  const { scheduling } = options;
  const limiter = new RateLimiter(options.rateLimits, 'cancel-link', options.checksPerWindow, options.windowSeconds * 1000);
  // Refused in the language of the tester the link names: the page has no session to tell it. Read only once refused.
  const limit = async (address: string, token: string) => {
    if (!(await limiter.hit(`cancel-link:${address}`)))
      throw new TooManyRequestsError(message('tooManyRequests', await scheduling.cancelLinkLanguage(token)));
  };

  app.post(
    '/schedule/GetCancelLinkBooking',
    { schema: { tags, body: cancelLinkRequestSchema, response: { 200: cancelLinkBookingResponseSchema } } },
    async (request) => {
      await limit(rateLimitAddress(request.ip), request.body.token);
      return scheduling.lookUpCancelLink(request.body.token);
    },
  );

  app.post(
    '/schedule/CancelByLink',
    { schema: { tags, body: cancelLinkRequestSchema, response: { 200: cancelByLinkResponseSchema } } },
    async (request) => {
      await limit(rateLimitAddress(request.ip), request.body.token);
      const status = await scheduling.cancelByLink(request.body.token);
      request.log.info({ event: 'schedule.cancel-by-link', status }, 'cancel link used');
      return { status };
    },
  );
};
