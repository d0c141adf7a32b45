import { LEADERBOARD_SIZE, LEADERBOARD_TYPES, type Ranker, type RankerList } from '@testerhub/shared/leaderboard-schemas';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { localDay, monthStart } from '../../core/local-day.ts';
import { avatarSrc } from '../profile/profile-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { countSpentCoinsSql, createLeaderboardRepository, type LeaderboardCounter } from './leaderboard-repository.ts';

/**
 * The leaderboard (spec 3, "Leaderboard"; decision 039): the current company month's top ten by
 * coins spent, friends referred and screeners filled. The counters are moved by the modules
 * whose events they count, in those events' transactions (the ledger, referrals, screening;
 * wired in their plugins), and read here by index.
 */
export function createLeaderboardService(
  db: Database,
  deps: { clock: Clock; testers: Pick<TesterService, 'publicProfiles'>; timeZone: string; size?: number },
) {
  const repository = createLeaderboardRepository(db);
  const size = deps.size ?? LEADERBOARD_SIZE;
  const currentMonth = () => monthStart(localDay(deps.clock.now(), deps.timeZone));

  /** Adds to a counter of the tester's current month, inside the caller's transaction. */
  const count = (counter: LeaderboardCounter) => async (testerId: string, amount: number, tx: Executor) => {
    if (amount <= 0) return;
    await createLeaderboardRepository(tx).add(testerId, currentMonth(), counter, amount);
  };

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /**
     * Coins the tester spent (the ledger's negative changes), counted by the ledger's own write
     * (decision 150): the piece of SQL that moves the counter, and the month it counts in now.
     */
    spentCoinsCounter: { countedSql: countSpentCoinsSql, month: currentMonth },
    /** A friend the tester referred (UpdateReferralList succeeded). */
    referralMade: (testerId: string, tx: Executor) => count('referrals')(testerId, 1, tx),
    /** A screener the tester finished (for them or their child). */
    screenerFilled: (testerId: string, tx: Executor) => count('screeners')(testerId, 1, tx),

    /** GetRankerList: the tester's own figures and the three lists of the current month. */
    async rankerList(testerId: string): Promise<RankerList> {
      const { mine, spent, referred, screened } = await repository.monthBoard(testerId, currentMonth(), size);
      const ids = [...new Set([testerId, ...[...spent, ...referred, ...screened].map((row) => row.testerId)])];
      const profiles = new Map((await deps.testers.publicProfiles(ids)).map((profile) => [profile.id, profile]));
      const imageOf = (id: string) => avatarSrc(profiles.get(id)?.avatarFile ?? '');
      const rankers = (type: Ranker['type'], rows: { testerId: string; amount: number }[]): Ranker[] =>
        rows.map((row) => ({
          type,
          username: profiles.get(row.testerId)?.username ?? '',
          imageSrc: imageOf(row.testerId),
          amount: row.amount,
        }));
      return {
        myInfo: {
          imageSrc: imageOf(testerId),
          username: profiles.get(testerId)?.username ?? '',
          spendCoins: mine.spentCoins,
          referralCount: mine.referrals,
          attendScreen: mine.screeners,
        },
        coinRankers: rankers(LEADERBOARD_TYPES.coins, spent),
        referralRankers: rankers(LEADERBOARD_TYPES.referrals, referred),
        attendRankers: rankers(LEADERBOARD_TYPES.screeners, screened),
      };
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
