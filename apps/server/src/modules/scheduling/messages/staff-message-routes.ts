import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  previewMessageResponseSchema,
  previewMessageSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  sentMessagesQuerySchema,
  sentMessagesResponseSchema,
} from '@testerhub/shared/staff-message-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import type { StaffMessages } from './staff-messages.ts';

/** Recruiters, who run a study's groups and its people (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/** Messages to a group's or a study's people (issue 29; decision 123). */
export function staffMessageRoutes(messages: StaffMessages): FastifyPluginAsyncZod {
  return async (app) => {
    staffPost(
      app,
      '/staff/messages/Preview',
      {
        roles: RECRUITER,
        description:
          'How many people a message would go to, how many have e-mail turned off, and the first one’s e-mail in their language. Writes nothing.',
        input: previewMessageSchema,
        response: previewMessageResponseSchema,
      },
      async (input) => messages.preview(input),
    );

    staffPost(
      app,
      '/staff/messages/Send',
      {
        roles: RECRUITER,
        description:
          'A message from a template to a group’s or a study’s booked or waiting people: one outbox row each in their language, testers with e-mail off skipped and counted, logged and audited. A repeated requestId queues nobody again.',
        input: sendMessageSchema,
        response: sendMessageResponseSchema,
      },
      async (input, me) => messages.send(me, input),
    );

    staffGet(
      app,
      '/staff/messages/Sent',
      {
        roles: RECRUITER,
        description: 'The messages sent to a study’s people (group notices of cancelled groups included), newest first.',
        input: sentMessagesQuerySchema,
        response: sentMessagesResponseSchema,
      },
      async (input) => messages.sent(input.studyNo),
    );
  };
}
