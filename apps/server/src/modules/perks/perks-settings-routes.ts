import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perkSaveResponseSchema, perkSettingsSchema, perksSettingsResponseSchema } from '@testerhub/shared/perks-settings-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { PerksSettingsService } from './perks-settings-service.ts';

/** Perks in the staff console (issue 12 section 6; decision 064): the content role. */
export function perksSettingsRoutes(settings: PerksSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/Perks',
      {
        roles: ['content'],
        description:
          'Every perk with its levels (level 1 first), its version and the highest level of it any tester holds, and the levels table’s top level.',
        response: perksSettingsResponseSchema,
      },
      async () => settings.perks(),
    );

    staffPost(
      app,
      '/staff/content/SavePerk',
      {
        roles: ['content'],
        description:
          'One perk whole: name, description and 1 to 10 levels (effect in words and figures within its effect’s bounds, the level it needs, coins, condition HTML). failed: someone else saved it since, a level it needs does not exist, or testers hold a level it would remove.',
        input: perkSettingsSchema(),
        response: perkSaveResponseSchema,
      },
      async (input, me) => settings.savePerk(me, input),
    );
  };
}
