import type { Executor } from '../../core/db/client.ts';
import { localDay, monthStart } from '../../core/local-day.ts';
import { leaderboardMonths } from './leaderboard-tables.ts';

/** Figures for the demo testers in the seed's company month (decision 039), so the demo board is not empty. */
const DEMO_FIGURES = [
  { spentCoins: 1200, referrals: 3, screeners: 5 },
  { spentCoins: 450, referrals: 1, screeners: 8 },
  { spentCoins: 800, referrals: 4, screeners: 2 },
];

export async function seedDemoLeaderboard(tx: Executor, today: Date, testerIds: string[], timeZone: string): Promise<void> {
  if (testerIds.length === 0) return;
  const month = monthStart(localDay(today, timeZone));
  await tx
    .insert(leaderboardMonths)
    .values(testerIds.map((testerId, index) => ({ testerId, month, ...DEMO_FIGURES[index % DEMO_FIGURES.length]! })))
    .onConflictDoNothing();
}
