import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
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
 * option, which core/http/create-server.ts points at the same applier.
 */
export function registerSecurityHeaders(app: FastifyInstance, apply: SecurityHeaderApplier) {
  app.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    done();
  });
}

/** What Node's HTTP parser refused, as the status and message the client gets. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request did not arrive in time.' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request’s address or headers are too large.' };
  return { status: 400, message: 'The request could not be read.' };
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a path or headers too
 * large, a malformed header line, an unknown method, a request time-out): the same JSON shape as
 * every API error and the API's security headers (the target could not be read, so the stricter
 * set), then the connection closes, as Node's own answer does. Fastify's clientErrorHandler.
 */
export function clientErrorResponder(servedOverHttps: boolean) {
  const headerLines = Object.entries(helmetHeaders(apiSecurityHeaderOptions(servedOverHttps)))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Duplex) => {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
