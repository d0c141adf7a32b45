import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProfileService } from './profile-service.ts';

/** An added picture never changes under its name (a new one gets a new name): browsers and caches keep it a year. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The pictures content staff added (decision 068), public as the shipped files are: the portal,
 * the leaderboard, the winners and the staff console all show them. Only bytes the server wrote
 * from the decoded picture are sent (decision 078), with the type it wrote; nosniff and a CSP
 * that allows nothing keep a browser from treating them as anything but an image.
 */
export function avatarImageRoutes(profile: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/content/Avatar/:fileName',
      {
        schema: {
          tags: ['public'],
          description:
            'Not in the spec (decisions 068, 078): a picture content staff added, as the server re-encoded it (PNG), cached for good. 404 for any other name.',
          params: z.object({ fileName: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const image = await profile.addedAvatarImage(request.params.fileName);
        if (!image) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'There is no such picture.' });
        return reply
          .header('content-type', image.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', FOREVER)
          .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
      },
    );
  };
}
