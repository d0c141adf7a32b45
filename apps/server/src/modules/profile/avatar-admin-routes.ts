import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveAvatarResponseSchema, saveAvatarSchema, staffAvatarsResponseSchema } from '@testerhub/shared/avatar-settings-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { AvatarAdminService } from './avatar-admin-service.ts';

/** The profile pictures in the staff console (issue 12 section 6; decision 068): the content role. */
export function avatarAdminRoutes(avatars: AvatarAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/Avatars',
      {
        roles: ['content'],
        description:
          'Every profile picture, hidden ones too, lowest level first: its level, whether hidden, how many testers wear it, its version; and the highest level there is.',
        response: staffAvatarsResponseSchema,
      },
      async () => avatars.avatars(),
    );

    staffPost(
      app,
      '/staff/content/SaveAvatar',
      {
        roles: ['content'],
        description:
          'One picture’s level (1 to the highest level) and whether it is hidden from testers’ choice. failed: someone else saved it since, it is gone, or no shown picture would be left at level 1.',
        input: saveAvatarSchema,
        response: saveAvatarResponseSchema,
      },
      async (input, me) => avatars.saveAvatar(me, input),
    );
  };
}
