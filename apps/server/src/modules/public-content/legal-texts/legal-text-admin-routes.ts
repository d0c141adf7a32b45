import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEGAL_BODY_MAX_CHARS,
  legalTextChangeResponseSchema,
  legalTextQuerySchema,
  publishLegalTextSchema,
  restoreBuiltInLegalTextSchema,
  staffLegalTextResponseSchema,
  staffLegalTextsResponseSchema,
} from '@testerhub/shared/legal-text-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import type { LegalTextAdminService } from './legal-text-admin-service.ts';

/** Content staff (admins, who hold every role's work, too: decision 049). */
const CONTENT_ROLES: readonly StaffRole[] = ['content'];

/**
 * A publication's body limit: two bodies (English and Spanish, decision 132) of the longest length
 * the schema allows, at three UTF-8 bytes a character, and the rest of the payload. The app's
 * 100 KiB would answer 413 long before the schema's own message.
 */
const PUBLISH_BODY_LIMIT_BYTES = 2 * LEGAL_BODY_MAX_CHARS * 3 + 16 * 1024;

/** The legal texts' bodies in the staff console (issue 12 section 6; decision 070). */
export function legalTextAdminRoutes(legal: LegalTextAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/LegalTexts',
      {
        roles: CONTENT_ROLES,
        description: 'Every legal page with the version in force, when and by whom it was published (current null: the built-in text).',
        response: staffLegalTextsResponseSchema,
      },
      async () => legal.listLegalTexts(),
    );

    staffGet(
      app,
      '/staff/content/LegalTextVersions',
      {
        roles: CONTENT_ROLES,
        description: "A legal page's body in force (null: its built-in text) and its versions, newest first.",
        input: legalTextQuerySchema,
        response: staffLegalTextResponseSchema,
      },
      async (input) => legal.legalText(input.page),
    );

    staffPost(
      app,
      '/staff/content/PublishLegalText',
      {
        roles: CONTENT_ROLES,
        description:
          'A new version of a legal page in force now; for the Terms of Use, also a new terms version testers are asked to accept. failed: another version was published since basedOnVersion.',
        input: publishLegalTextSchema,
        response: legalTextChangeResponseSchema,
        bodyLimit: PUBLISH_BODY_LIMIT_BYTES,
      },
      async (input, me) => legal.publish(me, input),
    );

    staffPost(
      app,
      '/staff/content/RestoreBuiltInLegalText',
      {
        roles: CONTENT_ROLES,
        description:
          "A legal page's built-in text in force again (a new version without a body). failed: another version was published since basedOnVersion, or the built-in text is in force already.",
        input: restoreBuiltInLegalTextSchema,
        response: legalTextChangeResponseSchema,
      },
      async (input, me) => legal.restoreBuiltIn(me, input),
    );
  };
}
