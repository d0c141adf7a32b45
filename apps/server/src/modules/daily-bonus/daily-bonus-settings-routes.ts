import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dailyCalendarResponseSchema,
  dailyCalendarSettingsSchema,
  loyaltySettingsSaveResponseSchema,
  type DailyCalendarSettings,
} from '@testerhub/shared/loyalty-settings-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { DailyBonusSettingsService } from './daily-bonus-settings-service.ts';

/** The daily calendar's settings in the staff console (issue 12 section 6; decision 056): the content role. */
export function dailyBonusSettingsRoutes(settings: DailyBonusSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/content/DailyCalendar',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description: 'The 28 days of the daily login bonus (coins and experience) and the calendar’s version.',
          response: { 200: dailyCalendarResponseSchema },
        },
      },
      withStaff(async () => settings.calendar()),
    );

    app.post(
      '/staff/content/SaveDailyCalendar',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description:
            'All 28 days at once, from the version the editor read. failed: someone else saved since (nothing written). Applies from the next request.',
          body: dailyCalendarSettingsSchema,
          response: { 200: loyaltySettingsSaveResponseSchema },
        },
      },
      withStaff(async (request, me) => settings.saveCalendar(me, request.body as DailyCalendarSettings)),
    );
  };
}
