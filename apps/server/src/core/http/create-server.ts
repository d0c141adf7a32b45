import Fastify, { LogController, type FastifyReply } from 'fastify';
import { levels, type DestinationStream } from 'pino';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env.ts';
import { createLogger } from '../logger.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { registerSessionCookie } from '../auth/session-cookie.ts';
import { TESTER_SESSION_SCHEME } from '../auth/tester-scope.ts';
import { STAFF_SESSION_SCHEME } from '../auth/staff-scope.ts';
import { registerCrossSiteGuard } from './cross-site-guard.ts';
import { registerLegacyRedirects } from './legacy-redirects.ts';
import { PROBE_ROUTES } from './health-routes.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { requestIdFrom, REQUEST_ID_HEADER } from './request-id.ts';
import { clientErrorResponder, registerSecurityHeaders, securityHeaderApplier } from './security-headers.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An answer this slow is logged at info even when it is a successful read. */
const SLOW_ANSWER_MS = 500;

/** Bodies above this are refused with 413; nothing the site sends comes near it. */
const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Time-outs (GUIDE section 5). The whole request (headers and body) must arrive within
 * config.requestTimeoutSeconds (408, connection closed); the headers alone within HEADERS_TIMEOUT_MS
 * of that; a socket silent for CONNECTION_TIMEOUT_MS is closed; an idle keep-alive connection
 * waits KEEP_ALIVE_TIMEOUT_MS for its next request (above the 60 s idle time-out of the usual
 * load balancers, so they close first and never send into a closing socket).
 */
const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTION_TIMEOUT_MS = 60_000;
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The path of a request with its query's parameter names only: values may hold personal data. */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  if (!query) return path;
  const names = query
    .split('&')
    .map((pair) => pair.split('=')[0])
    .filter(Boolean);
  return `${path}?${names.join('&')}`;
}

/** Whether a logger at `loggerLevel` writes a line at `level` (Fastify's logger type has no isLevelEnabled; 'silent' writes none). */
const writesAt = (loggerLevel: string, level: 'info' | 'debug') => levels.values[level]! >= (levels.values[loggerLevel] ?? Infinity);

/** Trusts the socket's peer and the hops before it, `hops` in all (proxy-addr's index 0 is the peer). */
const trustHops = (hops: number) => (_address: string, index: number) => index < hops;

/** The route template a request matched (`/api/screener/:studyNo`), never its URL; 'unmatched' for a 404 or a bad address. */
const routeOf = (request: { routeOptions: { url?: string } }) => request.routeOptions.url ?? 'unmatched';

/**
 * The Fastify server before any module: logging, request ids, request metrics, limits and
 * time-outs, framework errors, the validator and serializer, a log line per request worth keeping,
 * security headers, the cross-site guard, legacy redirects, the testers' session cookie and the
 * OpenAPI document.
 */
export async function createServer(config: AppConfig, options: { metrics: AppMetrics; logDestination?: DestinationStream }) {
  const { metrics } = options;
  const log = createLogger(config.logLevel, options.logDestination);
  const servedOverHttps = config.publicUrl.startsWith('https:');
  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;
  const applySecurityHeaders = securityHeaderApplier(servedOverHttps);
  const app = Fastify({
    loggerInstance: log.logger,
    logController: new LogController({ disableRequestLogging: true }),
    // The proxy's X-Request-Id when a trusted proxy sent a sane one, else a new one (request-id.ts); every line of the request carries it.
    genReqId: requestIdFrom(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // X-Forwarded-For only from the proxies configuration names; by default the socket address is the client.
    // A hop count as a function: Fastify fails closed on a bare number (a direct client could send enough hops),
    // so a hop count is only for a server that nobody can reach but through its proxies (docs/decisions/013).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // How often Node looks for requests past their time-out (its default, 30 s, would let one live twice as long).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, requestTimeoutMs / 4)),
    },
    // A URL that cannot be decoded (GET /api/%E0%A4%A) is answered before any hook: with the same headers and body shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      applySecurityHeaders(request, reply);
      void reply.header(REQUEST_ID_HEADER, request.id);
      const status = error.statusCode ?? 400;
      const body = {
        statusCode: status,
        error: status === 414 ? 'URI Too Long' : 'Bad Request',
        message: 'The address of this request is not valid.',
      };
      void reply.status(status).send(body);
    },
    // What Node's parser refuses itself (431, a malformed header line, an unknown method): headers too.
    clientErrorHandler: clientErrorResponder(servedOverHttps),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', (_instance, done) => {
    log.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // The request id goes back to the client and the proxy; the in-flight gauge counts until the
  // socket's answer is done or abandoned ('close' comes either way; onResponse does not on an abort).
  // One listener function for every request, no closure or once-wrapper each (issue 27's hot read).
  const answered = () => metrics.http.inFlight.dec();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    metrics.http.inFlight.inc();
    reply.raw.on('close', answered);
    done();
  });

  // One structured line per request at debug, with its request id (reqId), route template, status
  // and duration; at info the ones worth keeping: every change, every failure, every slow answer.
  // A line for each successful read cost about a quarter of an authenticated read's throughput
  // (decision 011); the duration histogram counts every request (decision 094). The line's fields
  // are gathered only when its level is written: a read at info writes none.
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    metrics.http.duration.observe(request.method, route, `${Math.floor(reply.statusCode / 100)}xx`, reply.elapsedTime / 1000);
    // The probes are asked every second by each proxy; readiness logs its own changes (readiness.ts).
    const probe = PROBE_ROUTES.has(route);
    const worthKeeping = !probe && (!READ_METHODS.has(request.method) || reply.statusCode >= 400 || reply.elapsedTime >= SLOW_ANSWER_MS);
    const level = worthKeeping ? 'info' : 'debug';
    if (writesAt(request.log.level, level))
      request.log[level](
        {
          method: request.method,
          route,
          url: loggableUrl(request.url),
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    done();
  });

  registerSecurityHeaders(app, applySecurityHeaders);
  registerCrossSiteGuard(app, config.publicUrl);
  registerLegacyRedirects(app, { publicUrl: config.publicUrl, oldHosts: config.oldHosts });
  const sessionCookie = await registerSessionCookie(app, { secure: servedOverHttps, maxAgeSeconds: config.sessionAbsoluteHours * 3600 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'TesterHub API', version: '1.0.0' },
      servers: [{ url: '/' }],
      // The two scopes' session cookies; each scope names its scheme on its routes.
      components: {
        securitySchemes: {
          [TESTER_SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'th_session' },
          [STAFF_SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'th_staff' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  return { app, sessionCookie, servedOverHttps };
}
