import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API calls sent by another site: browsers send Origin (and
 * Sec-Fetch-Site) with every cross-site POST, so a mismatch means a forged request.
 * Calls without either header (server-to-server, tests) are not from a browser page.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string, stateChangingGets: readonly string[] = []) {
  const allowedOrigin = new URL(publicUrl).origin;
  const guardedGets = new Set(stateChangingGets.map((path) => path.toLowerCase()));
  // Callback style, no promise: this runs on every request (the hot path of GUIDE section 8).
  // An early answer does not call done (Fastify's rule for callback hooks).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const path = request.url.split('?')[0]!.toLowerCase().replace(/\/+$/, '');
    if (guardedGets.has(path) && request.method === 'GET') {
      // A GET the spec keeps although it changes state: only our own pages may send it.
      const fromOurPage = request.headers['x-requested-with'] === 'TesterHub' || request.headers['sec-fetch-site'] === 'same-origin';
      if (fromOurPage) return done();
      request.log.warn({ url: request.url, event: 'csrf.refused' }, 'state-changing GET without our header refused');
      return void reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Cross-site requests are not accepted.' });
    }
    if (SAFE_METHODS.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameHostOrigin = `${request.protocol}://${request.host}`;
    const originAllowed = !origin || origin === allowedOrigin || origin === sameHostOrigin;
    const siteAllowed = !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none';
    if (originAllowed && siteAllowed) return done();
    request.log.warn({ origin, fetchSite, url: request.url }, 'cross-site request refused');
    return void reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Cross-site requests are not accepted.' });
  });
}
