import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@testerhub/shared/text';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { DossierService } from './dossier-service.ts';
import { integerColumnId } from '@testerhub/shared/integer-column';

/** A row id: a whole number the integer columns can hold. */
const rowId = integerColumnId();

const answerItemSchema = z.object({
  questionID: rowId,
  answerIDs: z.array(rowId).max(50),
  answerText: text('The text holds characters that cannot be stored.').max(500),
});

const answersSchema = z.array(answerItemSchema).min(1).max(100);
const rewardBodySchema = z.object({ StudyNo: rowId, RewardType: z.literal('Dossier') });

const rewardSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  isScreenerGetReward: z.boolean().optional(),
  exp: z.number().optional(),
  coins: z.number().optional(),
});

/** About-me (spec 2, sections 4 and 7): the page list, a page's questions, saving answers, the page's reward. */
export function dossierRoutes(dossier: DossierService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dossier/GetDossierGroup',
      {
        schema: {
          tags: ['dossier'],
          response: {
            200: z.object({
              status: z.literal('succeed'),
              pageList: z.array(z.object({ pageID: z.number(), pageTitle: z.string(), numCoins: z.number() })),
            }),
          },
        },
      },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, pageList: await dossier.openPages(tester.id) })),
    );

    app.post(
      '/dossier/GetDossierGroupQuestions',
      {
        schema: {
          tags: ['dossier'],
          description: 'Body: the page id as a bare JSON number.',
          body: rowId,
          response: {
            200: z.object({
              status: z.literal('succeed'),
              questions: z.array(
                z.object({
                  questionID: z.number(),
                  questionText: z.string(),
                  questionSets: z.array(
                    z.object({
                      questionID: z.number(),
                      questionType: z.enum(['C', 'B', 'M']),
                      minChecked: z.number(),
                      maxChecked: z.number(),
                      active: z.boolean(),
                      questionText: z.string(),
                      dossierAnswers: z.array(z.object({ answerID: z.number(), answerText: z.string() })),
                    }),
                  ),
                }),
              ),
            }),
          },
        },
      },
      withTester(async (request: WithBody<typeof rowId>) => ({
        status: 'succeed' as const,
        questions: await dossier.pageQuestions(request.body),
      })),
    );

    app.post(
      '/dossier/AddDossierAnswer',
      {
        schema: {
          tags: ['dossier'],
          description: "One item per question set of the page: the set's id (questionID) and the chosen answer ids.",
          body: answersSchema,
          response: { 200: z.object({ status: z.literal('succeed') }) },
        },
      },
      withTester(async (request: WithBody<typeof answersSchema>, tester) => {
        await dossier.saveAnswers(tester.id, request.body);
        return { status: 'succeed' as const };
      }),
    );

    app.post(
      '/reward/GetCoins',
      {
        schema: {
          tags: ['reward'],
          description: "An About-me page's reward (StudyNo is the page id): paid once, after the page was answered.",
          body: rewardBodySchema,
          response: { 200: rewardSchema },
        },
      },
      withTester((request: WithBody<typeof rewardBodySchema>, tester) => dossier.claimReward(tester.id, request.body.StudyNo)),
    );
  };
}
