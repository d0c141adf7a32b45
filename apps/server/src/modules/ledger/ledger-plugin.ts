import type { Executor } from '../../core/db/client.ts';
import { LOYALTY_SETTINGS_CHANNEL } from '../../core/db/loyalty-settings-notice.ts';
import { defineModule } from '../../core/modules/app-module.ts';
import type { DailyBonusService } from '../daily-bonus/daily-bonus-service.ts';
import type { WinnersService } from '../winners/winners-service.ts';
import type { LeaderboardService } from '../leaderboard/leaderboard-service.ts';
import type { PerksService } from '../perks/perks-service.ts';
import type { PerksSettingsService } from '../perks/perks-settings-service.ts';
import type { AvatarAdminService } from '../profile/avatar-admin-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { createLedgerService, type LedgerService } from './ledger-service.ts';
import { levelsSettingsRoutes } from './levels-settings-routes.ts';
import { createLevelsSettingsService } from './levels-settings-service.ts';

type OnTesterChanged = (testerId: string, executor: Executor) => void;

/** Coins, experience and levels: the only writer of balances (decision 016); a spend moves the leaderboard (039). */
export const ledgerModule = defineModule({
  name: 'ledger',
  build(
    { onTesterChanged, leaderboard }: { onTesterChanged: OnTesterChanged; leaderboard: Pick<LeaderboardService, 'spentCoinsCounter'> },
    { db, clock, metrics },
  ) {
    const ledger = createLedgerService(db, {
      clock,
      onTesterChanged,
      spentCoins: leaderboard.spentCoinsCounter,
      counters: metrics.business,
    });
    return { provides: { ledger } };
  },
});

/**
 * The levels' staff settings (decision 056). After perks and profile: a levels save may not remove
 * a level a perk level or a shown picture needs (decision 071).
 */
export const levelsSettingsModule = defineModule({
  name: 'levels-settings',
  build(
    {
      staff,
      ledger,
      onTesterChanged,
      perksSettings,
      avatarAdmin,
    }: {
      staff: Pick<StaffService, 'audited'>;
      ledger: Pick<LedgerService, 'forgetLevels'>;
      onTesterChanged: OnTesterChanged;
      perksSettings: Pick<PerksSettingsService, 'needsAbove'>;
      avatarAdmin: Pick<AvatarAdminService, 'needsAbove'>;
    },
    { db },
  ) {
    const levelsSettings = createLevelsSettingsService(db, {
      audited: staff.audited,
      forgetCached: ledger.forgetLevels,
      onTesterChanged,
      needsAbove: async (tx, level) => [...(await perksSettings.needsAbove(tx, level)), ...(await avatarAdmin.needsAbove(tx, level))],
    });
    return { provides: {}, routes: { staff: [levelsSettingsRoutes(levelsSettings)] } };
  },
});

/** Loyalty settings saved on any instance on this database are dropped from this one's memory at once (decision 056). */
export const loyaltySettingsNoticesModule = defineModule({
  name: 'loyalty-settings-notices',
  async build(
    {
      dailyBonus,
      winners,
      ledger,
      perks,
      sessionCache,
    }: {
      dailyBonus: Pick<DailyBonusService, 'forgetCached'>;
      winners: Pick<WinnersService, 'forgetCached'>;
      ledger: Pick<LedgerService, 'forgetLevels'>;
      perks: Pick<PerksService, 'forgetCached'>;
      sessionCache: { forgetAll(): void };
    },
    { listen },
  ) {
    const forgetSettings = (kind: string) => {
      dailyBonus.forgetCached();
      winners.forgetCached();
      ledger.forgetLevels();
      perks.forgetCached();
      // A levels save may have moved any tester's level: the sessions' copies of their rows go too (decision 071).
      if (kind === 'levels') sessionCache.forgetAll();
    };
    // Notices missed while the listening connection was lost may have included a levels save.
    await listen(LOYALTY_SETTINGS_CHANNEL, forgetSettings, () => forgetSettings('levels'));
    return { provides: {} };
  },
});
