import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dailyCalendarResponseSchema,
  dailyCalendarSettingsSchema,
  loyaltySettingsSaveResponseSchema,
} from '@testerhub/shared/loyalty-settings-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { DailyBonusSettingsService } from './daily-bonus-settings-service.ts';

/** The daily calendar's settings in the staff console (issue 12 section 6; decision 056): the content role. */
export function dailyBonusSettingsRoutes(settings: DailyBonusSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/DailyCalendar',
      {
        roles: ['content'],
        description: 'The 28 days of the daily login bonus (coins and experience) and the calendar’s version.',
        response: dailyCalendarResponseSchema,
      },
      async () => settings.calendar(),
    );

    staffPost(
      app,
      '/staff/content/SaveDailyCalendar',
      {
        roles: ['content'],
        description:
          'All 28 days at once, from the version the editor read. failed: someone else saved since (nothing written). Applies from the next request.',
        input: dailyCalendarSettingsSchema,
        response: loyaltySettingsSaveResponseSchema,
      },
      async (input, me) => settings.saveCalendar(me, input),
    );
  };
}
