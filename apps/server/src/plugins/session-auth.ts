import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TesterRow } from '../repositories/tester-repository.ts';
import type { AuthService } from '../services/auth-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tester: TesterRow | null;
  }
}

export interface SessionCookie {
  name: string;
  secure: boolean;
  set(reply: FastifyReply, sessionId: string): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

/**
 * The session cookie: a random id, HttpOnly, SameSite=Lax; Secure with the __Host- prefix
 * when the site is served over https (GUIDE section 5).
 */
export async function registerSessionCookie(app: FastifyInstance, options: { secure: boolean; maxAgeSeconds: number }): Promise<SessionCookie> {
  await app.register(cookie);
  const name = options.secure ? '__Host-th_session' : 'th_session';
  const attributes = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure };
  app.decorateRequest('tester', null);
  return {
    name,
    secure: options.secure,
    set: (reply, sessionId) => void reply.setCookie(name, sessionId, { ...attributes, maxAge: options.maxAgeSeconds }),
    clear: (reply) => void reply.clearCookie(name, attributes),
    read: (request) => request.cookies[name],
  };
}

/** preHandler for routes that need a logged-in tester: 401 JSON otherwise, and the refusal is logged. */
export function requireTester(auth: AuthService, sessionCookie: SessionCookie) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tester = await auth.authenticate(sessionCookie.read(request));
    if (!tester) {
      request.log.warn({ url: request.url, event: 'auth.refused' }, 'request without a valid session refused');
      return reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
    }
    request.tester = tester;
  };
}
