import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API calls sent by another site: browsers send Origin (and
 * Sec-Fetch-Site) with every cross-site POST, so a mismatch means a forged request.
 * Calls without either header (server-to-server, tests) are not from a browser page.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string) {
  const allowedOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameHostOrigin = `${request.protocol}://${request.host}`;
    const originAllowed = !origin || origin === allowedOrigin || origin === sameHostOrigin;
    const siteAllowed = !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none';
    if (originAllowed && siteAllowed) return;
    request.log.warn({ origin, fetchSite, url: request.url }, 'cross-site request refused');
    return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Cross-site requests are not accepted.' });
  });
}
