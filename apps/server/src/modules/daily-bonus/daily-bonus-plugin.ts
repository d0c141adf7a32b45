import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { PerksService } from '../perks/perks-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { dailyBonusRoutes } from './daily-bonus-routes.ts';
import { createDailyBonusService } from './daily-bonus-service.ts';
import { dailyBonusSettingsRoutes } from './daily-bonus-settings-routes.ts';
import { createDailyBonusSettingsService } from './daily-bonus-settings-service.ts';

/** The 28-day login bonus in the company's day (decision 033); the calendar's staff settings (056). */
export const dailyBonusModule = defineModule({
  name: 'daily-bonus',
  build(
    { ledger, perks, staff }: { ledger: LedgerService; perks: Pick<PerksService, 'effect'>; staff: Pick<StaffService, 'audited'> },
    { db, clock, config },
  ) {
    const dailyBonus = createDailyBonusService(db, {
      clock,
      ledger,
      perkEffect: perks.effect,
      timeZone: config.loyaltyTimeZone,
      loginDaysCacheMs: config.sessionCacheSeconds * 1000,
    });
    const dailyBonusSettings = createDailyBonusSettingsService(db, { audited: staff.audited, forgetCached: dailyBonus.forgetCached });
    return {
      provides: { dailyBonus },
      routes: { tester: [dailyBonusRoutes(dailyBonus)], staff: [dailyBonusSettingsRoutes(dailyBonusSettings)] },
    };
  },
});
