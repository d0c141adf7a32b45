import {
  LOYALTY_SETTINGS_TEXTS,
  percentToRate,
  rateToPercent,
  type DrawingSettings,
  type LoyaltySettingsSaveResponse,
  type WheelAndDrawingResponse,
  type WheelSettings,
} from '@testerhub/shared/loyalty-settings-schemas';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { localDay } from '../../core/local-day.ts';
import { announceLoyaltySettingsChange } from '../../core/db/loyalty-settings-notice.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { ruleWithDay } from './drawing-week.ts';
import { createWinnersRepository } from './winners-repository.ts';

/** Thrown inside the audited unit of work when the settings moved on since the editor read them: nothing is written. */
class StaleSettings extends Error {
  constructor() {
    super('event settings saved by someone else');
  }
}

/** The wheel and the drawing as the console shows them (odds as percentages), read in one statement. */
async function readView(db: Executor): Promise<Omit<WheelAndDrawingResponse, 'status'>> {
  const { settings, segments } = await createWinnersRepository(db).wheel();
  return {
    wheel: {
      version: settings.wheelVersion,
      spinCost: settings.spinCost,
      spinsPerWeek: settings.spinsPerWeek,
      segments: segments.map(({ coins, rate }) => ({ coins, percent: rateToPercent(rate) })),
    },
    drawing: {
      version: settings.drawingVersion,
      goldCardCost: settings.goldCardCost,
      goldCardPrize: settings.goldCardPrize,
      drawingDay: settings.drawingDay,
    },
  };
}

/**
 * The wheel's and the drawing's settings in the staff console (issue 12 section 6; decision 056):
 * read, and each kind saved whole, audited, refused when someone else saved it since the editor
 * read it. The testers' side keeps them in memory; a save's notice, delivered at its commit, makes
 * every instance drop them.
 */
export function createWinnersSettingsService(
  db: Database,
  deps: {
    audited: StaffService['audited'];
    /** Drops this instance's kept figures and odds at once after a save (the others drop theirs on the notice). */
    forgetCached: () => void;
    /** The company's day a change of the drawing's day is made on (decision 065). */
    clock: Clock;
    timeZone: string;
  },
) {
  async function save(
    actor: StaffPrincipal,
    kind: 'wheel' | 'drawing',
    write: (tx: Executor) => Promise<boolean>,
    saved: string,
  ): Promise<LoyaltySettingsSaveResponse> {
    try {
      await deps.audited(actor.id, `loyalty.${kind}`, { type: 'loyalty-settings', id: kind }, async (tx) => {
        const before = (await readView(tx))[kind];
        if (!(await write(tx))) throw new StaleSettings();
        await announceLoyaltySettingsChange(tx, kind);
        return { before, after: (await readView(tx))[kind], result: undefined };
      });
    } catch (error) {
      if (!(error instanceof StaleSettings)) throw error;
      return { status: 'failed', message: LOYALTY_SETTINGS_TEXTS.stale };
    }
    deps.forgetCached();
    return { status: 'succeed', message: saved };
  }

  return {
    async wheelAndDrawing(): Promise<WheelAndDrawingResponse> {
      return { status: 'succeed', ...(await readView(db)) };
    },

    /** The spin's cost, the spins a week and the segments (their odds add up to 100 %: the shared schema checked it). */
    saveWheel(actor: StaffPrincipal, input: WheelSettings) {
      const segments = input.segments.map(({ coins, percent }) => ({ coins, rate: percentToRate(percent)! }));
      return save(
        actor,
        'wheel',
        (tx) =>
          createWinnersRepository(tx).saveWheel(input.version, { spinCost: input.spinCost, spinsPerWeek: input.spinsPerWeek, segments }),
        LOYALTY_SETTINGS_TEXTS.wheelSaved,
      );
    },

    /**
     * The drawing's cost, prize and day. A new day keeps the running week (and its entries) until
     * the first new drawing day on or after today, when it is drawn (decision 065).
     */
    saveDrawing(actor: StaffPrincipal, input: DrawingSettings) {
      return save(
        actor,
        'drawing',
        async (tx) => {
          const events = createWinnersRepository(tx);
          const rule = ruleWithDay(localDay(deps.clock.now(), deps.timeZone), await events.settings(), input.drawingDay);
          return events.saveDrawing(input.version, {
            goldCardCost: input.goldCardCost,
            goldCardPrize: input.goldCardPrize,
            drawingDay: rule.drawingDay,
            drawingWeekKept: rule.drawingWeekKept,
            drawingDayFrom: rule.drawingDayFrom,
          });
        },
        LOYALTY_SETTINGS_TEXTS.drawingSaved,
      );
    },
  };
}

export type WinnersSettingsService = ReturnType<typeof createWinnersSettingsService>;
