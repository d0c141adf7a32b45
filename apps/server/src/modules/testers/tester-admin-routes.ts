import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import {
  adjustCoinsSchema,
  deleteTesterSchema,
  liftSuspensionSchema,
  setBlackListSchema,
  STAFF_TESTER_TEXTS,
  testerActionResponseSchema,
  testerIdQuerySchema,
  testerPageResponseSchema,
  testerSearchQuerySchema,
  testerSearchResponseSchema,
  type AdjustCoinsPayload,
  type DeleteTesterPayload,
  type LiftSuspensionPayload,
  type SetBlackListPayload,
  type TesterActionResponse,
} from '@testerhub/shared/staff-testers-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { StaffPrincipal } from '../staff/staff-service.ts';
import type { TesterAdminService } from './tester-admin-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const TESTER_ROLES: readonly StaffRole[] = ['recruiter'];
const config = { staffRoles: TESTER_ROLES };

/** Testers in the staff console (issue 12 section 5, first bullet; decision 053). */
export function testerAdminRoutes(admin: TesterAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/testers/Search',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            'Testers by the start of their e-mail (a query with @), phone (digits) or name, username or last name (anything else); at most 25.',
          querystring: testerSearchQuerySchema,
          response: { 200: testerSearchResponseSchema },
        },
      },
      withStaff(async (request) => admin.search((request.query as { q: string }).q)),
    );

    app.get(
      '/staff/testers/Tester',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            "A tester's page: profile, balance, suspensions, bookings, screeners, children, referrals, the newest ledger entries and staff changes. failed: no such tester.",
          querystring: testerIdQuerySchema,
          response: { 200: testerPageResponseSchema },
        },
      },
      withStaff(async (request) => admin.page((request.query as { testerId: string }).testerId)),
    );

    app.get(
      '/staff/testers/Export',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            "The privacy module's export of the tester (decision 040) as a JSON attachment, for a request made to staff; audited. 404: no such tester.",
          querystring: testerIdQuerySchema,
        },
      },
      withStaff(async (request, me, reply) => {
        const file = await admin.exportData(me, (request.query as { testerId: string }).testerId);
        if (!file) throw new NotFoundError(STAFF_TESTER_TEXTS.testerUnknown);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="tester-data-${file.fileDay}.json"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(file.document, null, 2));
      }),
    );

    // The changes: each a body schema, a succeed-or-failed answer, and the service's audited call.
    const changes: {
      path: string;
      description: string;
      body: ZodType;
      change: (me: StaffPrincipal, body: never) => Promise<TesterActionResponse>;
    }[] = [
      {
        path: 'AdjustCoins',
        description:
          'Coins added (positive) or taken (negative) through the ledger, with a reason. failed: the balance would go below zero, or no such tester.',
        body: adjustCoinsSchema,
        change: (me, body: AdjustCoinsPayload) => admin.adjustCoins(me, body),
      },
      {
        path: 'SetBlackList',
        description: 'The blackList flag on or off, with a reason. failed: it already was so, or no such tester.',
        body: setBlackListSchema,
        change: (me, body: SetBlackListPayload) => admin.setBlackList(me, body),
      },
      {
        path: 'LiftSuspension',
        description: 'Ends the suspension in force (decision 046), with a reason. failed: not suspended, or no such tester.',
        body: liftSuspensionSchema,
        change: (me, body: LiftSuspensionPayload) => admin.liftSuspension(me, body),
      },
      {
        path: 'Delete',
        description:
          "The privacy module's deletion of the tester (decision 040), confirmed by typing their username, with a reason. failed: wrong confirmation, or no such tester.",
        body: deleteTesterSchema,
        change: (me, body: DeleteTesterPayload) => admin.deleteTester(me, body),
      },
    ];
    for (const { path, description, body, change } of changes) {
      app.post(
        `/staff/testers/${path}`,
        { config, schema: { tags: ['staff'], description, body, response: { 200: testerActionResponseSchema } } },
        withStaff(async (request, me) => change(me, request.body as never)),
      );
    }
  };
}
