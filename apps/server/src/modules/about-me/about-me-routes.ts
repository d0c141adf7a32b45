import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDossierAnswerRequestSchema,
  addDossierAnswerResponseSchema,
  dossierCoinsRequestSchema,
  dossierCoinsResponseSchema,
  dossierGroupResponseSchema,
  dossierQuestionsRequestSchema,
  dossierQuestionsResponseSchema,
} from '@testerhub/shared/about-me-schemas';
import { languageOf } from '@testerhub/shared/i18n';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { AboutMeService } from './about-me-service.ts';

/** About-me (spec 2, sections 4 and 7): the page list, a page's questions, saving answers, the page's reward. */
export function aboutMeRoutes(aboutMe: AboutMeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dossier/GetDossierGroup',
      { schema: { tags: ['dossier'], response: { 200: dossierGroupResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, pageList: await aboutMe.openPages(tester.id) })),
    );

    app.post(
      '/dossier/GetDossierGroupQuestions',
      {
        schema: {
          tags: ['dossier'],
          description: 'Body: the page id as a bare JSON number.',
          body: dossierQuestionsRequestSchema,
          response: { 200: dossierQuestionsResponseSchema },
        },
      },
      withTester(async (request: WithBody<typeof dossierQuestionsRequestSchema>) => ({
        status: 'succeed' as const,
        questions: await aboutMe.pageQuestions(request.body),
      })),
    );

    app.post(
      '/dossier/AddDossierAnswer',
      {
        schema: {
          tags: ['dossier'],
          description: "One item per question set of the page: the set's id (questionID) and the chosen answer ids.",
          body: addDossierAnswerRequestSchema,
          response: { 200: addDossierAnswerResponseSchema },
        },
      },
      withTester(async (request: WithBody<typeof addDossierAnswerRequestSchema>, tester) => {
        await aboutMe.saveAnswers(tester.id, request.body, languageOf(tester.language));
        return { status: 'succeed' as const };
      }),
    );

    app.post(
      '/reward/GetCoins',
      {
        schema: {
          tags: ['reward'],
          description: "An About-me page's reward (StudyNo is the page id): paid once, after the page was answered.",
          body: dossierCoinsRequestSchema,
          response: { 200: dossierCoinsResponseSchema },
        },
      },
      withTester((request: WithBody<typeof dossierCoinsRequestSchema>, tester) => aboutMe.claimReward(tester.id, request.body.StudyNo)),
    );
  };
}
