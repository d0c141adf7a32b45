import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
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
export async function registerSessionCookie(
  app: FastifyInstance,
  options: { secure: boolean; maxAgeSeconds: number },
): Promise<SessionCookie> {
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

/**
 * preHandler for routes that need a logged-in tester: 401 JSON otherwise, and the refusal is
 * logged. Callback style, so that a session answered from the cache costs no promise.
 */
export function requireTester(auth: AuthService, sessionCookie: SessionCookie) {
  function admit(request: FastifyRequest, reply: FastifyReply, tester: TesterRow | null, done: HookHandlerDoneFunction) {
    if (tester) {
      request.tester = tester;
      return done();
    }
    request.log.warn({ url: request.url, event: 'auth.refused' }, 'request without a valid session refused');
    // An answer from a callback hook ends the request there: done is not called.
    void reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
  }

  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const found = auth.authenticate(sessionCookie.read(request));
    if (found instanceof Promise) found.then((tester) => admit(request, reply, tester, done), done);
    else admit(request, reply, found, done);
  };
}
