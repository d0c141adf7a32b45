import type { OutboxRepository, OutgoingEmail } from '../repositories/outbox-repository.ts';

/** Queues e-mail in the database (so none is lost) and asks the sender, if one runs, to send it now. */
export function createMailService(outbox: OutboxRepository, sender: { nudge(): void } | null, publicUrl: string) {
  return {
    async queue(email: OutgoingEmail) {
      const id = await outbox.enqueue(email);
      sender?.nudge();
      return id;
    },
    /** Links in e-mails always start from PUBLIC_URL, never from the request's Host header. */
    link(path: string, query: Record<string, string>) {
      const url = new URL(path, `${publicUrl}/`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.toString();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
