import type { FastifyInstance } from 'fastify';

/**
 * Addresses from old e-mails and the old domain (spec 2, section 2): the old host keeps its
 * path on the main domain; /treg/{id}?R=&E= goes to e-mail confirmation; CommonAP.aspx and
 * ExternalScr.aspx go to self-scheduling with their parameters.
 */
export function registerLegacyRedirects(app: FastifyInstance, options: { publicUrl: string; oldHosts: readonly string[] }) {
  const oldHosts = new Set(options.oldHosts);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.host.split(':')[0]!.toLowerCase();
    if (oldHosts.has(host)) return reply.redirect(`${options.publicUrl}${request.url}`, 301);
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return;
    const [pathname = '', search = ''] = request.url.split('?');
    const query = new URLSearchParams(search);
    const lowerPath = pathname.toLowerCase();
    const treg = /\/treg\/([^/]+)/i.exec(pathname);
    if (treg) {
      const code = query.get('R') ?? query.get('r');
      const eCode = query.get('E') ?? query.get('e');
      if (code && eCode) return reply.redirect(`/community/checkConfirmEmail?${new URLSearchParams({ t: decodeURIComponent(treg[1]!), r: code, e: eCode })}`, 302);
      return reply.redirect('/community/login', 302);
    }
    if (lowerPath.includes('commonap.aspx')) {
      const forwarded = new URLSearchParams();
      for (const key of ['s', 't', 'd']) {
        const value = query.get(key) ?? query.get(key.toUpperCase());
        if (value) forwarded.set(key, value);
      }
      return reply.redirect(`/community/main/schedule/self?${forwarded}`, 302);
    }
    if (lowerPath.includes('externalscr.aspx')) {
      const ex = query.get('ex') ?? query.get('EX') ?? '';
      return reply.redirect(`/community/main/schedule/self?${new URLSearchParams(ex ? { ex } : {})}`, 302);
    }
  });
}
