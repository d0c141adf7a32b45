import type { Executor } from '../../core/db/client.ts';
import { eventSettings, wheelSegments } from './winners-tables.ts';

/** The demo wheel (decision 037): nine segments from 10 to 5,000 coins; the chances add up to 100,000. */
export const DEMO_WHEEL = [
  { coins: 10, rate: 30000 },
  { coins: 20, rate: 25000 },
  { coins: 30, rate: 18000 },
  { coins: 50, rate: 12000 },
  { coins: 75, rate: 8000 },
  { coins: 100, rate: 4500 },
  { coins: 250, rate: 2000 },
  { coins: 1000, rate: 450 },
  { coins: 5000, rate: 50 },
];

export async function seedWinners(tx: Executor): Promise<void> {
  await tx.insert(eventSettings).values({ id: 1 }).onConflictDoNothing();
  await tx.insert(wheelSegments).values(DEMO_WHEEL);
}
