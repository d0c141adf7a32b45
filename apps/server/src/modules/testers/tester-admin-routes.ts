import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import {
  addTesterNoteSchema,
  adjustCoinsSchema,
  deleteTesterNoteSchema,
  deleteTesterSchema,
  duplicatesQuerySchema,
  duplicatesResponseSchema,
  mergePreviewQuerySchema,
  mergePreviewSchema,
  reviewDuplicateSchema,
  liftSuspensionSchema,
  setBlackListSchema,
  STAFF_TESTER_TEXTS,
  testerActionResponseSchema,
  testerIdQuerySchema,
  testerNotesResponseSchema,
  testerPageQuerySchema,
  testerPageResponseSchema,
  testerSearchQuerySchema,
  testerSearchResponseSchema,
} from '@testerhub/shared/staff-testers-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { TesterAdminService } from './tester-admin-service.ts';
import type { TesterNoteService } from './tester-note-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const TESTER_ROLES: readonly StaffRole[] = ['recruiter'];

/** Testers in the staff console (issue 12 section 5, first bullet; decision 053). */
export function testerAdminRoutes(admin: TesterAdminService, notes: TesterNoteService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/testers/Search',
      {
        roles: TESTER_ROLES,
        description:
          'Testers by the start of their e-mail (a query with @), phone (digits) or name, username or last name (anything else); at most 25.',
        input: testerSearchQuerySchema,
        response: testerSearchResponseSchema,
      },
      async (input, me) => admin.search(me, input.q),
    );

    staffGet(
      app,
      '/staff/testers/Tester',
      {
        roles: TESTER_ROLES,
        description:
          "A tester's page: profile, balance, suspensions, bookings, screeners, children, referrals, a page of staff changes (50, newest first) and a page of the coin ledger: ledgerPageSize 10, 25, 50 (default) or 100; ledgerSort createdAt (default), coins or experience; ledgerDir desc (default) or asc; ledgerQ keeps the entries whose words hold it; ledgerTotal counts every page. failed: no such tester.",
        input: testerPageQuerySchema,
        response: testerPageResponseSchema,
      },
      async (input, me) => admin.page(me, input),
    );

    staffGet(
      app,
      '/staff/testers/Export',
      {
        roles: TESTER_ROLES,
        description:
          "The privacy module's export of the tester (decision 040) as a JSON attachment, for a request made to staff; audited. 404: no such tester.",
        input: testerIdQuerySchema,
      },
      async (input, me, request, reply) => {
        const file = await admin.exportData(me, input.testerId);
        if (!file) throw new NotFoundError(STAFF_TESTER_TEXTS.testerUnknown);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="tester-data-${file.fileDay}.json"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(file.document, null, 2));
      },
    );

    staffPost(
      app,
      '/staff/testers/AdjustCoins',
      {
        roles: TESTER_ROLES,
        description:
          'Coins added (positive) or taken (negative) through the ledger, with a reason. failed: the balance would go below zero, or no such tester.',
        input: adjustCoinsSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => admin.adjustCoins(me, input),
    );

    staffPost(
      app,
      '/staff/testers/SetBlackList',
      {
        roles: TESTER_ROLES,
        description: 'The blackList flag on or off, with a reason. failed: it already was so, or no such tester.',
        input: setBlackListSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => admin.setBlackList(me, input),
    );

    staffPost(
      app,
      '/staff/testers/LiftSuspension',
      {
        roles: TESTER_ROLES,
        description: 'Ends the suspension in force (decision 046), with a reason. failed: not suspended, or no such tester.',
        input: liftSuspensionSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => admin.liftSuspension(me, input),
    );

    staffPost(
      app,
      '/staff/testers/Delete',
      {
        roles: TESTER_ROLES,
        description:
          "The privacy module's deletion of the tester (decision 040), confirmed by typing their username, with a reason. failed: wrong confirmation, or no such tester.",
        input: deleteTesterSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => admin.deleteTester(me, input),
    );

    // Likely duplicate accounts (decision 129).
    staffGet(
      app,
      '/staff/testers/Duplicates',
      {
        roles: TESTER_ROLES,
        description:
          'Pairs of accounts no one has reviewed that share an e-mail (dots and +tags aside), a phone, a street address with its ZIP or a browser: pageSize 10, 25 (default), 50 or 100; sort newerCreatedAt (default) or olderCreatedAt; dir desc (default) or asc; q keeps the pairs whose username or name (either account) holds it; total counts every page; only the pairs of testerId when given.',
        input: duplicatesQuerySchema,
        response: duplicatesResponseSchema,
      },
      async (input) => admin.duplicates(input),
    );

    staffGet(
      app,
      '/staff/testers/MergePreview',
      {
        roles: TESTER_ROLES,
        description:
          "What merging the newer of the two accounts into the older would move (coins, children, notes, referrals made) and what stops it (decision 144): blockers lists the newer account's reward orders pending and bookings not over yet, an older account on the blackList, or a newer account merged already. Nothing is written. failed: no such tester.",
        input: mergePreviewQuerySchema,
        response: mergePreviewSchema,
      },
      async (input) => admin.mergePreview(input),
    );

    staffPost(
      app,
      '/staff/testers/ReviewDuplicate',
      {
        roles: TESTER_ROLES,
        description:
          "Reviews a pair, with a reason; audited. notDuplicate: no longer listed; blockNewer: the newer account goes on the blackList; mergeNewer: the newer account's coins (a ledger pair), children, staff notes and referrals made move to the older account, the newer one goes on the blackList and the older one's tester is e-mailed (decision 144, audited as tester.duplicate-merge). Each ends the hold on their screening. failed: reviewed already, no such tester, or (mergeNewer) what MergePreview lists as blockers.",
        input: reviewDuplicateSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => admin.reviewDuplicate(me, input),
    );

    // Notes (decision 116): the recruiters' record about the tester, never shown to the tester nor in their export.
    staffGet(
      app,
      '/staff/testers/Notes',
      {
        roles: TESTER_ROLES,
        description:
          'Staff notes on the tester, newest first (at most 100), with author, time and whether the caller may delete each. failed: no such tester.',
        input: testerIdQuerySchema,
        response: testerNotesResponseSchema,
      },
      async (input, me) => notes.list(me, input.testerId),
    );

    staffPost(
      app,
      '/staff/testers/AddNote',
      {
        roles: TESTER_ROLES,
        description: 'A note on the tester (1 to 2,000 characters, trimmed); audited without its text. failed: no such tester.',
        input: addTesterNoteSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => notes.add(me, input),
    );

    staffPost(
      app,
      '/staff/testers/DeleteNote',
      {
        roles: TESTER_ROLES,
        description:
          'Deletes a note: only its author, within 24 hours of writing it; audited. failed: not theirs, too old, or no such note.',
        input: deleteTesterNoteSchema,
        response: testerActionResponseSchema,
      },
      async (input, me) => notes.delete(me, input),
    );
  };
}
