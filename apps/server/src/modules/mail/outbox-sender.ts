import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import type { MailAttachment } from './mail-tables.ts';
import type { OutboxRepository } from './outbox-repository.ts';

const POLL_INTERVAL_MS = 2000;
/** Messages sent per wake-up at most; each is claimed only as its own send begins (see sendDue). */
const BATCH_SIZE = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/**
 * How long a send may wait on the mail server at each stage (connecting, its greeting, any silence
 * after): a third of the outbox's one-minute claim, so a stalled server fails the send and hands
 * the message back well before its claim runs out and another sender could take it (decision 097).
 */
export const SMTP_STAGE_TIMEOUT_MS = 20_000;
/**
 * The SMTP URL with the stage timeouts as its query (nodemailer reads options from a URL's query,
 * and given a URL it ignores options passed beside it); a timeout the URL sets already is kept.
 */
function withStageTimeouts(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(timeoutMs));
  return url.toString();
}

/** How often a delivered message's 'sent' mark is tried again while the database is away. */
const MARK_SENT_RETRY_MS = 500;

/**
 * The first calendar goes as the message's invitation (a text/calendar alternative with its
 * method, which calendar programs act on); any other file as an attachment.
 */
function mailAttachments(attachments: MailAttachment[]): Pick<SendMailOptions, 'icalEvent' | 'attachments'> {
  const invitation = attachments.find((attachment) => attachment.calendarMethod);
  return {
    icalEvent: invitation ? { method: invitation.calendarMethod, filename: invitation.filename, content: invitation.content } : undefined,
    attachments: attachments
      .filter((attachment) => attachment !== invitation)
      .map((attachment) => ({
        filename: attachment.filename,
        content: attachment.content,
        contentType: attachment.calendarMethod ? `text/calendar; charset=utf-8; method=${attachment.calendarMethod}` : undefined,
      })),
  };
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so that a message sent again (its
 * instance died after the mail server took it and before it was marked sent, decision 097) is a
 * repeat the receiving side can recognise and drop, not a second message. The row's creation time
 * keeps ids apart across databases (a restored backup, another environment) that reuse row ids.
 */
export function outboxMessageId(message: { id: number; createdAt: Date }, mailFrom: string): string {
  const domain = /@([^\s>]+)/.exec(mailFrom)?.[1] ?? 'testerhub.invalid';
  return `<testerhub.outbox.${message.id}.${message.createdAt.getTime()}@${domain}>`;
}

/** Seconds to wait after the nth failed attempt: 30 s, 2 min, 4.5 min ... up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, attempts * attempts * 30_000);
}

/**
 * Sends what the outbox holds over SMTP. A mail server that is down only delays a message:
 * it stays in the table and is tried again with growing pauses.
 */
export function startOutboxSender(options: {
  outbox: OutboxRepository;
  smtpUrl: string;
  mailFrom: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Told of every message the SMTP server did not take. */
  onSendFailed?: () => void;
  /** SMTP_STAGE_TIMEOUT_MS unless a test shortens it. */
  stageTimeoutMs?: number;
}) {
  const { outbox, smtpUrl, mailFrom, log, clock, onSendFailed } = options;
  const stageTimeout = options.stageTimeoutMs ?? SMTP_STAGE_TIMEOUT_MS;
  const transport: Transporter = nodemailer.createTransport(withStageTimeouts(smtpUrl, stageTimeout));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  /**
   * Marks a delivered message sent, trying again while the database is away (a PostgreSQL restart):
   * left 'sending', it would go out a second time once its claim ran out. Gives up only when the
   * sender stops.
   */
  async function markSentOnceBack(id: number) {
    for (;;) {
      try {
        await outbox.markSent(id);
        return;
      } catch (error) {
        if (stopped) throw error;
        log.warn({ outboxId: id, err: error }, 'e-mail sent but not yet marked; trying again');
        await new Promise((resolve) => setTimeout(resolve, MARK_SENT_RETRY_MS));
      }
    }
  }

  /**
   * One message at a time, each claimed just before its send: a claim made for a whole batch would
   * run its minute down while the messages before it went out, and a message another instance then
   * claimed again would go out twice; and an instance killed mid-batch would leave only the message
   * in flight claimed, not the rest of its batch waiting a minute.
   */
  async function sendDue() {
    for (let sent = 0; sent < BATCH_SIZE && !stopped; sent++) {
      const [message] = await outbox.claimDue(1);
      if (!message) return;
      try {
        await transport.sendMail({
          messageId: outboxMessageId(message, mailFrom),
          from: mailFrom,
          to: message.toAddress,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...mailAttachments(message.attachments ?? []),
        });
      } catch (error) {
        onSendFailed?.();
        const retryAt = new Date(clock.nowMs() + retryDelayMs(message.attempts));
        await outbox.markFailed(message.id, error instanceof Error ? error.message : String(error), retryAt);
        log.warn({ outboxId: message.id, attempts: message.attempts, retryAt, err: error }, 'e-mail not sent; will retry');
        continue;
      }
      await markSentOnceBack(message.id);
      log.info({ outboxId: message.id, kind: message.kind }, 'e-mail sent');
    }
  }

  let busy = false;
  let nudged = false;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      busy = true;
      nudged = false;
      running = sendDue()
        .catch((error: unknown) => log.error({ err: error }, 'outbox sender failed'))
        .finally(() => {
          busy = false;
          schedule(nudged ? 0 : POLL_INTERVAL_MS);
        });
    }, delay);
  }

  schedule(0);
  return {
    /** Sends what is due now, for the request that just queued a message (no wait for the next poll). */
    nudge() {
      if (busy) nudged = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
