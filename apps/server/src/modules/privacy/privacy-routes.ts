import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountResponseSchema, deleteAccountSchema, exportFileName } from '@testerhub/shared/privacy-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { SessionCookie } from '../../core/auth/session-cookie.ts';
import type { PrivacyService } from './privacy-service.ts';

/** Download my data and delete my account (issue 11, "Beyond the spec"; decision 040). Tester scope. */
export function privacyRoutes(privacy: PrivacyService, sessionCookie: SessionCookie): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/ExportMyData',
      {
        schema: {
          tags: ['account'],
          description:
            'Not in the spec (decision 040): everything held about the tester as one JSON file (an attachment named with the day), without password hash, codes or session ids. 429 past the allowance per window.',
        },
      },
      withTester(async (request, tester, reply) => {
        const { fileDay, document } = await privacy.exportData(tester);
        request.log.info({ event: 'privacy.export' }, 'data export');
        // Written here, not by a response schema: the parts are each module's rows, as they are.
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(fileDay)}"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(document, null, 2));
      }),
    );

    app.post(
      '/account/DeleteMyAccount',
      {
        schema: {
          tags: ['account'],
          description:
            'Not in the spec (decision 040): deletes the account, its children and everything that names them, in one transaction, when the password is right (failed otherwise, nothing changes). The session ends with it. 429 after repeated wrong passwords; 401 when the account is already gone.',
          body: deleteAccountSchema,
          response: { 200: deleteAccountResponseSchema },
        },
      },
      withTester(async (request: WithBody<typeof deleteAccountSchema>, tester, reply) => {
        const result = await privacy.deleteAccount(tester, request.body);
        if (result.status === 'succeed') {
          sessionCookie.clear(reply);
          request.log.info({ event: 'privacy.accountDeleted' }, 'account deleted');
        }
        return result;
      }),
    );
  };
}
