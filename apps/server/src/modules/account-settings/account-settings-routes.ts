import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeContactResponseSchema,
  changeContactSchema,
  changeContactSettingResponseSchema,
  changeLanguageResponseSchema,
  changeLanguageSchema,
  changePasswordResponseSchema,
  changePasswordSchema,
  contactInfoResponseSchema,
  contactSettingSchema,
  contactSettingsResponseSchema,
  passwordAgeResponseSchema,
  smsContactSettingResponseSchema,
} from '@testerhub/shared/account-settings-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { SessionCookie } from '../../core/auth/session-cookie.ts';
import type { AccountSettingsService } from './account-settings-service.ts';

/** Contact, password and contact-channel settings (spec 3, section 7 "Settings"; decision 035). Tester scope. */
export function accountSettingsRoutes(settings: AccountSettingsService, sessionCookie: SessionCookie): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/GetContact',
      {
        schema: {
          tags: ['account'],
          description: 'Not in the spec (decision 035): the contact page reads the stored contact; the phone comes back as homeNo.',
          response: { 200: contactInfoResponseSchema },
        },
      },
      withTester((_request, tester) => settings.contact(tester)),
    );

    app.post(
      '/account/ChangeContact',
      { schema: { tags: ['account'], body: changeContactSchema, response: { 200: changeContactResponseSchema } } },
      withTester((request: WithBody<typeof changeContactSchema>, tester) => settings.changeContact(tester, request.body)),
    );

    app.post(
      '/account/ChangeLanguage',
      {
        schema: {
          tags: ['account'],
          description: "Not in the spec (issue 28, Spanish end to end): the tester's language for every portal page and e-mail.",
          body: changeLanguageSchema,
          response: { 200: changeLanguageResponseSchema },
        },
      },
      withTester((request: WithBody<typeof changeLanguageSchema>, tester) => settings.changeLanguage(tester, request.body)),
    );

    app.post(
      '/account/ChangePassword',
      {
        schema: {
          tags: ['account'],
          description:
            'failed: the current password is wrong. On succeed every other session of the tester has ended. 429 after repeated wrong passwords.',
          body: changePasswordSchema,
          response: { 200: changePasswordResponseSchema },
        },
      },
      // The scope admitted the request, so the cookie holds a live session.
      withTester((request: WithBody<typeof changePasswordSchema>, tester) =>
        settings.changePassword(tester, sessionCookie.read(request)!, request.body),
      ),
    );

    app.get(
      '/account/GetPasswordAge',
      {
        schema: {
          tags: ['account'],
          description: 'Not in the spec (decision 035): changeRecommended once the password is older than PASSWORD_REMINDER_MONTHS.',
          response: { 200: passwordAgeResponseSchema },
        },
      },
      withTester((_request, tester) => settings.passwordAge(tester)),
    );

    app.get(
      '/profile/GetContactSetting',
      { schema: { tags: ['profile'], response: { 200: contactSettingsResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, contactTypes: await settings.contactSettings(tester) })),
    );

    app.post(
      '/profile/ChangeContactSetting',
      {
        schema: {
          tags: ['profile'],
          description: 'Sets one channel on or off (the spec leaves the answer out: status and the stored choice).',
          body: contactSettingSchema,
          response: { 200: changeContactSettingResponseSchema },
        },
      },
      withTester(async (request: WithBody<typeof contactSettingSchema>, tester) => ({
        status: 'succeed' as const,
        ...(await settings.changeContactSetting(tester, request.body)),
      })),
    );

    app.get(
      '/profile/GetSMSContactSetting',
      {
        schema: {
          tags: ['profile'],
          description: 'smsSetting: whether text messages (NoText) are on.',
          response: { 200: smsContactSettingResponseSchema },
        },
      },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, smsSetting: await settings.smsSetting(tester) })),
    );
  };
}
