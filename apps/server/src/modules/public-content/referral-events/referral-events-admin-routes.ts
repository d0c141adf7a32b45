import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  referralEventChangeResponseSchema,
  removeReferralEventSchema,
  saveReferralEventSchema,
  staffReferralEventsResponseSchema,
} from '@testerhub/shared/referral-event-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import type { ReferralEventsAdminService } from './referral-events-admin-service.ts';

/** The referral event texts of the staff scope's content section (issue 12 section 6; decision 066): the content role. */
export function referralEventsAdminRoutes(events: ReferralEventsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/ReferralEvents',
      {
        roles: ['content'],
        description:
          'Every referral event text, newest month first, each with the revision an edit must carry, and the month testers are shown now.',
        response: staffReferralEventsResponseSchema,
      },
      async () => events.listReferralEvents(),
    );

    staffPost(
      app,
      '/staff/content/SaveReferralEvent',
      {
        roles: ['content'],
        description:
          'A month’s referral event text (plain text, up to 300 characters) added, or saved against its revision. failed: unknown or changed since.',
        input: saveReferralEventSchema,
        response: referralEventChangeResponseSchema,
      },
      async (input, me) => events.saveReferralEvent(me, input),
    );

    staffPost(
      app,
      '/staff/content/RemoveReferralEvent',
      {
        roles: ['content'],
        description: 'A referral event text deleted (the audit row keeps it). failed: unknown or changed since the given revision.',
        input: removeReferralEventSchema,
        response: referralEventChangeResponseSchema,
      },
      async (input, me) => events.removeReferralEvent(me, input),
    );
  };
}
