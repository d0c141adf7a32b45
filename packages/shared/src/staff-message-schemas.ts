import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';
import { text, UUID_PATTERN } from './text.ts';

/**
 * Messages from staff to a session group's or a study's people, and cancelling a group with a
 * notice (issue 29, "What recruiting teams rely on"; decision 123). A message starts from a named
 * template whose text staff may edit; each tester gets it in their language with the placeholders
 * filled from their own booking (the time on the site's clock).
 */

export const MESSAGE_TEMPLATE_IDS = ['reminder', 'roomChange', 'runningLate', 'freeText'] as const;
export type MessageTemplateId = (typeof MESSAGE_TEMPLATE_IDS)[number];

/** The placeholders a text may use; each holds only what its name says (decision 123). */
export const MESSAGE_PLACEHOLDERS = ['firstName', 'study', 'sessionTime', 'site'] as const;

interface MessageText {
  subject: string;
  body: string;
}

/** The templates staff pick from, in English and Spanish. Free text has none: it goes to everyone as written. */
export const MESSAGE_TEMPLATES: Record<MessageTemplateId, { name: string; en: MessageText; es: MessageText | null }> = {
  reminder: {
    name: 'Reminder',
    en: {
      subject: 'Reminder: {study} on {sessionTime}',
      body: 'This is a reminder of your session for {study} on {sessionTime} at {site}.\n\nPlease arrive 15 minutes early. If you cannot come, cancel from your schedule so that someone else can take your seat.',
    },
    es: {
      subject: 'Recordatorio: {study} el {sessionTime}',
      body: 'Le recordamos su sesión de {study} el {sessionTime} en {site}.\n\nLlegue 15 minutos antes, por favor. Si no puede venir, cancele desde su horario para que otra persona pueda ocupar su lugar.',
    },
  },
  roomChange: {
    name: 'Change of room',
    en: {
      subject: 'New room for {study}',
      body: 'Your session for {study} on {sessionTime} takes place in a different room at {site}.\n\nPlease ask at the front desk when you arrive and we will show you the way.',
    },
    es: {
      subject: 'Nueva sala para {study}',
      body: 'Su sesión de {study} el {sessionTime} será en otra sala de {site}.\n\nPregunte en la recepción al llegar y le indicaremos el camino.',
    },
  },
  runningLate: {
    name: 'Running late',
    en: {
      subject: '{study}: we are running late',
      body: 'Your session for {study} on {sessionTime} at {site} will start about 15 minutes late.\n\nWe are sorry for the wait. You will still receive your full compensation.',
    },
    es: {
      subject: '{study}: vamos con retraso',
      body: 'Su sesión de {study} el {sessionTime} en {site} empezará unos 15 minutos tarde.\n\nDisculpe la espera. Recibirá igualmente su compensación completa.',
    },
  },
  freeText: { name: 'Free text', en: { subject: '', body: '' }, es: null },
};

export const MESSAGE_SCOPES = ['group', 'study'] as const;
export const MESSAGE_RECIPIENTS = ['booked', 'waitlisted', 'booked-and-waitlisted'] as const;
export type MessageRecipients = (typeof MESSAGE_RECIPIENTS)[number];

export const MESSAGE_TEXTS = {
  subjectRequired: 'Enter the subject.',
  subjectTooLong: 'Keep the subject under 150 characters.',
  bodyRequired: 'Enter the message.',
  bodyTooLong: 'Keep the message under 5,000 characters.',
  groupRequired: 'Choose the session group.',
  groupNotFound: 'That session group no longer exists.',
  studyRequired: 'Choose the study.',
  studyNotFound: 'There is no study with that number.',
  requestInvalid: 'Reload the page and send again.',
  reasonRequired: 'Say why: the audit log keeps the reason.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  nobody: 'Nobody to write to: no one with e-mail on is in that list.',
  groupStarted: 'This group’s first session has passed: it cannot be cancelled.',
  external: 'This group is scheduled by the client: cancel it with them.',
  alreadyCancelled: 'This group is already cancelled.',
  noSession: 'to be arranged',
  noSessionEs: 'por confirmar',
  online: 'online',
  onlineEs: 'en línea',
  sent: (queued: number, skipped: number) =>
    `${queued === 1 ? '1 person' : `${queued} people`} will get the message.` +
    (skipped > 0 ? ` ${skipped === 1 ? '1 person has' : `${skipped} people have`} e-mail turned off and will not.` : ''),
  cancelled: (released: number, told: number) =>
    `The group is cancelled: ${released === 1 ? '1 booking' : `${released} bookings`} released, ${told === 1 ? '1 person' : `${told} people`} told.`,
} as const;

const subjectField = text(MESSAGE_TEXTS.subjectRequired, { error: MESSAGE_TEXTS.subjectRequired })
  .trim()
  .min(1, MESSAGE_TEXTS.subjectRequired)
  .max(150, MESSAGE_TEXTS.subjectTooLong);
const bodyField = text(MESSAGE_TEXTS.bodyRequired, { error: MESSAGE_TEXTS.bodyRequired })
  .trim()
  .min(1, MESSAGE_TEXTS.bodyRequired)
  .max(5000, MESSAGE_TEXTS.bodyTooLong);
