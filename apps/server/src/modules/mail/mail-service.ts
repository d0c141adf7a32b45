import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import { afterCommit, type Database, type Executor } from '../../core/db/client.ts';
import { createOutboxRepository, type OutgoingEmail } from './outbox-repository.ts';
import { startOutboxSender } from './outbox-sender.ts';

export type { OutgoingEmail } from './outbox-repository.ts';
// The messages other modules send, built here so every e-mail looks alike.
export {
  childConfirmationMessage,
  confirmEmailMessage,
  invitationMessage,
  referralInvitationMessage,
  greetingFor,
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
  options: {
    clock: Clock;
    publicUrl: string;
    smtpUrl: string | undefined;
    mailFrom: string;
    log: FastifyBaseLogger;
    /** Starts the sender; tests pass one that records its nudges. */
    startSender?: typeof startOutboxSender;
    /** Told of every message the SMTP server did not take (the metrics' failure counter). */
    onSendFailed?: () => void;
  },
) {
  const now = () => options.clock.now();
  const outbox = createOutboxRepository(db, now);
  const startSender = options.startSender ?? startOutboxSender;
  const sender = options.smtpUrl
    ? startSender({
        outbox,
        smtpUrl: options.smtpUrl,
        mailFrom: options.mailFrom,
        log: options.log,
        clock: options.clock,
        onSendFailed: options.onSendFailed,
      })
    : null;

  /** Asks the sender (if one runs) to send what is due now rather than at its next poll. */
  const nudge = () => sender?.nudge();

  return {
    /**
     * Queues a message. Inside a unit of work (`tx`) the row commits or rolls back with the
     * change, and the sender is nudged once that has committed (never before: it would find
     * nothing yet, and the message would wait for the next poll).
     */
    async queue(email: OutgoingEmail, tx?: Executor) {
      const id = await (tx ? createOutboxRepository(tx, now) : outbox).enqueue(email);
      afterCommit(tx ?? db, nudge);
      return id;
    },
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
    /** The unsent messages' count and the oldest one's queuing time (the metrics' scrape). */
    backlog: () => outbox.backlog(),
    stop: async () => sender?.stop(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
/** What starts the outbox's sender (the SMTP one; tests pass a recorder). */
export type MailSenderStarter = typeof startOutboxSender;
