import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Strict headers: no inline script, nothing framed, no referrer leaks (GUIDE section 5). */
export function securityHeaderOptions(servedOverHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(servedOverHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: servedOverHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as frame-ancestors 'none' for the browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options. They depend on the configuration only, so helmet
 * runs once here, on a response that records them, instead of on every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let called = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously; its headers cannot be worked out once');
  return headers;
}

/**
 * The API answers JSON, never a document: it needs only the headers that protect data (no
 * framing, no sniffing, no cross-origin embedding, no referrer, HSTS) and a CSP that allows
 * nothing. The document-only ones (COOP, Origin-Agent-Cluster, DNS prefetch, IE download
 * options, Flash policies, the legacy XSS filter) stay off API answers, which keeps every
 * JSON answer about 500 bytes lighter.
 */
export function apiSecurityHeaderOptions(servedOverHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    hsts: servedOverHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

export type SecurityHeaderApplier = (request: FastifyRequest, reply: FastifyReply) => void;

/** Whether a request target is under /api, in any case and in absolute form too. */
function isApiTarget(url: string): boolean {
  const path = url.startsWith('/') ? url : url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return /^\/+api(\/|$|\?)/i.test(path);
}

/** Sets the API set on /api answers and the document set on every other answer. */
export function securityHeaderApplier(servedOverHttps: boolean): SecurityHeaderApplier {
  const documentHeaders = helmetHeaders(securityHeaderOptions(servedOverHttps));
  const apiHeaders = helmetHeaders(apiSecurityHeaderOptions(servedOverHttps));
  return (request, reply) => void reply.headers(isApiTarget(request.url) ? apiHeaders : documentHeaders);
}

/**
 * Every answer gets the headers: those that pass the hooks here (routes, 404, 413, errors), and
 * those Fastify answers before any hook (a URL it cannot decode) through its frameworkErrors
 * option, which app.ts points at the same applier.
 */
export function registerSecurityHeaders(app: FastifyInstance, apply: SecurityHeaderApplier) {
  app.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    done();
  });
}
