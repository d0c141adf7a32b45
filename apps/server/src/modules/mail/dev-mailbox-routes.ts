import type { FastifyInstance } from 'fastify';
import type { MailService } from './mail-service.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * /dev/mailbox: the outbox as a page, so a newcomer without a mail server can follow the
 * confirmation link. Registered only outside production and without SMTP_URL.
 */
export function registerDevMailbox(app: FastifyInstance, mail: MailService) {
  app.get('/dev/mailbox', async (_request, reply) => {
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
