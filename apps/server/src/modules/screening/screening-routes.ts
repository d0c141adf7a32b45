import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { childIdSchema } from '@testerhub/shared/children-schemas';
import {
  screenerAnswersRequestSchema,
  screenerCompleteResponseSchema,
  screenerRunResponseSchema,
  screenerSavedResponseSchema,
} from '@testerhub/shared/screener-schemas';
import { withTester } from '../../core/auth/tester-scope.ts';
import type { ScreeningService } from './screening-service.ts';
import { INTEGER_COLUMN_MAX } from '@testerhub/shared/integer-column';

const params = z.object({ studyNo: z.coerce.number().int().min(1).max(INTEGER_COLUMN_MAX) });
const body = screenerAnswersRequestSchema;
/** k: the child being screened (the kid GUID, decision 029); absent for the tester themself. */
const querystring = z.object({ k: childIdSchema.optional() });
/** The typed request withTester hands on (it cannot infer the route's schema). */
type ScreenerRequest = FastifyRequest<{
  Params: z.infer<typeof params>;
  Body: z.infer<typeof body>;
  Querystring: z.infer<typeof querystring>;
}>;

const notFound = z.object({ status: z.literal('notFound') });
/** A rule of a question broken (status 'invalid'), or the body's shape wrong (the usual 400). */
const invalid = apiErrorSchema.extend({ status: z.literal('invalid').optional() });

const invalidAnswer = (field: string, message: string) => ({
  statusCode: 400,
  error: 'Bad Request',
  status: 'invalid' as const,
  field,
  message,
});

/** The hosted screener page's calls (decision 017); registered in the tester scope. */
export function screeningRoutes(screening: ScreeningService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/screener/:studyNo',
      {
        schema: {
          tags: ['screener'],
          params,
          querystring,
          response: {
            200: screenerRunResponseSchema,
            404: notFound,
          },
        },
      },
      withTester(async (request: ScreenerRequest, tester, reply: FastifyReply) => {
        const screener = await screening.screenerFor(tester, request.params.studyNo, request.query.k);
        return screener ?? reply.status(404).send({ status: 'notFound' as const });
      }),
    );

    app.put(
      '/screener/:studyNo/answers',
      {
        schema: {
          tags: ['screener'],
          params,
          querystring,
          body,
          response: { 200: screenerSavedResponseSchema, 400: invalid, 404: notFound },
        },
      },
      withTester(async (request: ScreenerRequest, tester, reply: FastifyReply) => {
        const result = await screening.saveAnswers(tester, request.params.studyNo, request.body.answers, request.query.k);
        if (result.status === 'invalid') return reply.status(400).send(invalidAnswer(result.field, result.message));
        if (result.status === 'notFound') return reply.status(404).send(result);
        return result;
      }),
    );

    app.post(
      '/screener/:studyNo/complete',
      {
        schema: {
          tags: ['screener'],
          params,
          querystring,
          body,
          response: { 200: screenerCompleteResponseSchema, 400: invalid, 404: notFound },
        },
      },
      withTester(async (request: ScreenerRequest, tester, reply: FastifyReply) => {
        const result = await screening.complete(tester, request.params.studyNo, request.body.answers, request.query.k);
        if ('outcome' in result) return result;
        if (result.status === 'invalid') return reply.status(400).send(invalidAnswer(result.field, result.message));
        return reply.status(404).send(result);
      }),
    );
  };
}
