import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TesterRow } from '../../modules/testers/tester-service.ts';
import type { SessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tester scope's guard; read it through withTester, which types it. */
    tester: TesterRow | null;
  }
  interface FastifyContextConfig {
    /** Which scope registered the route: 'public', 'tester' or (later) 'staff'. */
    scope?: 'public' | 'tester' | 'staff';
  }
}

/** The tester behind a session id; at once (no promise) for a session this process read lately. */
export type AuthenticateTester = (sessionId: string | undefined) => TesterRow | null | Promise<TesterRow | null>;

/** The OpenAPI security scheme of the tester session cookie, named on every tester-scope route. */
export const TESTER_SESSION_SCHEME = 'testerSession';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Please log in.' };

/**
 * The tester portal's scope (GUIDE section 2): every route registered inside `routes` requires a
 * logged-in tester, checked by an onRequest hook that a route cannot leave out; a request without
 * a valid session is answered 401 and logged, whatever its body. Public calls are registered outside on purpose. A
 * staff scope with its own login and cookie will sit beside this one.
 */
export async function registerTesterScope(
  app: FastifyInstance,
  options: { authenticate: AuthenticateTester; sessionCookie: SessionCookie },
  routes: readonly FastifyPluginAsyncZod[],
): Promise<void> {
  app.decorateRequest('tester', null);
  await app.register(async (portal) => {
    portal.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), scope: 'tester' };
      route.schema = { ...route.schema, security: [{ [TESTER_SESSION_SCHEME]: [] }] };
    });
    // The request's first hook of the scope: without a session the answer is 401 before the body
    // is read or validated, so a stranger learns no field rule and sends no upload for nothing.
    portal.addHook('onRequest', testerGuard(options.authenticate, options.sessionCookie));
    for (const plugin of routes) await portal.register(plugin);
  });
}

function testerGuard(authenticate: AuthenticateTester, sessionCookie: SessionCookie) {
  function admit(request: FastifyRequest, reply: FastifyReply, tester: TesterRow | null, done: HookHandlerDoneFunction) {
    if (tester) {
      request.tester = tester;
      return done();
    }
    request.log.warn({ url: request.url, event: 'auth.refused' }, 'request without a valid session refused');
    // An answer from a callback hook ends the request there: done is not called.
    void reply.status(401).send(UNAUTHORIZED);
  }
  // Callback style, so that a session answered from the cache costs no promise (decision 011).
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const found = authenticate(sessionCookie.read(request));
    if (found instanceof Promise) found.then((tester) => admit(request, reply, tester, done), done);
    else admit(request, reply, found, done);
  };
}

/** A portal handler's request with its parsed body: withTester cannot infer it from the route's schema. */
export type WithBody<Schema extends z.ZodType> = FastifyRequest<{ Body: z.infer<Schema> }>;

/**
 * A portal handler that receives the tester already typed: `withTester((request, tester) => ...)`.
 * Outside the tester scope there is no tester, and the call fails loudly instead of answering.
 */
export function withTester<Request extends FastifyRequest, Reply extends FastifyReply, Result>(
  handler: (request: Request, tester: TesterRow, reply: Reply) => Result,
): (request: Request, reply: Reply) => Result {
  return (request, reply) => {
    if (!request.tester) throw new Error(`${request.routeOptions.url} is a portal route registered outside the tester scope`);
    return handler(request, request.tester, reply);
  };
}
