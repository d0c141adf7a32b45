import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drawingSettingsSchema,
  loyaltySettingsSaveResponseSchema,
  wheelAndDrawingResponseSchema,
  wheelSettingsSchema,
} from '@testerhub/shared/loyalty-settings-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { WinnersSettingsService } from './winners-settings-service.ts';

/** The wheel's and the drawing's settings in the staff console (issue 12 section 6; decision 056): the content role. */
export function winnersSettingsRoutes(settings: WinnersSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/WheelAndDrawing',
      {
        roles: ['content'],
        description:
          'The wheel (spin cost, spins a week, segments with their odds in percent) and the drawing (cost, prize), each with its version.',
        response: wheelAndDrawingResponseSchema,
      },
      async () => settings.wheelAndDrawing(),
    );

    staffPost(
      app,
      '/staff/content/SaveWheel',
      {
        roles: ['content'],
        description:
          'The wheel whole: cost, spins a week and 2 to 12 segments whose odds add up to 100 %. failed: someone else saved since. Applies from the next spin.',
        input: wheelSettingsSchema,
        response: loyaltySettingsSaveResponseSchema,
      },
      async (input, me) => settings.saveWheel(me, input),
    );

    staffPost(
      app,
      '/staff/content/SaveDrawing',
      {
        roles: ['content'],
        description:
          'The weekly drawing’s entry cost, prize and weekday (1 Monday to 7 Sunday). A new day keeps the running week until the first new drawing day. failed: someone else saved since.',
        input: drawingSettingsSchema,
        response: loyaltySettingsSaveResponseSchema,
      },
      async (input, me) => settings.saveDrawing(me, input),
    );
  };
}
