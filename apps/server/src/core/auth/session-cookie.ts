import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  return sessionCookieNamed('th_session', 'lax', options);
}

/**
 * A session cookie called `baseName` (with the __Host- prefix over https), HttpOnly, path /, and
 * the given SameSite: the testers' cookie here and the staff console's (staff-scope.ts) are both made by it.
 */
export function sessionCookieNamed(
  baseName: string,
  sameSite: 'lax' | 'strict',
  options: { secure: boolean; maxAgeSeconds: number },
): SessionCookie {
  const name = options.secure ? `__Host-${baseName}` : baseName;
  const attributes = { path: '/', httpOnly: true, sameSite, secure: options.secure };
  return {
    name,
    secure: options.secure,
    set: (reply, sessionId) => void reply.setCookie(name, sessionId, { ...attributes, maxAge: options.maxAgeSeconds }),
    clear: (reply) => void reply.clearCookie(name, attributes),
    read: (request) => request.cookies[name],
  };
}
