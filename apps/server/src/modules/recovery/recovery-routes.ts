import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkConfirmEmailSchema,
  confirmEmailAnotherSchema,
  emailClickTrackSchema,
  findUsernameResponseSchema,
  findUsernameSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  statusMessageResponseSchema,
  statusResponseSchema,
} from '@testerhub/shared/account-schemas';
import { rateLimitAddress } from '../rate-limits/rate-limit-service.ts';
import type { RecoveryService } from './recovery-service.ts';

export interface RecoveryRouteOptions {
  recovery: RecoveryService;
}

/** Find username, reset password, confirm e-mail, e-mail click tracking (spec 2, section 7): public calls. */
export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRouteOptions> = async (app, options) => {
  const { recovery } = options;
  app.post(
    '/account/findusername',
    {
      schema: {
        tags: ['account'],
        body: findUsernameSchema,
        response: { 200: findUsernameResponseSchema },
      },
    },
    async (request) =>
      recovery.findUsername(request.body.firstname, request.body.lastname, request.body.emailAddress, rateLimitAddress(request.ip)),
  );

  app.post(
    '/account/forgotpassword',
    { schema: { tags: ['account'], body: forgotPasswordSchema, response: { 200: statusMessageResponseSchema } } },
    async (request) => {
      const result = await recovery.forgotPassword(request.body.username, request.body.emailAddress, rateLimitAddress(request.ip));
      request.log.info({ event: 'auth.forgot-password', status: result.status }, 'password reset requested');
      return result;
    },
  );

  app.post(
    '/account/ResetPassword',
    { schema: { tags: ['account'], body: resetPasswordSchema('en'), response: { 200: statusMessageResponseSchema } } },
    async (request) => {
      const result = await recovery.resetPassword(request.body.UserID, request.body.Code, request.body.Password);
      request.log.info({ event: 'auth.reset-password', status: result.status }, 'password reset');
      return result;
    },
  );

  app.post(
    '/account/CheckConfirmEmail',
    { schema: { tags: ['account'], body: checkConfirmEmailSchema, response: { 200: statusResponseSchema } } },
    async (request) => recovery.confirmEmail(request.body.userId, request.body.code),
  );

  app.post(
    '/account/ConfirmEmailAnother',
    {
      schema: {
        tags: ['account'],
        description: 'token is "{testerId}.{code}" from the /account/ConfirmEmail link.',
        body: confirmEmailAnotherSchema,
        response: { 200: statusResponseSchema },
      },
    },
    async (request) => {
      const [userId = '', code = ''] = request.body.token.split('.');
      return recovery.confirmEmail(userId, code);
    },
  );

  app.post(
    '/account/EmailClickTrack',
    { schema: { tags: ['account'], body: emailClickTrackSchema, response: { 200: statusMessageResponseSchema } } },
    async (request) => recovery.recordClick(request.body.tester, request.body.eCode, rateLimitAddress(request.ip)),
  );
};
