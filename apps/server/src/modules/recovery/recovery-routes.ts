import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkConfirmEmailSchema,
  checkConfirmEmailSchemaIn,
  confirmEmailAnotherSchema,
  confirmEmailAnotherSchemaIn,
  emailClickTrackSchema,
  findUsernameResponseSchema,
  findUsernameSchema,
  findUsernameSchemaIn,
  forgotPasswordSchema,
  forgotPasswordSchemaIn,
  resetPasswordSchema,
  statusMessageResponseSchema,
  statusResponseSchema,
} from '@testerhub/shared/account-schemas';
import { signInTexts } from '@testerhub/shared/sign-in-texts';
import { rateLimitAddress } from '../rate-limits/rate-limit-service.ts';
import { requestLanguage } from '../../core/http/request-language.ts';
import { rejectInLanguage } from '../../core/http/validate-in-language.ts';
import type { RecoveryService } from './recovery-service.ts';

export interface RecoveryRouteOptions {
  recovery: RecoveryService;
}

/**
 * Find username, reset password, confirm e-mail, e-mail click tracking (spec 2, section 7): public calls.
 * Their messages, and a malformed request's, are in the page's language (Accept-Language, decision 118).
 */
export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRouteOptions> = async (app, options) => {
  const { recovery } = options;
  app.post(
    '/account/findusername',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        body: findUsernameSchema,
        response: { 200: findUsernameResponseSchema },
      },
    },
    async (request) => {
      rejectInLanguage(request, (language) => findUsernameSchemaIn(signInTexts(language), language));
      const { firstname, lastname, emailAddress } = request.body;
      return recovery.findUsername(firstname, lastname, emailAddress, rateLimitAddress(request.ip), requestLanguage(request));
    },
  );

  app.post(
    '/account/forgotpassword',
    { attachValidation: true, schema: { tags: ['account'], body: forgotPasswordSchema, response: { 200: statusMessageResponseSchema } } },
    async (request) => {
      rejectInLanguage(request, (language) => forgotPasswordSchemaIn(signInTexts(language), language));
      const { username, emailAddress } = request.body;
      const result = await recovery.forgotPassword(username, emailAddress, rateLimitAddress(request.ip), requestLanguage(request));
      request.log.info({ event: 'auth.forgot-password', status: result.status }, 'password reset requested');
      return result;
    },
  );

  app.post(
    '/account/ResetPassword',
    {
      attachValidation: true,
      schema: { tags: ['account'], body: resetPasswordSchema('en'), response: { 200: statusMessageResponseSchema } },
    },
    async (request) => {
      rejectInLanguage(request, (language) => resetPasswordSchema(language));
      const { UserID, Code, Password } = request.body;
      const result = await recovery.resetPassword(UserID, Code, Password, requestLanguage(request));
      request.log.info({ event: 'auth.reset-password', status: result.status }, 'password reset');
      return result;
    },
  );

  app.post(
    '/account/CheckConfirmEmail',
    { attachValidation: true, schema: { tags: ['account'], body: checkConfirmEmailSchema, response: { 200: statusResponseSchema } } },
    async (request) => {
      rejectInLanguage(request, checkConfirmEmailSchemaIn);
      return recovery.confirmEmail(request.body.userId, request.body.code);
    },
  );

  app.post(
    '/account/ConfirmEmailAnother',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        description: 'token is "{testerId}.{code}" from the /account/ConfirmEmail link.',
        body: confirmEmailAnotherSchema,
        response: { 200: statusResponseSchema },
      },
    },
    async (request) => {
      rejectInLanguage(request, confirmEmailAnotherSchemaIn);
      const [userId = '', code = ''] = request.body.token.split('.');
      return recovery.confirmEmail(userId, code);
    },
  );

  app.post(
    '/account/EmailClickTrack',
    { schema: { tags: ['account'], body: emailClickTrackSchema, response: { 200: statusMessageResponseSchema } } },
    async (request) =>
      recovery.recordClick(request.body.tester, request.body.eCode, rateLimitAddress(request.ip), requestLanguage(request)),
  );
};
