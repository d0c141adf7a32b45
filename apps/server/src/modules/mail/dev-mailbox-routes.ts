import type { FastifyInstance } from 'fastify';
import type { MailService } from './mail-service.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * /dev/mailbox: the outbox as a page, so a newcomer without a mail server can follow the
 * confirmation link. Registered only outside production and without SMTP_URL, and it answers
 * only a browser on this machine: the page holds live reset links. The socket's address decides,
 * never X-Forwarded-For (request.ip), which anyone can write.
 */
export function registerDevMailbox(app: FastifyInstance, mail: MailService) {
  app.get('/dev/mailbox', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) {
      request.log.warn({ event: 'dev-mailbox.refused' }, '/dev/mailbox asked for from another machine');
      return reply.status(403).type('text/plain; charset=utf-8').send('The development mailbox answers this machine only.');
    }
    const messages = await mail.recent(50);
    const items = messages
      .map((message) => {
        const links = [...message.text.matchAll(/https?:\/\/\S+/g)]
          .map(([href]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`)
          .join('');
        return `<article><h2>${escapeHtml(message.subject)}</h2><p>To ${escapeHtml(message.toAddress)} · ${message.createdAt.toISOString()} · ${escapeHtml(message.kind)}</p><ul>${links}</ul><pre>${escapeHtml(message.text)}</pre></article>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox</title></head><body><main><h1>Development mailbox</h1><p>Messages the site would have e-mailed (no SMTP_URL is set). Newest first.</p>${items || '<p>No messages yet.</p>'}</main></body></html>`,
      );
  });
}
