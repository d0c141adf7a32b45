import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  levelsResponseSchema,
  levelsSettingsSchema,
  loyaltySettingsSaveResponseSchema,
  type LevelsSettings,
} from '@testerhub/shared/loyalty-settings-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { LevelsSettingsService } from './levels-settings-service.ts';

/** The levels in the staff console (issue 12 section 6; decision 056): the content role. */
export function levelsSettingsRoutes(settings: LevelsSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/content/Levels',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description: 'The experience each level needs, level 1 first, with the levels’ version.',
          response: { 200: levelsResponseSchema },
        },
      },
      withStaff(async () => settings.levels()),
    );

    app.post(
      '/staff/content/SaveLevels',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description:
            'The levels whole: 2 to 30, level 1 at 0 experience, each needing more than the one before. Every tester moves to the level their experience reaches. failed: someone else saved since.',
          body: levelsSettingsSchema,
          response: { 200: loyaltySettingsSaveResponseSchema },
        },
      },
      withStaff(async (request, me) => settings.saveLevels(me, request.body as LevelsSettings)),
    );
  };
}
