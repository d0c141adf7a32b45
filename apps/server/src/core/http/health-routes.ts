import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from './readiness.ts';

export interface HealthRouteOptions {
  readiness: Readiness;
}

/** The two probes: their answers are logged at debug only (create-server.ts), as a proxy asks every second. */
export const PROBE_ROUTES: ReadonlySet<string> = new Set(['/api/health', '/api/ready']);

const readinessBody = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['current', 'behind', 'unknown']),
  draining: z.boolean(),
});

/**
 * GET /api/health: liveness, the process answers (no database call, so a database outage does not
 * get every instance restarted). GET /api/ready: readiness, 200 while the database answers, its
 * migrations are at this build's head and the instance is not shutting down; 503 naming which failed.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRouteOptions> = async (app, { readiness }) => {
  app.get('/health', { schema: { tags: ['operations'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        response: {
          200: readinessBody.extend({ status: z.literal('ready') }),
          503: readinessBody.extend({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      const { ready, changed, ...checks } = await readiness.check();
      if (changed) {
        if (ready) request.log.info('ready');
        else request.log.warn(checks, 'not ready');
      }
      if (ready) return { status: 'ready' as const, ...checks };
      return reply.status(503).send({ status: 'unavailable' as const, ...checks });
    },
  );
};
