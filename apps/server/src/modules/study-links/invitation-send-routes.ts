import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationDetailQuerySchema,
  invitationDetailResponseSchema,
  invitationListQuerySchema,
  invitationListResponseSchema,
  invitationOptionsResponseSchema,
  invitationPreviewResponseSchema,
  invitationPreviewSchema,
  sendInvitationResponseSchema,
  sendInvitationSchema,
  type SendInvitationRequest,
} from '@testerhub/shared/invitation-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { InvitationSendService } from './invitation-send-service.ts';

/** Invitations in the staff console (issue 12 section 3; decision 052): the recruiter role. */
export function invitationSendRoutes(invitations: InvitationSendService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/invitations/Options',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description: 'What the New invitation form offers: the open studies, the test sites and the About-me answers.',
          response: { 200: invitationOptionsResponseSchema },
        },
      },
      async () => invitations.options(),
    );

    app.post(
      '/staff/invitations/Preview',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description:
            'How many testers the filters match for the study (never suspended, black-listed, e-mail turned off, or already screened or booked), and how many of them were invited already. Changes nothing.',
          body: invitationPreviewSchema,
          response: { 200: invitationPreviewResponseSchema },
        },
      },
      async (request) => invitations.preview(request.body),
    );

    app.post(
      '/staff/invitations/Send',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description:
            'Invites every match not yet invited and queues their e-mails, sent at INVITATION_MAILS_PER_MINUTE. The same requestId again answers the first sending. failed: the study is unknown or closed, or nobody is left to invite.',
          body: sendInvitationSchema,
          response: { 200: sendInvitationResponseSchema },
        },
      },
      withStaff(async (request, me) => invitations.send(me, request.body as SendInvitationRequest)),
    );

    app.get(
      '/staff/invitations/List',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description: 'Sendings, newest first, 25 a page, with matched, queued, sent, skipped, clicked and answered counts.',
          querystring: invitationListQuerySchema,
          response: { 200: invitationListResponseSchema },
        },
      },
      async (request) => invitations.list(request.query),
    );

    app.get(
      '/staff/invitations/Detail',
      {
        config: { staffRoles: ['recruiter'] },
        schema: {
          tags: ['staff'],
          description: 'One sending: its filters, counts, and its recipients (100 a page) with each one’s state.',
          querystring: invitationDetailQuerySchema,
          response: { 200: invitationDetailResponseSchema },
        },
      },
      async (request) => invitations.detail(request.query),
    );
  };
}