// A UUID as the database makes them: anything else would reach PostgreSQL's uuid column as an error.
const groupIdField = text(MESSAGE_TEXTS.groupNotFound, { error: MESSAGE_TEXTS.groupNotFound }).regex(
  UUID_PATTERN,
  MESSAGE_TEXTS.groupNotFound,
);
const studyNoField = z
  .number({ error: MESSAGE_TEXTS.studyNotFound })
  .int(MESSAGE_TEXTS.studyNotFound)
  .positive(MESSAGE_TEXTS.studyNotFound)
  .max(INTEGER_COLUMN_MAX, MESSAGE_TEXTS.studyNotFound);

/** The text of a message: English, and Spanish for Spanish-speaking testers (a template's own when not sent). */
const messageTextFields = {
  template: z.enum(MESSAGE_TEMPLATE_IDS, { error: 'Choose a template.' }),
  subject: subjectField,
  body: bodyField,
  spanishSubject: subjectField.optional(),
  spanishBody: bodyField.optional(),
};

/** Who a message goes to: a group's people (groupId) or a study's (studyNo). */
const audienceFields = {
  scope: z.enum(MESSAGE_SCOPES, { error: 'Choose a group or a study.' }),
  groupId: groupIdField.optional(),
  studyNo: studyNoField.optional(),
  recipients: z.enum(MESSAGE_RECIPIENTS, { error: 'Choose who gets the message.' }),
};

function audienceNamed(value: { scope: string; groupId?: string; studyNo?: number }, context: z.RefinementCtx) {
  if (value.scope === 'group' && !value.groupId)
    context.addIssue({ code: 'custom', path: ['groupId'], message: MESSAGE_TEXTS.groupRequired });
  if (value.scope === 'study' && !value.studyNo)
    context.addIssue({ code: 'custom', path: ['studyNo'], message: MESSAGE_TEXTS.studyRequired });
}

/** POST /api/staff/messages/Preview: how many get the message, and the e-mail one of them would get. */
export const previewMessageSchema = z.object({ ...audienceFields, ...messageTextFields }).superRefine(audienceNamed);
export type PreviewMessagePayload = z.infer<typeof previewMessageSchema>;

/** POST /api/staff/messages/Send: `requestId` (a UUID the page makes once per message) queues nobody twice. */
export const sendMessageSchema = z
  .object({
    ...audienceFields,
    ...messageTextFields,
    requestId: text(MESSAGE_TEXTS.requestInvalid, { error: MESSAGE_TEXTS.requestInvalid }).regex(
      UUID_PATTERN,
      MESSAGE_TEXTS.requestInvalid,
    ),
  })
  .superRefine(audienceNamed);
export type SendMessagePayload = z.infer<typeof sendMessageSchema>;

export const previewMessageResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('succeed'),
    recipients: z.number().int(),
    skipped: z.number().int(),
    /** One recipient's e-mail as they would get it; null when nobody would. */
    example: z.object({ to: z.string(), language: z.enum(['en', 'es']), subject: z.string(), text: z.string() }).nullable(),
  }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type PreviewMessageResponse = z.infer<typeof previewMessageResponseSchema>;

export const sendMessageResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), message: z.string(), queued: z.number().int(), skipped: z.number().int() }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** GET /api/staff/messages/Sent?studyNo=: what was sent to the study's people, newest first. */
export const sentMessagesQuerySchema = z.object({ studyNo: z.coerce.number().pipe(studyNoField) });

export const sentMessagesResponseSchema = z.object({
  status: z.literal('succeed'),
  messages: z.array(
    z.object({
      sentAt: z.string(),
      sentBy: z.string(),
      scope: z.enum(MESSAGE_SCOPES),
      /** The group as staff know it (cell, colour, site, first start); null for a message to the whole study. */
      group: z.string().nullable(),
      template: z.enum(MESSAGE_TEMPLATE_IDS),
      recipients: z.enum(MESSAGE_RECIPIENTS),
      subject: z.string(),
      queued: z.number().int(),
      skipped: z.number().int(),
    }),
  ),
});
export type SentMessagesResponse = z.infer<typeof sentMessagesResponseSchema>;

/**
 * POST /api/staff/sessions/CancelGroup: the group closed, every booking cancelled (each tester
 * e-mailed the cancellation), the waiting list for it ended, and everyone told with the notice.
 */
export const cancelGroupSchema = z.object({
  groupId: groupIdField,
  reason: text(MESSAGE_TEXTS.reasonRequired, { error: MESSAGE_TEXTS.reasonRequired })
    .trim()
    .min(1, MESSAGE_TEXTS.reasonRequired)
    .max(500, MESSAGE_TEXTS.reasonTooLong),
  notice: z.object(messageTextFields),
});
export type CancelGroupPayload = z.infer<typeof cancelGroupSchema>;

export const cancelGroupResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), message: z.string(), released: z.number().int(), told: z.number().int() }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type CancelGroupResponse = z.infer<typeof cancelGroupResponseSchema>;
