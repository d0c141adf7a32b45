import { DAILY_BONUS_CYCLE_DAYS, type DailyRewardAnswer, type DailyRewardList } from '@testerhub/shared/daily-bonus-schemas';
import { cachedRead } from '../../core/cached-read.ts';
import type { Clock } from '../../core/clock.ts';
import { afterCommit, inTransaction, type Database } from '../../core/db/client.ts';
import { LOYALTY_SETTINGS_CACHE_MS } from '../../core/db/loyalty-settings-notice.ts';
import { localDay, monthStart } from '../../core/local-day.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { PERK_EFFECTS } from '../perks/perks-service.ts';
import { createDailyBonusRepository, type DailyVisitRow } from './daily-bonus-repository.ts';

/** The ledger's reason for a daily bonus; its reference is the company day, so a day pays once. */
export const DAILY_BONUS_REASON = 'dailyBonus';

/** The day after `day` in the 28-day cycle: 28 wraps to 1, and a day outside the cycle (0: never claimed) starts it. */
export function nextCycleDay(day: number): number {
  return day >= 1 && day < DAILY_BONUS_CYCLE_DAYS ? day + 1 : 1;
}

/** Today's day of the cycle: the one claimed today, or the one today would claim. A missed day does not reset it (decision 033). */
function todaysCycleDay(visits: DailyVisitRow | null, today: string): { day: number; receivedToday: boolean } {
  if (visits?.lastClaimDay === today) return { day: visits.cycleDay, receivedToday: true };
  return { day: nextCycleDay(visits?.cycleDay ?? 0), receivedToday: false };
}

/** Beyond this many testers the oldest entries make room; a forgotten entry costs one query. */
const LOGIN_DAYS_MAX_ENTRIES = 10_000;

/**
 * The Login Count tile's figure per tester, kept for `ttlMs` (issue 27: every portal page asks
 * GetPKTesterInfo, which shows it). This process forgets a tester's figure when it records a
 * visit of theirs; a visit recorded by another instance shows here within `ttlMs`, as a change
 * of the tester's row does in the session cache (decision 011). ttlMs 0: nothing kept.
 */
function createLoginDaysCache(ttlMs: number, nowMs: () => number) {
  const entries = new Map<string, { month: string; days: number; from: number }>();
  // Moves on with every forget: a read that began before a visit was recorded must not keep what it saw.
  let generation = 0;
  return {
    generation: () => generation,
    get(testerId: string, month: string): number | undefined {
      const entry = entries.get(testerId);
      const at = nowMs();
      if (!entry || entry.month !== month || at < entry.from || at - entry.from >= ttlMs) return undefined;
      return entry.days;
    },
    set(testerId: string, month: string, days: number, readAtGeneration: number) {
      if (ttlMs <= 0 || readAtGeneration !== generation) return;
      entries.delete(testerId);
      if (entries.size >= LOGIN_DAYS_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(testerId, { month, days, from: nowMs() });
    },
    forget(testerId: string) {
      generation += 1;
      entries.delete(testerId);
    },
  };
}

/**
 * The daily login bonus and the login-day count (spec 3, "Daily login bonus"; decision 033).
 * A day is the company's calendar day in `timeZone`.
 */
export function createDailyBonusService(
  db: Database,
  deps: {
    clock: Clock;
    ledger: LedgerService;
    /** The coins a tester's perk adds to every day (decision 038). */
    perkEffect: (testerId: string, effect: typeof PERK_EFFECTS.dailyBonusCoins) => Promise<number>;
    timeZone: string;
    /** How long this process keeps a tester's login-day count (the session cache's lifetime). */
    loginDaysCacheMs?: number;
  },
) {
  const repository = createDailyBonusRepository(db);
  const loginDays = createLoginDaysCache(deps.loginDaysCacheMs ?? 0, deps.clock.nowMs);
  // Kept in memory until a staff save on any instance drops it (the LOYALTY_SETTINGS_CHANNEL notice, decision 056).
  const calendar = cachedRead(LOYALTY_SETTINGS_CACHE_MS, () => repository.listDays(), deps.clock.nowMs);
  const today = () => localDay(deps.clock.now(), deps.timeZone);

  return {
    /** Drops the kept calendar: staff saved it on some instance (decision 056). */
    forgetCached: () => calendar.forget(),

    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /** CheckLastTimeLogin: counts today's visit and says whether today's bonus is still to claim. */
    async checkLastTimeLogin(testerId: string): Promise<boolean> {
      const day = today();
      const visits = await repository.recordVisit(testerId, day, monthStart(day));
      loginDays.forget(testerId);
      return visits.lastClaimDay !== day;
    },

    async rewardList(testerId: string): Promise<DailyRewardList> {
      const [days, visits, extra] = await Promise.all([
        calendar(),
        repository.findVisits(testerId),
        deps.perkEffect(testerId, PERK_EFFECTS.dailyBonusCoins),
      ]);
      return {
        status: 'succeed',
        ...todaysCycleDay(visits, today()),
        rewards: days.map(({ day, coins, experience }) => ({ day, coins: coins + extra, exp: experience })),
      };
    },

    /** GetDailyReward: pays today's day of the cycle once, whatever the number of calls or instances. */
    async claim(testerId: string): Promise<DailyRewardAnswer> {
      const day = today();
      // Read before the transaction: on PGlite a read beside it would wait for it.
      const [days, extra] = await Promise.all([calendar(), deps.perkEffect(testerId, PERK_EFFECTS.dailyBonusCoins)]);
      return inTransaction(db, async (tx) => {
        const repo = createDailyBonusRepository(tx);
        // The visit's upsert locks the tester's row: a second claim of the same day waits here, then finds it claimed.
        const current = todaysCycleDay(await repo.recordVisit(testerId, day, monthStart(day)), day);
        afterCommit(tx, () => loginDays.forget(testerId));
        const pay = days.find((row) => row.day === current.day);
        if (current.receivedToday || !pay || !(await repo.claim(testerId, day, current.day))) {
          return { status: 'alreadyReceived', reward: 0, exp: 0 } as const;
        }
        const paid = await deps.ledger.record(
          { testerId, coins: pay.coins + extra, experience: pay.experience, reason: DAILY_BONUS_REASON, reference: day },
          tx,
        );
        if (paid.status === 'alreadyRecorded') return { status: 'alreadyReceived', reward: 0, exp: 0 } as const;
        return { status: 'succeed', day: current.day, reward: pay.coins + extra, exp: pay.experience } as const;
      });
    },

    /** The Login Count tile: the days this month the tester came to the portal. */
    async loginDaysThisMonth(testerId: string): Promise<number> {
      const month = monthStart(today());
      const kept = loginDays.get(testerId, month);
      if (kept !== undefined) return kept;
      const generation = loginDays.generation();
      const visits = await repository.findVisits(testerId);
      const days = visits && visits.visitMonth === month ? visits.visitDaysInMonth : 0;
      loginDays.set(testerId, month, days, generation);
      return days;
    },
  };
}

export type DailyBonusService = ReturnType<typeof createDailyBonusService>;
