import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptTermsResponseSchema, acceptTermsSchema, termsStatusResponseSchema } from '@testerhub/shared/terms-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { TermsService } from './terms-service.ts';

/** The terms' versions on the tester's side (decision 041): not in the spec, named like the /account calls. Tester scope. */
export function termsRoutes(terms: TermsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/GetTermsStatus',
      {
        schema: {
          tags: ['account'],
          description:
            'Not in the spec (decision 041): the terms version in force with what changed (in the tester’s language), the highest version the tester accepted, and needsAcceptance, the server’s verdict.',
          response: { 200: termsStatusResponseSchema },
        },
      },
      withTester((_request, tester) => terms.status(tester)),
    );

    app.post(
      '/account/AcceptTerms',
      {
        schema: {
          tags: ['account'],
          description:
            'Not in the spec (decision 041): accepts the version in force; accepting it again changes nothing. notCurrent when the version is not the one in force.',
          body: acceptTermsSchema,
          response: { 200: acceptTermsResponseSchema },
        },
      },
      withTester((request: WithBody<typeof acceptTermsSchema>, tester) => terms.accept(tester, request.body.version)),
    );
  };
}
