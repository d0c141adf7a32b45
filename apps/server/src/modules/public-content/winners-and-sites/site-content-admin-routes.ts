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
} from '@testerhub/shared/site-content-schemas';
import {
  moveTestSiteSchema,
  removeTestSiteSchema,
  setSiteMapCodeSchema,
  siteZipChangeResponseSchema,
  siteZipPrefixesResponseSchema,
  zipPrefixChangeSchema,
} from '@testerhub/shared/site-zip-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import type { SiteContentAdminService } from './site-content-admin-service.ts';

/** Content staff (admins, who hold every role's work, too: decision 049). */
const CONTENT_ROLES: readonly StaffRole[] = ['content'];

/** The winners and test-site calls of the staff scope's content section (issue 12 section 6; decision 061). */
export function siteContentAdminRoutes(content: SiteContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/Winners',
      {
        roles: CONTENT_ROLES,
        description: 'Every winner, hidden ones too, newest period first, each with the revision an edit must carry.',
        response: staffWinnersResponseSchema,
      },
      async () => content.listWinners(),
    );

    staffPost(
      app,
      '/staff/content/AddWinner',
      {
        roles: CONTENT_ROLES,
        description: 'A new winner of a giveaway, on the public winners pages at once unless hidden. failed: already listed.',
        input: addWinnerSchema,
        response: winnerChangeResponseSchema,
      },
      async (input, me) => content.addWinner(me, input),
    );

    staffPost(
      app,
      '/staff/content/EditWinner',
      {
        roles: CONTENT_ROLES,
        description:
          'A winner saved (giveaway, period, name, hidden). failed: unknown, changed since the given revision, or the same entry is listed already.',
        input: editWinnerSchema,
        response: winnerChangeResponseSchema,
      },
      async (input, me) => content.editWinner(me, input),
    );

    staffPost(
      app,
      '/staff/content/RemoveWinner',
      {
        roles: CONTENT_ROLES,
        description: 'A mistaken winner entry deleted (the audit row keeps it). failed: unknown or changed since the given revision.',
        input: removeWinnerSchema,
        response: winnerChangeResponseSchema,
      },
      async (input, me) => content.removeWinner(me, input),
    );

    staffGet(
      app,
      '/staff/content/TestSites',
      {
        roles: CONTENT_ROLES,
        description: 'Every test site in the public order, each with the revision an edit must carry.',
        response: staffTestSitesResponseSchema,
      },
      async () => content.listTestSites(),
    );

    staffPost(
      app,
      '/staff/content/AddTestSite',
      {
        roles: CONTENT_ROLES,
        description: 'A new test site with the next free id, its time zone fixed from now on; it has no maps page.',
        input: addTestSiteSchema,
        response: siteChangeResponseSchema,
      },
      async (input, me) => content.addTestSite(me, input),
    );

    staffPost(
      app,
      '/staff/content/EditTestSite',
      {
        roles: CONTENT_ROLES,
        description:
          'A test site’s public fields saved (name, city, address, phones, airport directions); not its time zone. failed: unknown or changed since the given revision.',
        input: editTestSiteSchema,
        response: siteChangeResponseSchema,
      },
      async (input, me) => content.editTestSite(me, input),
    );

    staffGet(
      app,
      '/staff/content/SiteZipPrefixes',
      {
        roles: CONTENT_ROLES,
        description: 'Every three-digit ZIP prefix with the site registration assigns a tester in it to (decision 069).',
        response: siteZipPrefixesResponseSchema,
      },
      async () => content.listZipPrefixes(),
    );

    staffPost(
      app,
      '/staff/content/AddZipPrefix',
      {
        roles: CONTENT_ROLES,
        description:
          'A ZIP prefix given to a test site: registration assigns testers there to it. failed: unknown site, or another site holds it (named).',
        input: zipPrefixChangeSchema,
        response: siteZipChangeResponseSchema,
      },
      async (input, me) => content.addZipPrefix(me, input),
    );

    staffPost(
      app,
      '/staff/content/RemoveZipPrefix',
      {
        roles: CONTENT_ROLES,
        description:
          'A ZIP prefix taken from a test site (testers assigned keep their site). failed: unknown site, or the site does not hold it.',
        input: zipPrefixChangeSchema,
        response: siteZipChangeResponseSchema,
      },
      async (input, me) => content.removeZipPrefix(me, input),
    );

    staffPost(
      app,
      '/staff/content/SetSiteMapCode',
      {
        roles: CONTENT_ROLES,
        description:
          'The maps page (ch, da, ny, la) a site answers, or none. failed: unknown, changed since the given revision, or another site shows that page (named).',
        input: setSiteMapCodeSchema,
        response: siteZipChangeResponseSchema,
      },
      async (input, me) => content.setSiteMapCode(me, input),
    );

    staffPost(
      app,
      '/staff/content/MoveTestSite',
      {
        roles: CONTENT_ROLES,
        description:
          'A test site one place up or down in the public order. failed: unknown, changed since the given revision, or already at that end.',
        input: moveTestSiteSchema,
        response: siteZipChangeResponseSchema,
      },
      async (input, me) => content.moveTestSite(me, input),
    );

    staffPost(
      app,
      '/staff/content/RemoveTestSite',
      {
        roles: CONTENT_ROLES,
        description:
          'A test site deleted with its ZIP prefixes. failed: unknown, changed since the given revision, or testers, studies, session groups, bookings or staff still name it (counted).',
        input: removeTestSiteSchema,
        response: siteZipChangeResponseSchema,
      },
      async (input, me) => content.removeTestSite(me, input),
    );
  };
}
