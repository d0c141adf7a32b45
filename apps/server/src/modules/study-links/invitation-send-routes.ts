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
  targetCountResponseSchema,
  targetCountSchema,
} from '@testerhub/shared/invitation-schemas';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { InvitationSendService } from './invitation-send-service.ts';

/** Invitations in the staff console (issue 12 section 3; decision 052): the recruiter role. */
export function invitationSendRoutes(invitations: InvitationSendService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/invitations/Options',
      {
        roles: ['recruiter'],
        description: 'What the New invitation form offers: the open studies, the test sites and the About-me answers.',
        response: invitationOptionsResponseSchema,
      },
      async () => invitations.options(),
    );

    staffPost(
      app,
      '/staff/invitations/Preview',
      {
        roles: ['recruiter'],
        description:
          'How many testers the filters match for the study (never suspended, black-listed, e-mail turned off, or already screened or booked), and how many of them were invited already. Changes nothing.',
        input: invitationPreviewSchema,
        response: invitationPreviewResponseSchema,
      },
      async (input) => invitations.preview(input),
    );

    staffPost(
      app,
      '/staff/invitations/TargetCount',
      {
        roles: ['recruiter'],
        description:
          'The study form’s live count (decision 148): how many testers an invitation can reach (never suspended, black-listed or with invitation e-mail turned off) hold every one of the About-me answers, at the test site when one is given. An unknown answer or site answers 400. Changes nothing.',
        input: targetCountSchema,
        response: targetCountResponseSchema,
      },
      async (input) => invitations.targetCount(input),
    );

    staffPost(
      app,
      '/staff/invitations/Send',
      {
        roles: ['recruiter'],
        description:
          'Invites every match not yet invited and queues their e-mails, sent at INVITATION_MAILS_PER_MINUTE. The same requestId again answers the first sending. failed: the study is unknown or closed, or nobody is left to invite.',
        input: sendInvitationSchema,
        response: sendInvitationResponseSchema,
      },
      async (input, me) => invitations.send(me, input),
    );

    staffGet(
      app,
      '/staff/invitations/List',
      {
        roles: ['recruiter'],
        description:
          'Sendings with their matched, queued, sent, skipped, clicked and answered counts: pageSize 10, 25 (default), 50 or 100; sort by createdAt (default), study (its name), matched, queued, sent, skipped or clicked, dir asc or desc (default desc: newest first); q keeps the sendings whose study’s name or number holds it; total counts every page.',
        input: invitationListQuerySchema,
        response: invitationListResponseSchema,
      },
      async (input) => invitations.list(input),
    );

    staffGet(
      app,
      '/staff/invitations/Detail',
      {
        roles: ['recruiter'],
        description:
          'One sending: its filters, counts, and a page of its recipients with each one’s state: pageSize 10, 25 (default), 50 or 100; sort by username (default), state, sentAt, clickedAt or answered, dir asc or desc; q keeps the usernames holding it; total counts every page.',
        input: invitationDetailQuerySchema,
        response: invitationDetailResponseSchema,
      },
      async (input) => invitations.detail(input),
    );
  };
}
