import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface HealthRouteOptions {
  pingDatabase: () => Promise<void>;
}

/** GET /api/health: 200 while the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRouteOptions> = async (app, { pingDatabase }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );
};
