import type { Executor } from '../../core/db/client.ts';
import { dailyRewardDays } from './daily-bonus-tables.ts';

/**
 * The demo calendar (decision 033): 10 coins a day, 20 after day 14, 50 on every 7th day and
 * 200 on the 28th; experience half the coins.
 */
export function demoDailyRewardDays() {
  return Array.from({ length: 28 }, (_, index) => {
    const day = index + 1;
    const coins = day === 28 ? 200 : day % 7 === 0 ? 50 : day > 14 ? 20 : 10;
    return { day, coins, experience: coins / 2 };
  });
}

export async function seedDailyRewardDays(tx: Executor): Promise<void> {
  await tx.insert(dailyRewardDays).values(demoDailyRewardDays()).onConflictDoNothing();
}
