import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createLogger } from './logger.ts';
import { registerCrossSiteGuard } from './plugins/cross-site-guard.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { startOutboxSender } from './mail/outbox-sender.ts';
import { registerLegacyRedirects } from './plugins/legacy-redirects.ts';
import { registerSessionCookie } from './plugins/session-auth.ts';
import { createActiveSessionCache } from './repositories/active-session-cache.ts';
import { createAccountLookupRepository } from './repositories/account-lookup-repository.ts';
import { createOutboxRepository } from './repositories/outbox-repository.ts';
import { createPortalRepository } from './repositories/portal-repository.ts';
import { createPublicContentRepository } from './repositories/public-content-repository.ts';
import { createSessionRepository } from './repositories/session-repository.ts';
import { createTesterRepository } from './repositories/tester-repository.ts';
import { accountRoutes } from './routes/account.ts';
import { registerDevMailbox } from './routes/dev-mailbox.ts';
import { healthRoutes } from './routes/health.ts';
import { publicContentRoutes } from './routes/public-content.ts';
import { createAuthService } from './services/auth-service.ts';
import { createMailService } from './services/mail-service.ts';
import { createProfileService } from './services/profile-service.ts';
import { createPublicContentService } from './services/public-content-service.ts';
import { createRecoveryService } from './services/recovery-service.ts';
import { createRegistrationService } from './services/registration-service.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Extra routes under /api, registered by tests that need a route of their own. */
  extraApiRoutes?: (api: FastifyInstance) => void;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An answer this slow is logged at info even when it is a successful read. */
const SLOW_ANSWER_MS = 500;

/** Bodies above this are refused with 413; nothing the site sends comes near it. */
const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp({ config, database, extraApiRoutes }: BuildAppOptions): Promise<FastifyInstance> {
  const log = createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: log.logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.isProduction,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', (_instance, done) => {
    log.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // One structured line per request at debug; at info the ones worth keeping: every change,
  // every failure, every slow answer. A line for each successful read cost about a quarter of
  // an authenticated read's throughput (decision 011).
  app.addHook('onResponse', (request, reply, done) => {
    const worthKeeping = !READ_METHODS.has(request.method) || reply.statusCode >= 400 || reply.elapsedTime >= SLOW_ANSWER_MS;
    request.log[worthKeeping ? 'info' : 'debug'](
      { method: request.method, url: request.url, statusCode: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });

  const servedOverHttps = config.publicUrl.startsWith('https:');
  registerSecurityHeaders(app, servedOverHttps);
  registerCrossSiteGuard(app, config.publicUrl, ['/api/account/Logout']);
  registerLegacyRedirects(app, { publicUrl: config.publicUrl, oldHosts: config.oldHosts });
  const sessionCookie = await registerSessionCookie(app, { secure: servedOverHttps, maxAgeSeconds: config.sessionAbsoluteHours * 3600 });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'TesterHub API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });

  const publicContent = createPublicContentService(createPublicContentRepository(database.db), {
    cacheSeconds: config.publicContentCacheSeconds,
  });

  const outbox = createOutboxRepository(database.db);
  const sender = config.smtpUrl ? startOutboxSender({ outbox, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, log: app.log }) : null;
  if (sender) app.addHook('onClose', () => sender.stop());
  const mail = createMailService(outbox, sender, config.publicUrl);
  const sessionCache = createActiveSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  const testers = createTesterRepository(database.db, sessionCache.forgetTester);
  const sessions = createSessionRepository(database.db, sessionCache);
  const auth = createAuthService({ testers, sessions, config });
  const registration = createRegistrationService({ testers, lookups: createAccountLookupRepository(database.db), mail, config });
  const recovery = createRecoveryService({ testers, sessions, mail, config });
  const profile = createProfileService(createPortalRepository(database.db));

  await app.register(
    async (api) => {
      registerErrorHandler(api);
      await api.register(healthRoutes, { pingDatabase: database.ping });
      await api.register(publicContentRoutes, { service: publicContent });
      await api.register(accountRoutes, {
        registration,
        auth,
        recovery,
        profile,
        sessionCookie,
        checksPerWindow: config.loginAttemptsPerWindow * 6,
        windowSeconds: config.rateLimitWindowSeconds,
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );

  if (!config.isProduction && !config.smtpUrl) registerDevMailbox(app, outbox);
  if (config.webDistDir) await registerWebApp(app, config.webDistDir);
  else registerErrorHandler(app);

  return app;
}
