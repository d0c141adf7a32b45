import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET (and so its HEAD) that changes state although it is a GET, kept because the spec
     * names it (Logout): only our own pages may send it (X-Requested-With or same-origin fetch).
     */
    stateChanging?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'Cross-site requests are not accepted.' };

/** The path of a request target for a log line: no query (it may hold personal data), no scheme or host. */
function loggedPath(url: string): string {
  return url.split('?')[0]!.slice(0, 200);
}

/**
 * Refuses state-changing calls sent by another site. What is protected is decided from the
 * route the request matched and its method (GUIDE section 5), never from the URL as written:
 * case, percent-encoding, trailing or absolute-form spellings and HEAD all reach the same handler.
 *
 * - Every route reached by POST, PUT, PATCH or DELETE: browsers send Origin (and Sec-Fetch-Site)
 *   with every cross-site one, so a foreign value means a forged request. Calls without either
 *   header (server-to-server, tests) are not from a browser page.
 * - A route marked `config: { stateChanging: true }` (GET and its HEAD): only with our header
 *   X-Requested-With: TesterHub or a same-origin fetch, since a GET may come from any <img>.
 *
 * A request that matched no route reaches no handler (404) and is left alone.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string) {
  const allowedOrigin = new URL(publicUrl).origin;
  const refuse = (request: FastifyRequest, reply: FastifyReply, why: string) => {
    request.log.warn(
      { event: 'csrf.refused', route: request.routeOptions.url, method: request.method, path: loggedPath(request.url), why },
      'cross-site request refused',
    );
    void reply.status(403).send(FORBIDDEN);
  };
  // Callback style, no promise: this runs on every request (the hot path of GUIDE section 8).
  // The route is already matched when onRequest runs. An early answer does not call done.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions;
    if (route.url === undefined) return done();
    if (route.config?.stateChanging) {
      const fromOurPage = request.headers['x-requested-with'] === 'TesterHub' || request.headers['sec-fetch-site'] === 'same-origin';
      return fromOurPage ? done() : refuse(request, reply, 'state-changing GET without our header');
    }
    if (SAFE_METHODS.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const originAllowed = !origin || origin === allowedOrigin || origin === `${request.protocol}://${request.host}`;
    const siteAllowed = !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none';
    if (originAllowed && siteAllowed) return done();
    return refuse(request, reply, 'foreign Origin or Sec-Fetch-Site');
  });
}
