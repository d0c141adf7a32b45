import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drawingSettingsSchema,
  loyaltySettingsSaveResponseSchema,
  wheelAndDrawingResponseSchema,
  wheelSettingsSchema,
  type DrawingSettings,
  type WheelSettings,
} from '@testerhub/shared/loyalty-settings-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { EventsSettingsService } from './events-settings-service.ts';

/** The wheel's and the drawing's settings in the staff console (issue 12 section 6; decision 056): the content role. */
export function eventsSettingsRoutes(settings: EventsSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/content/WheelAndDrawing',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description:
            'The wheel (spin cost, spins a week, segments with their odds in percent) and the drawing (cost, prize), each with its version.',
          response: { 200: wheelAndDrawingResponseSchema },
        },
      },
      withStaff(async () => settings.wheelAndDrawing()),
    );

    app.post(
      '/staff/content/SaveWheel',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description:
            'The wheel whole: cost, spins a week and 2 to 12 segments whose odds add up to 100 %. failed: someone else saved since. Applies from the next spin.',
          body: wheelSettingsSchema,
          response: { 200: loyaltySettingsSaveResponseSchema },
        },
      },
      withStaff(async (request, me) => settings.saveWheel(me, request.body as WheelSettings)),
    );

    app.post(
      '/staff/content/SaveDrawing',
      {
        config: { staffRoles: ['content'] },
        schema: {
          tags: ['staff'],
          description: 'The weekly drawing’s entry cost and prize. failed: someone else saved since. Applies from the next entry.',
          body: drawingSettingsSchema,
          response: { 200: loyaltySettingsSaveResponseSchema },
        },
      },
      withStaff(async (request, me) => settings.saveDrawing(me, request.body as DrawingSettings)),
    );
  };
}
