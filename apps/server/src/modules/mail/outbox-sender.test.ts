import { createServer, type Server, type Socket } from 'node:net';
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
      createdAt: new Date(),
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

/** A claimed outbox row as the repository answers it. */
function outboxRow(id: number, toAddress: string): Claimed {
  return {
    id,
    toAddress,
    subject: 'Your booking',
    html: '<p>Booked</p>',
    text: 'Booked',
    kind: 'booking',
    attachments: null,
    attempts: 1,
    createdAt: new Date('2026-11-28T06:00:00.123Z'),
  } as unknown as Claimed;
}

/**
 * At-least-once made recognisable and narrow (decision 097): a message can reach the mail server
 * twice only when its instance dies between the server's acceptance and the 'sent' mark. The
 * repeat then carries the first send's Message-ID; and a message is claimed only when its own send
 * begins, so no claim runs out while the messages before it go out.
 */
describe('the sender and the outbox row', () => {
  let smtp: SmtpCapture | undefined;
  let stopSender: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopSender?.();
    await smtp?.close();
  });

  function start(outbox: OutboxRepository) {
    const sender = startOutboxSender({
      outbox,
      smtpUrl: smtp!.url,
      mailFrom: 'TesterHub <no-reply@testerhub.example>',
      log: pino({ level: 'silent' }),
      clock: systemClock,
    });
    stopSender = () => sender.stop();
  }

  it('gives a row sent again the Message-ID of its first send, made from the row', async () => {
    smtp = await startSmtpCapture();
    const address = 'twice.reader@mail.example.test';
    let claims = 0;
    // Claimed again after its first send: as when the instance that sent it died before marking it.
    const outbox = {
      claimDue: async () => (claims++ < 2 ? [outboxRow(41, address)] : []),
      markSent: async () => undefined,
      markFailed: async () => undefined,
    } as unknown as OutboxRepository;
    start(outbox);
    await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(address) && smtp!.messages.filter((m) => m.envelopeTo.includes(address)).length === 2,
    );

    const ids = smtp.messages.filter((mail) => mail.envelopeTo.includes(address)).map((mail) => mail.headers['message-id']);
    expect(ids).toEqual([
      `<testerhub.outbox.41.${Date.parse('2026-11-28T06:00:00.123Z')}@testerhub.example>`,
      `<testerhub.outbox.41.${Date.parse('2026-11-28T06:00:00.123Z')}@testerhub.example>`,
    ]);
  });

  it('claims the next message only once the one before it is sent and marked', async () => {
    smtp = await startSmtpCapture();
    const due = [outboxRow(1, 'first.reader@mail.example.test'), outboxRow(2, 'second.reader@mail.example.test')];
    const claimedBefore = new Map<number, number[]>();
    const claimed: number[] = [];
    const marked: number[] = [];
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const outbox = {
      claimDue: async (limit: number) => {
        const taken = due.splice(0, limit);
        claimed.push(...taken.map((row) => row.id));
        return taken;
      },
      markSent: async (id: number) => {
        // What had been claimed when this message's delivery was done.
        claimedBefore.set(id, [...claimed]);
        marked.push(id);
        if (marked.length === 2) settle();
      },
      markFailed: async () => undefined,
    } as unknown as OutboxRepository;
    start(outbox);
    await settled;

    expect(marked).toEqual([1, 2]);
    expect(claimedBefore.get(1)).toEqual([1]);
    expect(claimedBefore.get(2)).toEqual([1, 2]);
  });
});

/**
 * A mail server that takes the connection and then says nothing: the send fails at the greeting's
 * timeout and the message goes back to the outbox, instead of hanging past its one-minute claim
 * (nodemailer's own greeting and socket timeouts are 30 s and 10 minutes).
 */
describe('a mail server that stalls', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  let stopSender: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopSender?.();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  // Well under nodemailer's own 30 s greeting timeout, which the sender used before.
  it('fails the send within the stage timeout and hands the message back', { timeout: 10_000 }, async () => {
    server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    let handedBack!: (id: number) => void;
    const failed = new Promise<number>((resolve) => (handedBack = resolve));
    let claimed = false;
    const outbox = {
      claimDue: async () => (claimed ? [] : ((claimed = true), [outboxRow(9, 'stalled.reader@mail.example.test')])),
      markSent: async () => undefined,
      markFailed: async (id: number) => handedBack(id),
    } as unknown as OutboxRepository;
    const sender = startOutboxSender({
      outbox,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'TesterHub <no-reply@testerhub.example>',
      log: pino({ level: 'silent' }),
      clock: systemClock,
      stageTimeoutMs: 300,
    });
    stopSender = () => sender.stop();
    expect(await failed).toBe(9);
    expect(sockets.length).toBeGreaterThan(0);
  });
});
