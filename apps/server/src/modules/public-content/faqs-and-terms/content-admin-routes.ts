import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addFaqSchema,
  contentChangeResponseSchema,
  editFaqSchema,
  moveFaqSchema,
  publishTermsResponseSchema,
  publishTermsSchema,
  staffFaqsResponseSchema,
  staffTermsVersionsResponseSchema,
} from '@testerhub/shared/content-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import type { ContentAdminService } from './content-admin-service.ts';

/** Content staff (admins, who hold every role's work, too: decision 049). */
const CONTENT_ROLES: readonly StaffRole[] = ['content'];

/** The content calls of the staff scope (issue 12 section 6; decision 057). */
export function contentAdminRoutes(content: ContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/Faqs',
      {
        roles: CONTENT_ROLES,
        description: 'Every FAQ, hidden ones too, in the public order, each with the revision an edit must carry.',
        response: staffFaqsResponseSchema,
      },
      async () => content.listFaqs(),
    );

    staffPost(
      app,
      '/staff/content/AddFaq',
      {
        roles: CONTENT_ROLES,
        description: 'A new FAQ, last of its group; shown on the public FAQ page at once unless hidden.',
        input: addFaqSchema,
        response: contentChangeResponseSchema,
      },
      async (input, me) => content.addFaq(me, input),
    );

    staffPost(
      app,
      '/staff/content/EditFaq',
      {
        roles: CONTENT_ROLES,
        description: 'A FAQ saved (group, question, answer, hidden). failed: unknown, or changed by someone else since the given revision.',
        input: editFaqSchema,
        response: contentChangeResponseSchema,
      },
      async (input, me) => content.editFaq(me, input),
    );

    staffPost(
      app,
      '/staff/content/MoveFaq',
      {
        roles: CONTENT_ROLES,
        description:
          'A FAQ moved one place up or down in its group. failed: unknown, changed since the given revision, or already first or last.',
        input: moveFaqSchema,
        response: contentChangeResponseSchema,
      },
      async (input, me) => content.moveFaq(me, input),
    );

    staffGet(
      app,
      '/staff/content/TermsVersions',
      {
        roles: CONTENT_ROLES,
        description: 'Every version of the Terms of Use, newest first, and which one is in force.',
        response: staffTermsVersionsResponseSchema,
      },
      async () => content.termsVersions(),
    );

    staffPost(
      app,
      '/staff/content/PublishTerms',
      {
        roles: CONTENT_ROLES,
        description:
          'A new version of the Terms of Use in force now: every tester is asked to accept it at their next visit. failed: another version was published since basedOnVersion.',
        input: publishTermsSchema,
        response: publishTermsResponseSchema,
      },
      async (input, me) => content.publishTerms(me, input),
    );
  };
}
