import { defineModule, type ModuleJob } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { PerksService } from '../perks/perks-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { winnersRoutes } from './winners-routes.ts';
import { createWinnersService } from './winners-service.ts';
import { winnersSettingsRoutes } from './winners-settings-routes.ts';
import { createWinnersSettingsService } from './winners-settings-service.ts';

/**
 * The weekly gift-card drawing (decisions 037, 065): every hour of every day in the company's zone,
 * drawing the week whose drawing day (the stored one) has come; the first run draws, the others find it drawn.
 */
export const GOLD_CARD_DRAWING_JOB = 'gold-card-drawing';
export const GOLD_CARD_DRAWING_CRON = '5 * * * *';

/** Spin the wheel, the weekly drawing and its job, the winners lists (decision 037); the staff's settings (056). */
export const winnersModule = defineModule({
  name: 'winners',
  build(
    {
      ledger,
      testers,
      mail,
      publicContent,
      perks,
      staff,
    }: {
      ledger: LedgerService;
      testers: TesterService;
      mail: MailService;
      publicContent: Pick<PublicContentService, 'listWinners'>;
      perks: Pick<PerksService, 'effectsFor'>;
      staff: Pick<StaffService, 'audited'>;
    },
    { db, clock, config, log },
  ) {
    const winners = createWinnersService(db, {
      clock,
      ledger,
      testers,
      mail,
      listWinners: publicContent.listWinners,
      perkEffects: perks.effectsFor,
      timeZone: config.loyaltyTimeZone,
    });
    const winnersSettings = createWinnersSettingsService(db, {
      audited: staff.audited,
      forgetCached: winners.forgetCached,
      clock,
      timeZone: config.loyaltyTimeZone,
    });
    // The queue runs it on its schedule, and so does the fake-clock listener's test-support route
    // at the clock's time (decision 042): one job, so a test runs the job's own path.
    const goldCardDrawing: ModuleJob = {
      name: GOLD_CARD_DRAWING_JOB,
      cron: GOLD_CARD_DRAWING_CRON,
      timeZone: config.loyaltyTimeZone,
      policy: 'singleton',
      retryLimit: 0,
      run: async () => {
        const drawing = await winners.drawDue();
        if (drawing.status === 'drawn') log.info({ entries: drawing.entries }, 'weekly gift-card drawing drawn');
        return drawing;
      },
    };
    return {
      provides: { winners, goldCardDrawing },
      routes: { tester: [winnersRoutes(winners)], staff: [winnersSettingsRoutes(winnersSettings)] },
      jobs: [goldCardDrawing],
    };
  },
});
