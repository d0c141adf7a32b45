import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import { perksRoutes } from './perks-routes.ts';
import { createPerksService } from './perks-service.ts';
import { perksSettingsRoutes } from './perks-settings-routes.ts';
import { createPerksSettingsService } from './perks-settings-service.ts';

/** The skill tree and its upgrades (decision 038); its staff settings (decision 064). */
export const perksModule = defineModule({
  name: 'perks',
  build({ ledger, staff }: { ledger: LedgerService; staff: Pick<StaffService, 'audited'> }, { db, clock }) {
    const perks = createPerksService(db, { clock, ledger });
    const perksSettings = createPerksSettingsService(db, {
      audited: staff.audited,
      forgetCached: perks.forgetCached,
      highestLevel: ledger.highestLevel,
      lockedHighestLevel: ledger.lockedHighestLevel,
    });
    return {
      provides: { perks, perksSettings },
      routes: { tester: [perksRoutes(perks)], staff: [perksSettingsRoutes(perksSettings)] },
    };
  },
});
