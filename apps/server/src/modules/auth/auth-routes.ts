import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkAuthorizeResponseSchema,
  credentialsResponseSchema,
  initializeInformationSchema,
  initializeInformationSchemaIn,
  loginResponseSchema,
  loginSchema,
  loginSchemaIn,
  loginUsernameResponseSchema,
  loginUsernameSchema,
  logoutResponseSchema,
} from '@testerhub/shared/account-schemas';
import { RateLimiter, type RateLimitStore, rateLimitAddress } from '../rate-limits/rate-limit-service.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { signInTexts } from '@testerhub/shared/sign-in-texts';
import { requestLanguage } from '../../core/http/request-language.ts';
import { rejectInLanguage } from '../../core/http/validate-in-language.ts';
import { type SessionCookie } from '../../core/auth/session-cookie.ts';
import { CONFIRMATION_RESEND_COOKIE, CONFIRMATION_RESEND_MINUTES, type AuthService } from './auth-service.ts';

export interface AuthRouteOptions {
  auth: AuthService;
  sessionCookie: SessionCookie;
  /** Requests per address and window for the username look-up. */
  checksPerWindow: number;
  windowSeconds: number;
  /** Where the limit counts: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
  /** The tester a study link's `d` was signed for, while it lasts, or null (the study-links module). */
  linkTester: (data: string) => string | null;
}

/** Cookie naming the login that must change its credentials (status changePassword). */
const CHANGE_COOKIE = 'th_credential_change';

/** The signed device cookie of a browser that has logged in (see createDeviceCookieSigner); sent to the login only. */
const DEVICE_COOKIE = 'th_device';
const DEVICE_COOKIE_DAYS = 180;

/** Login, logout and the forced credential change (spec 2, section 7): public calls. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { auth, sessionCookie } = options;
  const checks = new RateLimiter(options.rateLimits, 'account-checks', options.checksPerWindow, options.windowSeconds * 1000);
  const limitChecks = async (ip: string, what: string) => {
    if (!(await checks.hit(`${what}:${rateLimitAddress(ip)}`))) throw new TooManyRequestsError(ENTRY_TEXTS.tooManyRequests);
  };

  app.post(
    '/account/Login',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        body: loginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      // The login page's language (Accept-Language): its messages, and a malformed request's (decision 118).
      rejectInLanguage(request, (language) => loginSchemaIn(signInTexts(language), language));
      const result = await auth.login(
        request.body.username,
        request.body.password,
        rateLimitAddress(request.ip),
        request.cookies[DEVICE_COOKIE],
        requestLanguage(request),
      );
      // No username in the log (personal data): the tester's id once known.
      request.log.info(
        { event: 'auth.login', status: result.status, testerId: result.status === 'succeed' ? result.tester.id : undefined },
        'login attempt',
      );
      /** A cookie only the account calls receive, never script. */
      const setAccountCookie = (name: string, value: string, maxAgeSeconds: number) =>
        reply.setCookie(name, value, {
          path: '/api/account',
          httpOnly: true,
          sameSite: 'strict',
          secure: sessionCookie.secure,
          maxAge: maxAgeSeconds,
        });
      if (result.status === 'succeed') {
        sessionCookie.set(reply, result.sessionId);
        setAccountCookie(DEVICE_COOKIE, result.deviceCookie, DEVICE_COOKIE_DAYS * 24 * 3600);
      }
      // Ties the coming credential change to this login, so the form may choose a new username.
      if (result.status === 'changePassword') setAccountCookie(CHANGE_COOKIE, result.changeToken, 15 * 60);
      // Ties a request to send the confirmation e-mail again to this login (no username or e-mail in that call).
      if (result.status === 'notConfirmed')
        setAccountCookie(CONFIRMATION_RESEND_COOKIE, result.resendToken, CONFIRMATION_RESEND_MINUTES * 60);
      return { status: result.status, url: result.url, message: result.message };
    },
  );

  app.get(
    '/account/Logout',
    {
      // A GET that changes state (the spec keeps it): the cross-site guard wants our header on it and its HEAD.
      config: { stateChanging: true },
      schema: {
        tags: ['account'],
        description: 'Ends the session. Needs the X-Requested-With header or a same-origin fetch.',
        response: { 200: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(sessionCookie.read(request));
      sessionCookie.clear(reply);
      request.log.info({ event: 'auth.logout' }, 'logout');
      return { status: 'succeed' as const };
    },
  );

  app.post(
    '/account/GetLoginUsername',
    {
      schema: {
        tags: ['account'],
        description:
          "Body: the study link's t and d. The username is answered only when d is a link signed for t; a bare tester id is answered as an unknown one.",
        body: loginUsernameSchema,
        response: { 200: loginUsernameResponseSchema },
      },
    },
    async (request) => {
      await limitChecks(request.ip, 'login-username');
      const body = request.body;
      // A username goes only to whoever holds a link e-mailed to its tester: any other id, known or not, gets one answer (decision 075).
      if (typeof body === 'string' || options.linkTester(body.d)?.toLowerCase() !== body.t.toLowerCase())
        return { status: 'failed' as const, name: '' };
      return auth.loginUsername(body.t);
    },
  );

  app.post(
    '/account/initializeInformation',
    {
      attachValidation: true,
      schema: { tags: ['account'], body: initializeInformationSchema, response: { 200: credentialsResponseSchema } },
    },
    async (request, reply) => {
      rejectInLanguage(request, (language) => initializeInformationSchemaIn(signInTexts(language), language));
      const body = request.body;
      const result = await auth.initializeInformation(
        {
          username: body.Username,
          currentPassword: body.CurrentPassword,
          newPassword: body.NewPassword,
          email: body.EmailAddress,
          phone: body.PhoneNumber,
        },
        { address: rateLimitAddress(request.ip), changeToken: request.cookies[CHANGE_COOKIE], language: requestLanguage(request) },
      );
      request.log.info({ event: 'auth.initialize-information', status: result.status }, 'forced credential change');
      if (result.status === 'succeed') reply.clearCookie(CHANGE_COOKIE, { path: '/api/account' });
      return result;
    },
  );
};

/** Whether the session is still good; in the tester scope, so a missing session answers 401. */
export const authPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/account/CheckAuthorize', { schema: { tags: ['account'], response: { 200: checkAuthorizeResponseSchema } } }, async () => ({
    status: 'authorized' as const,
  }));
};
