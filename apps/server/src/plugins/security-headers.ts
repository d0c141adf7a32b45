import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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

export function registerSecurityHeaders(app: FastifyInstance, servedOverHttps: boolean) {
  const headers = helmetHeaders(securityHeaderOptions(servedOverHttps));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
