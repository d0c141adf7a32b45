import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture.ts';
import { systemClock } from '../../core/clock.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import { startOutboxSender } from './outbox-sender.ts';

type Claimed = Awaited<ReturnType<OutboxRepository['claimDue']>>[number];

/**
 * The database away just after the mail server took a message (a PostgreSQL restart, decision
 * 093's cluster test): the message was delivered, so it is marked sent once the database answers
 * again, never handed back for a second send.
 */
describe('a message delivered while the database is away', () => {
  let smtp: SmtpCapture | undefined;
  let stopSender: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopSender?.();
    await smtp?.close();
  });

  it('is marked sent when the database is back, not retried', async () => {
    smtp = await startSmtpCapture();
    const message = {
      id: 7,
      toAddress: 'away.reader@mail.example.test',
      subject: 'Your booking',
      html: '<p>Booked</p>',
      text: 'Booked',
      kind: 'booking',
      attachments: null,
      attempts: 1,
    } as unknown as Claimed;
    let claimed = false;
    let markSentCalls = 0;
    const failed: number[] = [];
    // Settled by the sender's last word on the message: marked sent, or handed back for another send.
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const outbox = {
      claimDue: async () => {
        if (claimed) return [];
        claimed = true;
        return [message];
      },
      // The first two tries find the database down, the third finds it back.
      markSent: async () => {
        markSentCalls += 1;
        if (markSentCalls < 3) throw new Error('Connection terminated unexpectedly');
        settle();
      },
      markFailed: async (id: number) => {
        failed.push(id);
        settle();
      },
    } as unknown as OutboxRepository;

    const sender = startOutboxSender({
      outbox,
      smtpUrl: smtp.url,
      mailFrom: 'TesterHub <no-reply@testerhub.example>',
      log: pino({ level: 'silent' }),
      clock: systemClock,
    });
    stopSender = () => sender.stop();
    await settled;

    expect(markSentCalls).toBe(3);
    expect(failed).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes('away.reader@mail.example.test'))).toHaveLength(1);
  });
});
