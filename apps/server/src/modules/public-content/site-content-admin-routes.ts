import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addTestSiteSchema,
  addWinnerSchema,
  editTestSiteSchema,
  editWinnerSchema,
  removeWinnerSchema,
  siteChangeResponseSchema,
  staffTestSitesResponseSchema,
  staffWinnersResponseSchema,
  winnerChangeResponseSchema,
  type AddTestSitePayload,
  type AddWinnerPayload,
  type EditTestSitePayload,
  type EditWinnerPayload,
  type RemoveWinnerPayload,
} from '@testerhub/shared/site-content-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { SiteContentAdminService } from './site-content-admin-service.ts';

/** Content staff (admins, who hold every role's work, too: decision 049). */
const CONTENT_ROLES: readonly StaffRole[] = ['content'];

/** The winners and test-site calls of the staff scope's content section (issue 12 section 6; decision 061). */
export function siteContentAdminRoutes(content: SiteContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/content/Winners',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'Every winner, hidden ones too, newest period first, each with the revision an edit must carry.',
          response: { 200: staffWinnersResponseSchema },
        },
      },
      async () => content.listWinners(),
    );

    app.post(
      '/staff/content/AddWinner',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'A new winner of a giveaway, on the public winners pages at once unless hidden. failed: already listed.',
          body: addWinnerSchema,
          response: { 200: winnerChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.addWinner(me, request.body as AddWinnerPayload)),
    );

    app.post(
      '/staff/content/EditWinner',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description:
            'A winner saved (giveaway, period, name, hidden). failed: unknown, changed since the given revision, or the same entry is listed already.',
          body: editWinnerSchema,
          response: { 200: winnerChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.editWinner(me, request.body as EditWinnerPayload)),
    );

    app.post(
      '/staff/content/RemoveWinner',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'A mistaken winner entry deleted (the audit row keeps it). failed: unknown or changed since the given revision.',
          body: removeWinnerSchema,
          response: { 200: winnerChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.removeWinner(me, request.body as RemoveWinnerPayload)),
    );

    app.get(
      '/staff/content/TestSites',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'Every test site in the public order, each with the revision an edit must carry.',
          response: { 200: staffTestSitesResponseSchema },
        },
      },
      async () => content.listTestSites(),
    );

    app.post(
      '/staff/content/AddTestSite',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'A new test site with the next free id, its time zone fixed from now on; it has no maps page.',
          body: addTestSiteSchema,
          response: { 200: siteChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.addTestSite(me, request.body as AddTestSitePayload)),
    );

    app.post(
      '/staff/content/EditTestSite',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description:
            'A test site’s public fields saved (name, city, address, phones, airport directions); not its time zone. failed: unknown or changed since the given revision.',
          body: editTestSiteSchema,
          response: { 200: siteChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.editTestSite(me, request.body as EditTestSitePayload)),
    );
  };
}
