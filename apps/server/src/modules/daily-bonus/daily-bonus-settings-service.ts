import {
  LOYALTY_SETTINGS_TEXTS,
  type DailyCalendarResponse,
  type DailyCalendarSettings,
  type LoyaltySettingsSaveResponse,
} from '@testerhub/shared/loyalty-settings-schemas';
import type { Database } from '../../core/db/client.ts';
import { announceLoyaltySettingsChange } from '../../core/db/loyalty-settings-notice.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createDailyBonusRepository, type DailyRewardDay } from './daily-bonus-repository.ts';

/** Thrown inside the audited unit of work when the calendar moved on since the editor read it: nothing is written. */
class StaleCalendar extends Error {
  constructor() {
    super('daily calendar saved by someone else');
  }
}

const view = (days: readonly DailyRewardDay[]) => ({
  version: days[0]?.version ?? 0,
  days: days.map(({ day, coins, experience }) => ({ day, coins, exp: experience })),
});

/**
 * The daily calendar in the staff console (issue 12 section 6; decision 056): read and saved whole,
 * audited, refused when someone else saved since the editor read it. The testers' side keeps the
 * calendar in memory; a save's notice, delivered at its commit, makes every instance drop it.
 */
export function createDailyBonusSettingsService(
  db: Database,
  deps: {
    audited: StaffService['audited'];
    /** Drops this instance's kept calendar at once after a save (the others drop theirs on the notice). */
    forgetCached: () => void;
  },
) {
  const repository = createDailyBonusRepository(db);
  return {
    async calendar(): Promise<DailyCalendarResponse> {
      return { status: 'succeed', ...view(await repository.listDays()) };
    },

    async saveCalendar(actor: StaffPrincipal, input: DailyCalendarSettings): Promise<LoyaltySettingsSaveResponse> {
      try {
        await deps.audited(actor.id, 'loyalty.daily-calendar', { type: 'loyalty-settings', id: 'daily-calendar' }, async (tx) => {
          const repo = createDailyBonusRepository(tx);
          const before = view(await repo.listDays());
          if (!(await repo.saveCalendar(input.version, input.days))) throw new StaleCalendar();
          await announceLoyaltySettingsChange(tx, 'daily-calendar');
          return { before, after: view(await repo.listDays()), result: undefined };
        });
      } catch (error) {
        if (!(error instanceof StaleCalendar)) throw error;
        return { status: 'failed', message: LOYALTY_SETTINGS_TEXTS.stale };
      }
      deps.forgetCached();
      return { status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.calendarSaved };
    },
  };
}

export type DailyBonusSettingsService = ReturnType<typeof createDailyBonusSettingsService>;
