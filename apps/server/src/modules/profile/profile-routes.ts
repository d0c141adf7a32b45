import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountUserInfoResponseSchema,
  checkExpResponseSchema,
  currentLevelResponseSchema,
  nextLevelResponseSchema,
  profileUserInfoResponseSchema,
  testerInfoSchema,
} from '@testerhub/shared/profile-schemas';
import { profilePicIdSchema, profilePicsResponseSchema, saveProfilePicResponseSchema } from '@testerhub/shared/perks-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { ProfileService } from './profile-service.ts';

/** The portal shell's reads (spec 2, the logged-in shell); registered in the tester scope. */
export function profileRoutes(profile: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/GetPKTesterInfo',
      { schema: { tags: ['account'], response: { 200: testerInfoSchema } } },
      withTester((_request, tester) => profile.testerInfo(tester)),
    );

    app.get(
      '/account/GetUserInfo',
      {
        schema: {
          tags: ['account'],
          response: {
            200: accountUserInfoResponseSchema,
          },
        },
      },
      withTester((_request, tester) => ({ testerInfo: profile.accountInfo(tester) })),
    );

    app.get(
      '/profile/GetUserInfo',
      { schema: { tags: ['profile'], response: { 200: profileUserInfoResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, ...(await profile.testerInfo(tester)) })),
    );

    app.get(
      '/profile/GetNextLevelEXP',
      {
        schema: {
          tags: ['profile'],
          response: {
            200: nextLevelResponseSchema,
          },
        },
      },
      withTester(async (_request, tester) => {
        const { exp, nextLevelExp, remainExp } = await profile.nextLevel(tester);
        return { status: 'succeed' as const, exp, nextLevelExp, remainExp };
      }),
    );

    app.get(
      '/profile/CheckEXP',
      {
        // A GET that records the acknowledgement (the spec keeps it a GET): the cross-site guard wants our header on it.
        config: { stateChanging: true },
        schema: {
          tags: ['profile'],
          description:
            'levelUp: the level is above the one this call last reported; the call records it as reported. Needs the X-Requested-With header or a same-origin fetch.',
          response: { 200: checkExpResponseSchema },
        },
      },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, ...(await profile.checkLevel(tester)) })),
    );

    app.get(
      '/profile/GetProfilePic',
      { schema: { tags: ['profile'], response: { 200: profilePicsResponseSchema } } },
      withTester(() => profile.profilePics()),
    );

    app.post(
      '/profile/SaveProfilePic',
      {
        schema: {
          tags: ['profile'],
          body: profilePicIdSchema,
          description: "Body: the picture's imageID as a bare JSON number. failed: unknown, or above the tester's level.",
          response: { 200: saveProfilePicResponseSchema },
        },
      },
      withTester((request: WithBody<typeof profilePicIdSchema>, tester) => profile.saveProfilePic(tester, request.body)),
    );

    app.get(
      '/profile/GetCurrentLevel',
      { schema: { tags: ['profile'], description: 'The level as a bare JSON number.', response: { 200: currentLevelResponseSchema } } },
      withTester((_request, tester) => profile.currentLevel(tester)),
    );
  };
}
