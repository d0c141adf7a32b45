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
  type AddFaqPayload,
  type EditFaqPayload,
  type MoveFaqPayload,
  type PublishTermsPayload,
} from '@testerhub/shared/content-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { ContentAdminService } from './content-admin-service.ts';

/** Content staff (admins, who hold every role's work, too: decision 049). */
const CONTENT_ROLES: readonly StaffRole[] = ['content'];

/** The content calls of the staff scope (issue 12 section 6; decision 057). */
export function contentAdminRoutes(content: ContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/content/Faqs',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'Every FAQ, hidden ones too, in the public order, each with the revision an edit must carry.',
          response: { 200: staffFaqsResponseSchema },
        },
      },
      async () => content.listFaqs(),
    );

    app.post(
      '/staff/content/AddFaq',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'A new FAQ, last of its group; shown on the public FAQ page at once unless hidden.',
          body: addFaqSchema,
          response: { 200: contentChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.addFaq(me, request.body as AddFaqPayload)),
    );

    app.post(
      '/staff/content/EditFaq',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description:
            'A FAQ saved (group, question, answer, hidden). failed: unknown, or changed by someone else since the given revision.',
          body: editFaqSchema,
          response: { 200: contentChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.editFaq(me, request.body as EditFaqPayload)),
    );

    app.post(
      '/staff/content/MoveFaq',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description:
            'A FAQ moved one place up or down in its group. failed: unknown, changed since the given revision, or already first or last.',
          body: moveFaqSchema,
          response: { 200: contentChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => content.moveFaq(me, request.body as MoveFaqPayload)),
    );

    app.get(
      '/staff/content/TermsVersions',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description: 'Every version of the Terms of Use, newest first, and which one is in force.',
          response: { 200: staffTermsVersionsResponseSchema },
        },
      },
      async () => content.termsVersions(),
    );

    app.post(
      '/staff/content/PublishTerms',
      {
        config: { staffRoles: CONTENT_ROLES },
        schema: {
          tags: ['staff'],
          description:
            'A new version of the Terms of Use in force now: every tester is asked to accept it at their next visit. failed: another version was published since basedOnVersion.',
          body: publishTermsSchema,
          response: { 200: publishTermsResponseSchema },
        },
      },
      withStaff(async (request, me) => content.publishTerms(me, request.body as PublishTermsPayload)),
    );
  };
}
