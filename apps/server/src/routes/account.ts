import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RACES } from '@testerhub/shared/account-rules';
import {
  checkConfirmEmailSchema,
  confirmEmailAnotherSchema,
  emailClickTrackSchema,
  findUsernameSchema,
  forgotPasswordSchema,
  initializeInformationSchema,
  isInfoExistSchema,
  loginSchema,
  reEngagementSchema,
  registerExistedUserSchema,
  registerSchema,
  resetPasswordSchema,
  shortSignUpSchema,
  testerIdSchema,
  zipSchema,
} from '@testerhub/shared/account-schemas';
import { RateLimiter, TooManyRequestsError } from '../security/rate-limiter.ts';
import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import { TOO_FAR_SITE_IDS } from '@testerhub/shared/account-rules';
import { requireTester, type SessionCookie } from '../plugins/session-auth.ts';
import type { AuthService } from '../services/auth-service.ts';
import type { ProfileService } from '../services/profile-service.ts';
import type { RecoveryService } from '../services/recovery-service.ts';
import type { RegistrationService } from '../services/registration-service.ts';
import { rejectInLanguage } from './validate-in-language.ts';

export interface AccountRouteOptions {
  registration: RegistrationService;
  auth: AuthService;
  recovery: RecoveryService;
  profile: ProfileService;
  sessionCookie: SessionCookie;
  /** Requests per address and window for the registration checks and re-engagement. */
  checksPerWindow: number;
  windowSeconds: number;
}

const statusMessage = z.object({ status: z.string(), message: z.string() });

/** Cookie naming the login that must change its credentials (status changePassword). */
const CHANGE_COOKIE = 'th_credential_change';

