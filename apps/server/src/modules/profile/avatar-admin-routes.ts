import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAvatarResponseSchema,
  addAvatarSchema,
  AVATAR_IMAGE_BASE64_MAX,
  saveAvatarResponseSchema,
  saveAvatarSchema,
  staffAvatarsResponseSchema,
} from '@testerhub/shared/avatar-settings-schemas';
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

    staffPost(
      app,
      '/staff/content/AddAvatar',
      {
        roles: ['content'],
        description:
          'A new picture: `image` is a PNG, JPEG or WebP file in base64 (read from its bytes; at most 256 KB, square, 64 to 1024 pixels a side, one frame), with the level it unlocks at and whether it starts hidden. The server decodes it and stores only a PNG it writes from the pixels (upright, no metadata, at most 256 pixels a side). failed names the field (image or requireLevel).',
        input: addAvatarSchema,
        response: addAvatarResponseSchema,
        // The picture's base64 and the JSON around it: above the app's limit, which fits every other call.
        bodyLimit: AVATAR_IMAGE_BASE64_MAX + 4 * 1024,
      },
      async (input, me) => avatars.addAvatar(me, input),
    );
  };
}
