import type { Executor } from '../../../core/db/client.ts';
import { createPublicContentRepository } from '../public-content-repository.ts';

/**
 * The console's demo history of a legal text (decision 070): the Cancellation Policy published
 * once and then returned to its built-in text, so every page still shows its built-in text (the
 * prerendered pages and their browser tests are unchanged) while the editor has a history to show.
 */
export async function seedDemoLegalTexts(tx: Executor, today: Date): Promise<void> {
  const texts = createPublicContentRepository(tx);
  const day = 24 * 3600_000;
  await texts.insertLegalTextVersion({
    page: 'cancellation-policy',
    version: 1,
    bodyHtml:
      '<article class="legal"><h2>Changing or cancelling an appointment</h2><p>Please tell us at least 24 hours before your session if you cannot come, so that another tester can take your seat.</p></article>',
    publishedAt: new Date(today.getTime() - 14 * day),
    publishedBy: null,
  });
  await texts.insertLegalTextVersion({
    page: 'cancellation-policy',
    version: 2,
    bodyHtml: null,
    publishedAt: new Date(today.getTime() - 7 * day),
    publishedBy: null,
  });
}
