import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { levelsResponseSchema, levelsSettingsSchema, loyaltySettingsSaveResponseSchema } from '@testerhub/shared/loyalty-settings-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { LevelsSettingsService } from './levels-settings-service.ts';

/** The levels in the staff console (issue 12 section 6; decision 056): the content role. */
export function levelsSettingsRoutes(settings: LevelsSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/Levels',
      {
        roles: ['content'],
        description: 'The experience each level needs, level 1 first, with the levels’ version.',
        response: levelsResponseSchema,
      },
      async () => settings.levels(),
    );

    staffPost(
      app,
      '/staff/content/SaveLevels',
      {
        roles: ['content'],
        description:
          'The levels whole: 2 to 30, level 1 at 0 experience, each needing more than the one before. Every tester moves to the level their experience reaches. failed: someone else saved since.',
        input: levelsSettingsSchema,
        response: loyaltySettingsSaveResponseSchema,
      },
      async (input, me) => settings.saveLevels(me, input),
    );
  };
}
