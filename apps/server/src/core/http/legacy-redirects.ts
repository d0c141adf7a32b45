import type { FastifyInstance } from 'fastify';

interface Redirect {
  location: string;
  status: 301 | 302;
}

/**
 * Where an address from old e-mails or the old domain goes (spec 2, section 2): the old host
 * keeps its path on the main domain; /treg/{id}?R=&E= goes to e-mail confirmation;
 * CommonAP.aspx and ExternalScr.aspx go to self-scheduling with their parameters.
 */
export function legacyRedirect(
  request: { method: string; host: string; url: string },
  options: { publicUrl: string; oldHosts: ReadonlySet<string> },
): Redirect | null {
  if (options.oldHosts.size > 0 && options.oldHosts.has(request.host.split(':')[0]!.toLowerCase()))
    return { location: `${options.publicUrl}${request.url}`, status: 301 };
  if (request.method !== 'GET' || request.url.startsWith('/api/')) return null;
  const [pathname = '', search = ''] = request.url.split('?');
  const query = new URLSearchParams(search);
  const lowerPath = pathname.toLowerCase();
  const treg = /\/treg\/([^/]+)/i.exec(pathname);
  if (treg) {
    const code = query.get('R') ?? query.get('r');
    const eCode = query.get('E') ?? query.get('e');
    if (code && eCode)
      return {
        location: `/community/checkConfirmEmail?${new URLSearchParams({ t: decodeURIComponent(treg[1]!), r: code, e: eCode })}`,
        status: 302,
      };
    return { location: '/community/login', status: 302 };
  }
  if (lowerPath.includes('commonap.aspx')) {
    const forwarded = new URLSearchParams();
    for (const key of ['s', 't', 'd']) {
      const value = query.get(key) ?? query.get(key.toUpperCase());
      if (value) forwarded.set(key, value);
    }
    return { location: `/community/main/schedule/self?${forwarded}`, status: 302 };
  }
  if (lowerPath.includes('externalscr.aspx')) {
    const ex = query.get('ex') ?? query.get('EX') ?? '';
    // The partner's signature of ex (decision 077) goes along: the return pays nothing without it.
    const sig = query.get('sig') ?? query.get('SIG') ?? '';
    return {
      location: `/community/main/schedule/self?${new URLSearchParams({ ...(ex && { ex }), ...(ex && sig && { sig }) })}`,
      status: 302,
    };
  }
  return null;
}

export function registerLegacyRedirects(app: FastifyInstance, options: { publicUrl: string; oldHosts: readonly string[] }) {
  const settings = { publicUrl: options.publicUrl, oldHosts: new Set(options.oldHosts) };
  // Callback style, no promise: this runs on every request. An early answer does not call done.
  app.addHook('onRequest', (request, reply, done) => {
    const redirect = legacyRedirect(request, settings);
    if (!redirect) return done();
    void reply.redirect(redirect.location, redirect.status);
  });
}
