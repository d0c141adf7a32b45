import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RACES } from '@testerhub/shared/account-rules';
import {
  checkLocationResponseSchema,
  isInfoExistResponseSchema,
  isInfoExistSchema,
  moreInfoResponseSchema,
  raceListQuerySchema,
  raceListResponseSchema,
  reEngagementResponseSchema,
  resendConfirmEmailResponseSchema,
  resendConfirmEmailSchema,
  reEngagementSchema,
  registerExistedUserSchema,
  registerSchema,
  shortSignUpSchema,
  statusMessageResponseSchema,
  statusResponseSchema,
  zipSchema,
} from '@testerhub/shared/account-schemas';
import { RateLimiter, type RateLimitStore, phoneTarget, rateLimitAddress } from '../rate-limits/rate-limit-service.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { message } from '@testerhub/shared/account-messages';
import { TOO_FAR_SITE_IDS } from '@testerhub/shared/account-rules';
import type { RegistrationService } from './registration-service.ts';
import { CONFIRMATION_RESEND_COOKIE } from '../auth/auth-service.ts';
import { rejectInLanguage } from '../../core/http/validate-in-language.ts';
import { requestLanguage } from '../../core/http/request-language.ts';

export interface RegistrationRouteOptions {
  registration: RegistrationService;
  /** Requests per address and window for the registration checks and re-engagement. */
  checksPerWindow: number;
  /** Re-engagement codes tried per phone and window, from all addresses together. */
  attemptsPerTarget: number;
  windowSeconds: number;
  /** Where the limit counts: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
}

/** Registration, its checks and re-engagement (spec 2, sections 1 and 7): public calls. */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRouteOptions> = async (app, options) => {
  const { registration } = options;
  const checks = new RateLimiter(options.rateLimits, 'registration-checks', options.checksPerWindow, options.windowSeconds * 1000);
  // Codes tried per phone: a code can be guessed from many addresses, so the phone it belongs to bounds them all.
  const codesPerPhone = new RateLimiter(options.rateLimits, 're-engagement-phone', options.attemptsPerTarget, options.windowSeconds * 1000);
  // A 429 speaks the visitor's language: the payload's Language, else the page's Accept-Language (decision 131).
  const limitChecks = async (request: FastifyRequest, what: string) => {
    if (!(await checks.hit(`${what}:${rateLimitAddress(request.ip)}`))) {
      throw new TooManyRequestsError(message('tooManyRequests', requestLanguage(request)));
    }
  };
  // Confirmation e-mails sent again per tester, from all addresses together: an inbox is not flooded through many logins.
  const resendsPerTester = new RateLimiter(
    options.rateLimits,
    'confirmation-resend',
    options.attemptsPerTarget,
    options.windowSeconds * 1000,
  );

  app.post(
    '/account/ResendConfirmEmail',
    {
      schema: {
        tags: ['account'],
        description:
          'No fields: sends the confirmation e-mail again for the login that answered notConfirmed (its HttpOnly cookie), once per such login.',
        body: resendConfirmEmailSchema,
        response: { 200: resendConfirmEmailResponseSchema },
      },
    },
    async (request) => {
      // The answer speaks the login page's language (Accept-Language, decision 118).
      const language = requestLanguage(request);
      await limitChecks(request, 'resend-confirmation');
      const answer = await registration.resendConfirmation(
        request.cookies[CONFIRMATION_RESEND_COOKIE],
        (testerId, within) => resendsPerTester.hit(`tester:${testerId}`, within),
        language,
      );
      request.log.info({ event: 'auth.resend-confirmation', status: answer.status }, 'confirmation e-mail asked again');
      return answer;
    },
  );

  app.post(
    '/account/IsInfoExist',
    {
      schema: {
        tags: ['account'],
        body: isInfoExistSchema,
        response: { 200: isInfoExistResponseSchema },
      },
    },
    async (request) => {
      await limitChecks(request, 'is-info-exist');
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
        response: { 200: checkLocationResponseSchema },
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
      schema: { tags: ['account'], response: { 200: moreInfoResponseSchema } },
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
        querystring: raceListQuerySchema,
        response: { 200: raceListResponseSchema },
      },
    },
    async (request) => ({ raceInfo: RACES.map((race) => ({ raceID: race.raceID, raceName: race[request.query.lang] })) }),
  );

  app.post(
    '/account/register',
    { attachValidation: true, schema: { tags: ['account'], body: registerSchema('en'), response: { 200: statusMessageResponseSchema } } },
    async (request) => {
      rejectInLanguage(request, (language) => registerSchema(language));
      await limitChecks(request, 'register');
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
        acceptedTerms: body.AcceptTerms,
      });
      request.log.info({ event: 'auth.register', status: result.status }, 'registration');
      return result.status === 'succeed' ? { status: 'succeed', message: '' } : { status: result.status, message: result.message };
    },
  );

  app.post(
    '/account/registerExistedUser',
    {
      attachValidation: true,
      schema: { tags: ['account'], body: registerExistedUserSchema('en'), response: { 200: statusMessageResponseSchema } },
    },
    async (request) => {
      rejectInLanguage(request, (language) => registerExistedUserSchema(language));
      await limitChecks(request, 'register');
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
        response: { 200: reEngagementResponseSchema },
      },
    },
    async (request) => {
      rejectInLanguage(request, (language) => reEngagementSchema(language));
      await limitChecks(request, 're-engagement');
      if (!(await codesPerPhone.hit(phoneTarget(request.body.p)))) {
        throw new TooManyRequestsError(message('tooManyRequests', requestLanguage(request)));
      }
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
      schema: { tags: ['account'], body: shortSignUpSchema('en'), response: { 200: statusResponseSchema } },
    },
    async (request) => {
      rejectInLanguage(request, (language) => shortSignUpSchema(language));
      await limitChecks(request, 'sign-up');
      return registration.saveSignUpLead(request.body);
    },
  );
};
