import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerCrossSiteGuard } from './plugins/cross-site-guard.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createPublicContentRepository } from './repositories/public-content-repository.ts';
import { healthRoutes } from './routes/health.ts';
import { publicContentRoutes } from './routes/public-content.ts';
import { createPublicContentService } from './services/public-content-service.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Extra routes under /api, registered by tests that need a route of their own. */
  extraApiRoutes?: (api: FastifyInstance) => void;
}

/** Bodies above this are refused with 413; nothing the site sends comes near it. */
const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp({ config, database, extraApiRoutes }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.isProduction,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One structured line per request, written when the answer has gone out.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });

  await registerSecurityHeaders(app, config.publicUrl.startsWith('https:'));
  registerCrossSiteGuard(app, config.publicUrl);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'TesterHub API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });

  const publicContent = createPublicContentService(createPublicContentRepository(database.db));

  await app.register(
    async (api) => {
      registerErrorHandler(api);
      await api.register(healthRoutes, { pingDatabase: database.ping });
      await api.register(publicContentRoutes, { service: publicContent });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );

  if (config.webDistDir) await registerWebApp(app, config.webDistDir);
  else registerErrorHandler(app);

  return app;
}
