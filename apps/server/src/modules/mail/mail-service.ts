import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { createOutboxRepository, type OutgoingEmail } from './outbox-repository.ts';
import { startOutboxSender } from './outbox-sender.ts';

export type { OutgoingEmail } from './outbox-repository.ts';
// The messages other modules send, built here so every e-mail looks alike.
export {
  childConfirmationMessage,
  confirmEmailMessage,
  invitationMessage,
  referralInvitationMessage,
  resetPasswordMessage,
  standardMessage,
  usernameMessage,
} from './templates.ts';
export { calendarText, type Calendar, type CalendarEvent, type CalendarMethod } from './ical.ts';
export type { MailAttachment } from './mail-tables.ts';

/**
 * E-mail through the outbox table (decision 010): a message is a row first, written in the
 * transaction of the change it reports, and the sender delivers it over SMTP (SMTP_URL) after.
 * Without SMTP_URL messages wait in the outbox (see /dev/mailbox in development).
 */
export function createMailService(
  db: Database,
  options: { clock: Clock; publicUrl: string; smtpUrl: string | undefined; mailFrom: string; log: FastifyBaseLogger },
) {
  const now = () => options.clock.now();
  const outbox = createOutboxRepository(db, now);
  const sender = options.smtpUrl
    ? startOutboxSender({ outbox, smtpUrl: options.smtpUrl, mailFrom: options.mailFrom, log: options.log, clock: options.clock })
    : null;

  return {
    /**
     * Queues a message. Inside a unit of work (`tx`) the row commits or rolls back with the
     * change; call `nudge()` once the transaction has committed to send it without waiting.
     */
    async queue(email: OutgoingEmail, tx?: Executor) {
      const id = await (tx ? createOutboxRepository(tx, now) : outbox).enqueue(email);
      if (!tx) sender?.nudge();
      return id;
    },
    /** Asks the sender (if one runs) to send what is due now rather than at its next poll. */
    nudge: () => sender?.nudge(),
    /** Links in e-mails always start from PUBLIC_URL, never from the request's Host header. */
    link(path: string, query: Record<string, string>) {
      const url = new URL(path, `${options.publicUrl}/`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.toString();
    },
    /** The messages addressed to the tester's address (no bodies), for the data export (decision 040). */
    exportData: async (address: string) => ({ emails: await outbox.listFor(address) }),
    /**
     * Forgets an address (an account deleted, decision 040): every message to it, sent or waiting,
     * is removed in the caller's unit of work, so a waiting one is never sent.
     */
    forgetAddress: (address: string, tx: Executor) => createOutboxRepository(tx, now).deleteFor(address),
    /** Newest messages first, for the development mailbox page. */
    recent: (limit: number) => outbox.listRecent(limit),
    stop: async () => sender?.stop(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
