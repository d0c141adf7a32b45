import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { staffRouteAdmits, type StaffRole } from '@testerhub/shared/staff-schemas';
import type { StaffPrincipal } from '../../modules/staff/staff-service.ts';
import { sessionCookieNamed, type SessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff scope's guard; read it through withStaff, which types it. */
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    /**
     * The roles a staff route admits ('any': every staff member, such as Me and Logout). Every
     * route in the staff scope must declare it; registering one without it fails at start-up.
     */
    staffRoles?: readonly StaffRole[] | 'any';
  }
}

/** The staff session cookie: its own name, HttpOnly, SameSite=Strict, Secure with __Host- over https. */
export type StaffCookie = SessionCookie;

/**
 * The staff console's cookie (decision 043). Apart from the testers' (th_session): a tester's
 * session never reaches the staff table, nor a staff session the testers'. SameSite=Strict: the
 * console is only ever reached from its own pages.
 */
export function createStaffCookie(options: { secure: boolean; maxAgeSeconds: number }): StaffCookie {
  return sessionCookieNamed('th_staff', 'strict', options);
}

export type AuthenticateStaff = (sessionId: string | undefined) => Promise<StaffPrincipal | null>;

/** The OpenAPI security scheme of the staff session cookie, named on every staff-scope route. */
export const STAFF_SESSION_SCHEME = 'staffSession';

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Please log in to the staff console.' };
const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'Your roles do not include this.' };

/**
 * The staff scope (GUIDE section 2, decision 043): every route registered inside `routes`
 * requires a staff session (its own cookie) and declares the roles it admits in
 * `config.staffRoles`; the guard answers 401 without a staff session and 403 when none of the
 * staff member's roles is admitted, and logs both. The cross-site guard and the error handler
 * apply as everywhere under /api.
 */
export async function registerStaffScope(
  app: FastifyInstance,
  options: { authenticate: AuthenticateStaff; cookie: StaffCookie },
  routes: readonly FastifyPluginAsyncZod[],
): Promise<void> {
  app.decorateRequest('staff', null);
  await app.register(async (console) => {
    console.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { staffRoles?: unknown };
      if (config.staffRoles === undefined) throw new Error(`staff route ${route.method} ${route.url} declares no staffRoles`);
      route.config = { ...(route.config as object), scope: 'staff' };
      route.schema = { ...route.schema, security: [{ [STAFF_SESSION_SCHEME]: [] }] };
    });
    // The first hook of the scope: 401 or 403 before the body is read or validated.
    console.addHook('onRequest', async (request, reply) => {
      const staff = await options.authenticate(options.cookie.read(request));
      if (!staff) {
        request.log.warn(
          { url: request.routeOptions.url, event: 'staff.auth.refused' },
          'staff request without a valid staff session refused',
        );
        return reply.status(401).send(UNAUTHORIZED);
      }
      const allowed = request.routeOptions.config.staffRoles;
      if (!allowed || !staffRouteAdmits(allowed, staff.roles)) {
        request.log.warn(
          { url: request.routeOptions.url, event: 'staff.role.refused', staffId: staff.id, roles: staff.roles },
          'staff request outside the staff member’s roles refused',
        );
        return reply.status(403).send(FORBIDDEN);
      }
      request.staff = staff;
    });
    for (const plugin of routes) await console.register(plugin);
  });
}

/** A staff handler that receives the staff member typed; outside the staff scope it fails loudly. */
export function withStaff<Request extends FastifyRequest, Reply extends FastifyReply, Result>(
  handler: (request: Request, staff: StaffPrincipal, reply: Reply) => Result,
): (request: Request, reply: Reply) => Result {
  return (request, reply) => {
    if (!request.staff) throw new Error(`${request.routeOptions.url} is a staff route registered outside the staff scope`);
    return handler(request, request.staff, reply);
  };
}

/** What a staff route declares besides its method and path. */
export interface StaffRouteDeclaration<Input extends ZodType, Response extends ZodType> {
  /** The working role only, or 'any' (decision 049: the guard admits admins to every role's work). */
  roles: readonly StaffRole[] | 'any';
  description: string;
  /** The querystring of a GET, the body of a POST. */
  input?: Input;
  /** The 200 answer; none for a file the handler sends itself. */
  response?: Response;
  /** A POST's body limit in bytes where it must exceed the app's (an uploaded picture). */
  bodyLimit?: number;
}

type StaffHandler<Input extends ZodType, Response extends ZodType> = (
  input: z.output<Input>,
  staff: StaffPrincipal,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<Response> | FastifyReply>;

/**
 * One staff route in the staff scope: its roles in `config.staffRoles` (which the guard reads),
 * the OpenAPI tag and schemas, and a handler that receives the validated input and the staff member.
 */
function staffRoute<Input extends ZodType, Response extends ZodType>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  declaration: StaffRouteDeclaration<Input, Response>,
  handler: StaffHandler<Input, Response>,
): void {
  const { roles, description, input, response, bodyLimit } = declaration;
  app.route({
    method,
    url,
    ...(bodyLimit && { bodyLimit }),
    config: { staffRoles: roles },
    schema: {
      tags: ['staff'],
      description,
      ...(input && (method === 'GET' ? { querystring: input } : { body: input })),
      ...(response && { response: { 200: response } }),
    },
    handler: withStaff((request, staff, reply) =>
      handler((method === 'GET' ? request.query : request.body) as z.output<Input>, staff, request, reply),
    ),
  });
}

/** A staff GET: the querystring validated by `input`. */
export function staffGet<Input extends ZodType, Response extends ZodType>(
  app: FastifyInstance,
  url: string,
  declaration: StaffRouteDeclaration<Input, Response>,
  handler: StaffHandler<Input, Response>,
): void {
  staffRoute(app, 'GET', url, declaration, handler);
}

/** A staff POST: the body validated by `input`; changes answer succeed or failed (GUIDE's contract). */
export function staffPost<Input extends ZodType, Response extends ZodType>(
  app: FastifyInstance,
  url: string,
  declaration: StaffRouteDeclaration<Input, Response>,
  handler: StaffHandler<Input, Response>,
): void {
  staffRoute(app, 'POST', url, declaration, handler);
}
