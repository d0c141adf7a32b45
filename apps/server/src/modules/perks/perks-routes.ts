import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableSkillsResponseSchema,
  skillDetailResponseSchema,
  skillsResponseSchema,
  skillTypeIdSchema,
  skillUpResponseSchema,
} from '@testerhub/shared/perks-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { PerksService } from './perks-service.ts';

/** The skill tree (spec 3, section 7 "Coins, experience, perks, rewards"; decision 038). Tester scope. */
export function perksRoutes(perks: PerksService): FastifyPluginAsyncZod {
  const orNotFound = <T>(answer: T | null): T => {
    if (answer === null) throw new NotFoundError('There is no such perk.');
    return answer;
  };

  return async (app) => {
    app.get(
      '/skill/Getskills',
      { schema: { tags: ['skill'], response: { 200: skillsResponseSchema } } },
      withTester((_request, tester) => perks.skills(tester.id)),
    );

    app.post(
      '/skill/GetDetailInfo',
      {
        schema: {
          tags: ['skill'],
          body: skillTypeIdSchema,
          description: "Body: the perk's skillTypeID as a bare JSON number.",
          response: { 200: skillDetailResponseSchema },
        },
      },
      withTester(async (request: WithBody<typeof skillTypeIdSchema>, tester) => orNotFound(await perks.detail(tester.id, request.body))),
    );

    app.post(
      '/skill/SkillUp',
      {
        schema: {
          tags: ['skill'],
          body: skillTypeIdSchema,
          description:
            "Body: the perk's skillTypeID as a bare JSON number. notEnoughConditions: short of coins or level, with what the next level needs (requireLevel, requireCoins) and what the tester has (level, coins).",
          response: { 200: skillUpResponseSchema },
        },
      },
      withTester(async (request: WithBody<typeof skillTypeIdSchema>, tester) => orNotFound(await perks.upgrade(tester.id, request.body))),
    );

    app.get(
      '/skill/GetAvailableSkills',
      {
        schema: {
          tags: ['skill'],
          description: "The perk levels the tester's current level unlocks (the level-up popup).",
          response: { 200: availableSkillsResponseSchema },
        },
      },
      withTester((_request, tester) => perks.unlockedAt(tester.id)),
    );
  };
}
