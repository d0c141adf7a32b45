import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
} from '@testerhub/shared/staff-testers-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
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
          description: "The privacy module's export of the tester (decision 040) as a JSON attachment, for a request made to staff; audited. 404: no such tester.",
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

    app.post(
      '/staff/testers/AdjustCoins',
      {
        config,
        schema: {
          tags: ['staff'],
          description: 'Coins added (positive) or taken (negative) through the ledger, with a reason. failed: the balance would go below zero, or no such tester.',
          body: adjustCoinsSchema,
          response: { 200: testerActionResponseSchema },
        },
      },
      withStaff(async (request, me) => admin.adjustCoins(me, request.body as AdjustCoinsPayload)),
    );

    app.post(
      '/staff/testers/SetBlackList',
      {
        config,
        schema: {
          tags: ['staff'],
          description: 'The blackList flag on or off, with a reason. failed: it already was so, or no such tester.',
          body: setBlackListSchema,
          response: { 200: testerActionResponseSchema },
        },
      },
      withStaff(async (request, me) => admin.setBlackList(me, request.body as SetBlackListPayload)),
    );

    app.post(
      '/staff/testers/LiftSuspension',
      {
        config,
        schema: {
          tags: ['staff'],
          description: 'Ends the suspension in force (decision 046), with a reason. failed: not suspended, or no such tester.',
          body: liftSuspensionSchema,
          response: { 200: testerActionResponseSchema },
        },
      },
      withStaff(async (request, me) => admin.liftSuspension(me, request.body as LiftSuspensionPayload)),
    );

    app.post(
      '/staff/testers/Delete',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            "The privacy module's deletion of the tester (decision 040), confirmed by typing their username, with a reason. failed: wrong confirmation, or no such tester.",
          body: deleteTesterSchema,
          response: { 200: testerActionResponseSchema },
        },
      },
      withStaff(async (request, me) => admin.deleteTester(me, request.body as DeleteTesterPayload)),
    );
  };
}
