import type { Executor } from '../../core/db/client.ts';
import { HOUR_MS } from '../../core/clock.ts';
import { createTermsRepository } from './terms-repository.ts';

/**
 * The demo terms (decision 041): version 1 comes from the migration; the seed publishes the current
 * version a month before the seed day, with what changed, and records the seeded testers (the demo
 * accounts and the survey testers) as having accepted it, on joining or on the day it came.
 */
export async function seedDemoTerms(tx: Executor, today: Date, testers: { id: string; createdAt: Date }[]): Promise<void> {
  const terms = createTermsRepository(tx);
  const publishedAt = new Date(today.getTime() - 30 * 24 * HOUR_MS);
  const { version } = (await terms.publish({
    publishedAt,
    summaryEn:
      'We now explain how the leaderboard shows your username, how long we keep your study answers (three years), and how to download your data or delete your account.',
    summaryEs:
      'Ahora explicamos cómo la tabla de clasificación muestra su nombre de usuario, cuánto tiempo guardamos sus respuestas de estudios (tres años) y cómo descargar sus datos o eliminar su cuenta.',
  }))!;
  await terms.insertAcceptances(
    testers.map((tester) => ({
      testerId: tester.id,
      version,
      acceptedAt: tester.createdAt > publishedAt ? tester.createdAt : publishedAt,
    })),
  );
}