/** The account calls of spec 2, section 7, under /api/account. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, options) => {
  const { registration, auth, recovery, profile, sessionCookie } = options;
  const checks = new RateLimiter(options.checksPerWindow, options.windowSeconds * 1000);
  const limitChecks = (address: string, what: string) => {
    if (!checks.hit(`${what}:${address}`)) throw new TooManyRequestsError(ENTRY_TEXTS.tooManyRequests);
  };
  const authenticated = { preHandler: requireTester(auth, sessionCookie) };

  app.post(
    '/account/IsInfoExist',
    {
      schema: {
        tags: ['account'],
        body: isInfoExistSchema,
        response: { 200: z.object({ isExists1: z.boolean(), isExists2: z.boolean() }) },
      },
    },
    async (request) => {
      limitChecks(request.ip, 'is-info-exist');
      return registration.isInfoExist(request.body.username, request.body.email);
    },
  );

  app.post(
    '/account/CheckLocation',
    {
      schema: {
        tags: ['account'],
        description: 'Body: the zip code as a JSON string.',
        body: zipSchema,
        response: { 200: z.object({ siteId: z.string(), tooFar: z.boolean() }) },
      },
    },
    async (request) => {
      const siteId = await registration.siteForZip(request.body);
      return { siteId, tooFar: (TOO_FAR_SITE_IDS as readonly string[]).includes(siteId) };
    },
  );

  app.get(
    '/account/GetMoreInfo',
    {
      schema: { tags: ['account'], response: { 200: z.object({ adsInfo: z.array(z.object({ adName: z.string(), adID: z.string() })) }) } },
    },
    async () => ({
      adsInfo: await registration.listAdSources(),
    }),
  );

  app.get(
    '/account/GetRaceList',
    {
      schema: {
        tags: ['account'],
        querystring: z.object({ lang: z.enum(['en', 'es']).default('en') }),
        response: { 200: z.object({ raceInfo: z.array(z.object({ raceName: z.string(), raceID: z.string() })) }) },
      },
    },
    async (request) => ({ raceInfo: RACES.map((race) => ({ raceID: race.raceID, raceName: race[request.query.lang] })) }),
  );

  app.post(
    '/account/register',
    { attachValidation: true, schema: { tags: ['account'], body: registerSchema('en'), response: { 200: statusMessage } } },
    async (request) => {
      rejectInLanguage(request, (language) => registerSchema(language));
      limitChecks(request.ip, 'register');
      const body = request.body;
      const result = await registration.register({
        username: body.Username,
        email: body.EmailAddress,
        password: body.Password,
        firstName: body.FirstName,
        lastName: body.LastName,
        zipCode: body.ZipCode,
        address: body.Address,
        city: body.City,
        state: body.State,
        sex: body.SexID,
        phone: body.PhoneNo,
        raceId: body.RaceID,
        adId: body.AdID,
        adDetail: body.AdDetail,
        birthDate: body.Birth,
        referralCode: body.Referral,
        contactBestTimeFrom: body.ContactBestTimeFrom,
        contactBestTimeTo: body.ContactBestTimeTo,
        language: body.Language,
      });
      request.log.info({ event: 'auth.register', status: result.status }, 'registration');
      return result.status === 'succeed' ? { status: 'succeed', message: '' } : { status: result.status, message: result.message };
    },
  );

  app.post(
    '/account/registerExistedUser',
    { attachValidation: true, schema: { tags: ['account'], body: registerExistedUserSchema('en'), response: { 200: statusMessage } } },
    async (request) => {
      rejectInLanguage(request, (language) => registerExistedUserSchema(language));
      limitChecks(request.ip, 'register');
      const body = request.body;
      const result = await registration.registerExistedUser({
        v: body.V || body.U,
        e: body.E,
        email: body.EmailAddress,
        username: body.Username,
        password: body.Password,
        language: body.Language,
      });
      return result.status === 'succeed' ? { status: 'succeed', message: '' } : { status: result.status, message: result.message };
    },
  );

  app.post(
    '/account/ReEngagement',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        body: reEngagementSchema('en'),
        response: { 200: z.object({ status: z.string(), v: z.string(), message: z.string() }) },
      },
    },
    async (request) => {
      rejectInLanguage(request, (language) => reEngagementSchema(language));
      limitChecks(request.ip, 're-engagement');
      const result = await registration.reEngagement(request.body.c, request.body.p, request.body.Language);
      return result.status === 'succeed'
        ? { status: 'succeed', v: result.v, message: '' }
        : { status: 'failed', v: '', message: result.message };
    },
  );

  app.post(
    '/account/SaveSignUpProfile',
    {
      attachValidation: true,
      schema: { tags: ['account'], body: shortSignUpSchema('en'), response: { 200: z.object({ status: z.string() }) } },
    },
    async (request) => {
      rejectInLanguage(request, (language) => shortSignUpSchema(language));
      limitChecks(request.ip, 'sign-up');
      return registration.saveSignUpLead(request.body);
    },
  );

  app.post(
    '/account/Login',
    {
      schema: {
        tags: ['account'],
        body: loginSchema,
        response: { 200: z.object({ status: z.string(), url: z.string(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body.username, request.body.password, request.ip);
      request.log.info({ event: 'auth.login', status: result.status, username: request.body.username.slice(0, 40) }, 'login attempt');
      if (result.status === 'succeed') sessionCookie.set(reply, result.sessionId);
      // Ties the coming credential change to this login, so the form may choose a new username.
      if (result.status === 'changePassword')
        reply.setCookie(CHANGE_COOKIE, result.changeToken, {
          path: '/api/account',
          httpOnly: true,
          sameSite: 'strict',
          secure: sessionCookie.secure,
          maxAge: 15 * 60,
        });
      return { status: result.status, url: result.url, message: result.message };
    },
  );

  app.get(
    '/account/CheckAuthorize',
    { ...authenticated, schema: { tags: ['account'], response: { 200: z.object({ status: z.literal('authorized') }) } } },
    async () => ({ status: 'authorized' as const }),
  );

  app.get(
    '/account/Logout',
    {
      schema: {
        tags: ['account'],
        description: 'Ends the session. Needs the X-Requested-With header or a same-origin fetch.',
        response: { 200: z.object({ status: z.literal('succeed') }) },
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
    { schema: { tags: ['account'], body: testerIdSchema, response: { 200: z.object({ status: z.string(), name: z.string() }) } } },
    async (request) => {
      limitChecks(request.ip, 'login-username');
      return auth.loginUsername(request.body);
    },
  );

  app.post(
    '/account/initializeInformation',
    { schema: { tags: ['account'], body: initializeInformationSchema, response: { 200: statusMessage } } },
    async (request, reply) => {
      const body = request.body;
      const result = await auth.initializeInformation(
        {
          username: body.Username,
          currentPassword: body.CurrentPassword,
          newPassword: body.NewPassword,
          email: body.EmailAddress,
          phone: body.PhoneNumber,
        },
        { address: request.ip, changeToken: request.cookies[CHANGE_COOKIE] },
      );
      request.log.info({ event: 'auth.initialize-information', status: result.status }, 'forced credential change');
      if (result.status === 'succeed') reply.clearCookie(CHANGE_COOKIE, { path: '/api/account' });
      return result;
    },
  );

  app.post(
    '/account/findusername',
    {
      schema: {
        tags: ['account'],
        body: findUsernameSchema,
        response: { 200: z.object({ status: z.string(), userName: z.string(), message: z.string() }) },
      },
    },
    async (request) => recovery.findUsername(request.body.firstname, request.body.lastname, request.body.emailAddress, request.ip),
  );

  app.post(
    '/account/forgotpassword',
    { schema: { tags: ['account'], body: forgotPasswordSchema, response: { 200: statusMessage } } },
    async (request) => {
      const result = await recovery.forgotPassword(request.body.username, request.body.emailAddress, request.ip);
      request.log.info({ event: 'auth.forgot-password', status: result.status }, 'password reset requested');
      return result;
    },
  );

  app.post(
    '/account/ResetPassword',
    { schema: { tags: ['account'], body: resetPasswordSchema('en'), response: { 200: statusMessage } } },
    async (request) => {
      const result = await recovery.resetPassword(request.body.UserID, request.body.Code, request.body.Password);
      request.log.info({ event: 'auth.reset-password', status: result.status }, 'password reset');
      return result;
    },
  );

  app.post(
    '/account/CheckConfirmEmail',
    { schema: { tags: ['account'], body: checkConfirmEmailSchema, response: { 200: z.object({ status: z.string() }) } } },
    async (request) => recovery.confirmEmail(request.body.userId, request.body.code),
  );

  app.post(
    '/account/ConfirmEmailAnother',
    {
      schema: {
        tags: ['account'],
        description: 'token is "{testerId}.{code}" from the /account/ConfirmEmail link.',
        body: confirmEmailAnotherSchema,
        response: { 200: z.object({ status: z.string() }) },
      },
    },
    async (request) => {
      const [userId = '', code = ''] = request.body.token.split('.');
      return recovery.confirmEmail(userId, code);
    },
  );

  app.post(
    '/account/EmailClickTrack',
    { schema: { tags: ['account'], body: emailClickTrackSchema, response: { 200: statusMessage } } },
    async (request) => recovery.recordClick(request.body.tester, request.body.eCode),
  );

  const testerInfoSchema = z.object({
    username: z.string(),
    coins: z.number(),
    level: z.number(),
    exp: z.number(),
    nextLevelExp: z.union([z.number(), z.literal('Max')]),
    remainExp: z.number(),
    fileName: z.string(),
    imageSrc: z.string(),
    blackList: z.boolean(),
  });

  app.get(
    '/account/GetPKTesterInfo',
    { ...authenticated, schema: { tags: ['account'], response: { 200: testerInfoSchema } } },
    async (request) => profile.testerInfo(request.tester!),
  );

  app.get(
    '/account/GetUserInfo',
    {
      ...authenticated,
      schema: {
        tags: ['account'],
        response: {
          200: z.object({
            testerInfo: z.object({
              testerId: z.string(),
              username: z.string(),
              firstName: z.string(),
              lastName: z.string(),
              emailAddress: z.string(),
              emailConfirmed: z.boolean(),
              language: z.string(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const tester = request.tester!;
      return {
        testerInfo: {
          testerId: tester.id,
          username: tester.username,
          firstName: tester.firstName,
          lastName: tester.lastName,
          emailAddress: tester.email,
          emailConfirmed: !!tester.emailConfirmedAt,
          language: tester.language,
        },
      };
    },
  );

  app.get(
    '/profile/GetUserInfo',
    { ...authenticated, schema: { tags: ['profile'], response: { 200: testerInfoSchema.extend({ status: z.literal('succeed') }) } } },
    async (request) => ({ status: 'succeed' as const, ...(await profile.testerInfo(request.tester!)) }),
  );

  app.get(
    '/profile/GetNextLevelEXP',
    {
      ...authenticated,
      schema: {
        tags: ['profile'],
        response: {
          200: z.object({
            status: z.literal('succeed'),
            exp: z.number(),
            nextLevelExp: z.union([z.number(), z.literal('Max')]),
            remainExp: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { exp, nextLevelExp, remainExp } = await profile.nextLevel(request.tester!);
      return { status: 'succeed' as const, exp, nextLevelExp, remainExp };
    },
  );

  app.get(
    '/schedule/GetScreeners',
    {
      ...authenticated,
      schema: {
        tags: ['schedule'],
        response: {
          200: z.array(
            z.object({
              screenerStudyNo: z.number(),
              projectType: z.number(),
              participantTypeID: z.number(),
              minimumAge: z.number(),
              isWaitingList: z.boolean(),
              colorName: z.string(),
              testerLabel: z.string(),
              studyBasicInfo: z.string(),
              coinValue: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => profile.screeners(request.tester!),
  );
};
