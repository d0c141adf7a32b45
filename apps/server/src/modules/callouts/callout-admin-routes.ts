import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCalloutSchema,
  calloutChangeResponseSchema,
  editCalloutSchema,
  staffCalloutsResponseSchema,
} from '@testerhub/shared/callout-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { CalloutAdminService } from './callout-admin-service.ts';

/** Content staff (admins, who hold every role's work, too: decision 049). */
const CONTENT_ROLES: readonly StaffRole[] = ['content'];

/** The call-out calls of the staff scope's content section (issue 12 section 6; decision 063). */
export function calloutAdminRoutes(callouts: CalloutAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/content/Callouts',
      {
        roles: CONTENT_ROLES,
        description:
          'Every call-out, switched-off, ended and future ones too, latest start first, each with the revision an edit must carry.',
        response: staffCalloutsResponseSchema,
      },
      async () => callouts.listCallouts(),
    );

    staffPost(
      app,
      '/staff/content/AddCallout',
      {
        roles: CONTENT_ROLES,
        description: 'A new call-out, in testers’ call-out popup from its start to its end while active.',
        input: addCalloutSchema,
        response: calloutChangeResponseSchema,
      },
      async (input, me) => callouts.addCallout(me, input),
    );

    staffPost(
      app,
      '/staff/content/EditCallout',
      {
        roles: CONTENT_ROLES,
        description:
          'A call-out saved (text, coins, portal page, window, active: false switches it off). failed: unknown or changed since the given revision.',
        input: editCalloutSchema,
        response: calloutChangeResponseSchema,
      },
      async (input, me) => callouts.editCallout(me, input),
    );
  };
}
