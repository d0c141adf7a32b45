import { randomInt } from 'node:crypto';
import type {
  ApplyEventAnswer,
  ApplyGoldCardAnswer,
  CheckCoins,
  EventCount,
  GoldRewardAvailable,
  LatestWinners,
  LatestWinnersRequest,
  WinnerList,
} from '@testerhub/shared/winners-schemas';
import { bilingual, languageOf } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-loyalty.json';
import es from '@testerhub/shared/locales/es/mail-loyalty.json';
import { cachedRead } from '../../core/cached-read.ts';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { LOYALTY_SETTINGS_CACHE_MS } from '../../core/db/loyalty-settings-notice.ts';
import { addDays, localDay, weekStart } from '../../core/local-day.ts';
import { drawingWeekOf, lastEndedWeek } from './drawing-week.ts';
import { InsufficientBalanceError } from '../../core/errors.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { greetingFor, standardMessage, type MailService } from '../mail/mail-service.ts';
import { PERK_EFFECTS, type PerksService } from '../perks/perks-service.ts';
import { avatarSrc } from '../profile/profile-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createWinnersRepository, type WheelSegment } from './winners-repository.ts';

/** Ledger reasons: a spin's cost and its win (both referenced by the spin's id), a drawing entry (by its week). */
export const LEDGER_REASONS = { spin: 'wheelSpin', win: 'wheelWin', goldCard: 'goldCardEntry' } as const;

/** The winners' page shows this many of each list. */
const loyaltyTexts = bilingual(en, es);

/** The weekly drawing's winner is told, in their own language. */
export function drawingWinnerMessage(winner: { email: string; firstName: string; language: string }, week: string, prize: string) {
  const language = languageOf(winner.language);
  const t = loyaltyTexts(language);
  return standardMessage({
    to: winner.email,
    subject: t('winnerSubject', { prize }),
    kind: 'gold-card-winner',
    language,
    greeting: greetingFor(language, winner.firstName),
    paragraphs: [t('winnerCongratulations', { week, prize }), t('winnerDelivery')],
  });
}

const LIST_LENGTH = 10;
const HISTORY_LENGTH = 20;
/** How far back the drawing job looks for a week with entries left undrawn (a job that did not run for weeks). */
const UNDRAWN_LOOKBACK_DAYS = 8 * 7;
/** The giveaway of each winners page, as the winners table names it. */
const WINNER_TYPES: Record<LatestWinnersRequest['type'], string> = { eCard: 'Facebook', newTester: 'NewTester' };

/** A segment drawn with the odds of the table, from a cryptographic random source. */
export function drawSegment(segments: readonly WheelSegment[], random: (max: number) => number = randomInt): WheelSegment {
  const total = segments.reduce((sum, segment) => sum + segment.rate, 0);
  if (total <= 0) throw new Error('The wheel has no segment that can come up.');
  let ticket = random(total);
  for (const segment of segments) {
    if (ticket < segment.rate) return segment;
    ticket -= segment.rate;
  }
  throw new Error('unreachable: the ticket is below the total of the rates');
}

/** A shuffled copy (Fisher–Yates with a cryptographic source): the wheel's order tells nothing of the odds. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * Spin the wheel, the weekly gift-card drawing and the winners (spec 3, "Wheel", "Gift-card
 * drawing"; decision 037). The wheel's weeks are the company's, Monday to Sunday, in `timeZone`; the
 * drawing's weeks start on its day, which content staff choose (Monday unless changed; decision 065).
 */
export function createWinnersService(
  db: Database,
  deps: {
    clock: Clock;
    ledger: LedgerService;
    testers: TesterService;
    mail: MailService;
    listWinners: PublicContentService['listWinners'];
    /** The figures a tester's perks add (decision 038): more spins a week, a cheaper drawing entry. */
    perkEffects: PerksService['effectsFor'];
    timeZone: string;
  },
) {
  const repository = createWinnersRepository(db);
  // The figures and the odds, read in one statement (one snapshot) and kept in memory until a staff
  // save on any instance drops them (the LOYALTY_SETTINGS_CHANNEL notice, decision 056).
  const wheel = cachedRead(LOYALTY_SETTINGS_CACHE_MS, () => repository.wheel(), deps.clock.nowMs);
  /** The figures for one tester, with the segments read alongside: the settings with the tester's perks applied (decision 038). */
  async function figuresFor(testerId: string) {
    const [{ settings: base, segments }, perks] = await Promise.all([
      wheel(),
      deps.perkEffects(testerId, [PERK_EFFECTS.extraSpins, PERK_EFFECTS.drawingDiscount]),
    ]);
    return {
      ...base,
      segments,
      spinsPerWeek: base.spinsPerWeek + perks.extraSpins,
      goldCardCost: Math.max(1, base.goldCardCost - perks.drawingDiscount),
    };
  }
  const today = () => localDay(deps.clock.now(), deps.timeZone);
  /** The wheel's week: the company week, Monday to Sunday (the spin allowance resets on Monday). */
  const thisWeek = () => weekStart(today());
  const balance = async (testerId: string) => (await deps.ledger.balance(testerId))?.coins ?? 0;

  async function profilesOf(ids: string[]) {
    const profiles = await deps.testers.publicProfiles([...new Set(ids)]);
    return new Map(profiles.map((profile) => [profile.id, profile]));
  }

  return {
    /** Drops the kept figures and odds: staff saved them on some instance (decision 056). */
    forgetCached: () => wheel.forget(),

    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    async eventCount(testerId: string): Promise<EventCount> {
      const [{ spinCost, spinsPerWeek, segments }, used, currentCoins] = await Promise.all([
        figuresFor(testerId),
        repository.spinsUsed(testerId, thisWeek()),
        balance(testerId),
      ]);
      return {
        coins: spinCost,
        count: Math.max(0, spinsPerWeek - used),
        totalCount: spinsPerWeek,
        currentCoins,
        winningRate: shuffled(segments).map(({ coins, rate }) => ({ coins, rate })),
      };
    },

    /**
     * One spin: a spin of the week's allowance and its cost are taken, the segment is drawn, and
     * its coins paid, in one transaction; a refused cost takes the spin back.
     */
    async spin(tester: { id: string; blackList: boolean }): Promise<ApplyEventAnswer> {
      if (tester.blackList) return { status: 'blackListed', reward: 0, count: 0 };
      // One consistent set for the whole spin, taken before its transaction opens: the cost, the
      // allowance and the odds of one kept read. Nothing but the spin's own statements then holds a
      // connection while it waits on the tester's row (decision 056).
      const [{ settings, segments }, perks] = await Promise.all([wheel(), deps.perkEffects(tester.id, [PERK_EFFECTS.extraSpins])]);
      const spinCost = settings.spinCost;
      const spinsPerWeek = settings.spinsPerWeek + perks.extraSpins;
      const reward = drawSegment(segments).coins;
      const week = thisWeek();
      // The week's spins counted with this one, kept for a refused cost: the rollback takes this one back.
      let usedWithThis: number | null = null;
      try {
        return await inTransaction(db, async (tx) => {
          const events = createWinnersRepository(tx);
          const taken = await events.takeSpin(
            { testerId: tester.id, cost: spinCost, coins: reward, createdAt: deps.clock.now() },
            week,
            spinsPerWeek,
          );
          if (taken === null) return { status: 'noSpins', reward: 0, count: 0 } as const;
          const used = taken.used;
          usedWithThis = used;
          const spinId = String(taken.spinId);
          // The cost, then the win, in one ledger write: the cost is sized on the balance before the win.
          await deps.ledger.recordAll(
            [
              { testerId: tester.id, coins: -spinCost, experience: 0, reason: LEDGER_REASONS.spin, reference: spinId },
              ...(reward > 0 ? [{ testerId: tester.id, coins: reward, experience: 0, reason: LEDGER_REASONS.win, reference: spinId }] : []),
            ],
            tx,
          );
          return { status: 'succeed', reward, count: spinsPerWeek - used } as const;
        });
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        // Counted under the tester's row lock before the rollback: no second query (and connection) per refused spin.
        const used = usedWithThis === null ? await repository.spinsUsed(tester.id, week) : usedWithThis - 1;
        return { status: 'notEnoughCoins', reward: 0, count: Math.max(0, spinsPerWeek - used) };
      }
    },

    async checkCoins(testerId: string): Promise<CheckCoins> {
      const [{ spinCost, goldCardCost }, coins] = await Promise.all([figuresFor(testerId), balance(testerId)]);
      return { checkGiftCard: coins >= goldCardCost, checkWheel: coins >= spinCost };
    },

    async goldCardAvailable(testerId: string): Promise<GoldRewardAvailable> {
      const { goldCardCost, goldCardPrize, drawingDay, drawingWeekKept, drawingDayFrom } = await figuresFor(testerId);
      const entered = await repository.hasEntry(testerId, drawingWeekOf(today(), { drawingDay, drawingWeekKept, drawingDayFrom }));
      return { status: entered ? 'applied' : 'available', goldCardCoin: goldCardCost, prize: goldCardPrize, drawingDay };
    },

    /** One entry a week: the entry row (its key makes it one) and its cost in one transaction. */
    async enterGoldCard(testerId: string): Promise<ApplyGoldCardAnswer> {
      const { goldCardCost } = await figuresFor(testerId);
      let status: ApplyGoldCardAnswer['status'];
      try {
        status = await inTransaction(db, async (tx) => {
          const events = createWinnersRepository(tx);
          // The week from the stored day rule, read under a share lock: never a week already drawn (decision 065).
          const week = drawingWeekOf(today(), await events.drawingRuleLocked());
          const entered = await events.insertEntry({
            testerId,
            weekStart: week,
            cost: goldCardCost,
            createdAt: deps.clock.now(),
          });
          if (!entered) return 'applied';
          await deps.ledger.record({ testerId, coins: -goldCardCost, experience: 0, reason: LEDGER_REASONS.goldCard, reference: week }, tx);
          return 'succeed';
        });
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        status = 'notEnoughCoins';
      }
      return { status, coins: await balance(testerId) };
    },

    /**
     * Draws the winner of the drawing week that starts on `week`, once: the drawing's row is
     * the claim, so a second run or a second instance draws nothing. The winner is chosen among the
     * week's entries with a cryptographic random source and told by e-mail in the same transaction.
     */
    async drawGoldCard(
      week: string,
    ): Promise<{ status: 'drawn'; week: string; winnerId: string | null; entries: number } | { status: 'alreadyDrawn' }> {
      // Read afresh, not kept: the prize as it is when the week's draw runs (decision 056).
      const { goldCardPrize } = await repository.settings();
      const entrants = await repository.entrantsOf(week);
      const winnerId = entrants.length > 0 ? entrants[randomInt(entrants.length)]!.testerId : null;
      const result = await inTransaction(db, async (tx) => {
        const claimed = await createWinnersRepository(tx).claimDrawing({
          weekStart: week,
          entries: entrants.length,
          prize: goldCardPrize,
          drawnAt: deps.clock.now(),
          winnerId,
        });
        if (!claimed) return { status: 'alreadyDrawn' } as const;
        const winner = winnerId ? await deps.testers.findById(winnerId, tx) : null;
        if (winner) await deps.mail.queue(drawingWinnerMessage(winner, week, goldCardPrize), tx);
        return { status: 'drawn', week, winnerId, entries: entrants.length } as const;
      });
      return result;
    },

    /**
     * The scheduled job's work, hourly on every day (decision 065): the week whose drawing day has
     * come, if it is not drawn yet (its answer), and any earlier week of the last eight left with
     * undrawn entries (`swept`). The stored day is read afresh, so a change applies on every
     * instance at the next run; each week's row stays the once-only claim.
     */
    async drawDue() {
      const { current, ended } = lastEndedWeek(today(), await repository.settings());
      const result = ended === null ? ({ status: 'notDue' } as const) : await this.drawGoldCard(ended);
      const swept: string[] = [];
      for (const week of await repository.undrawnWeeks(addDays(current, -UNDRAWN_LOOKBACK_DAYS), current)) {
        if (week !== ended && (await this.drawGoldCard(week)).status === 'drawn') swept.push(week);
      }
      return swept.length > 0 ? { ...result, swept } : result;
    },

    async winnerList(testerId: string): Promise<WinnerList> {
      const { spinCost, goldCardPrize, drawingDay } = (await wheel()).settings;
      const [drawings, bigWins, history] = await Promise.all([
        repository.drawnWinners(LIST_LENGTH),
        repository.bigWins(2 * spinCost, LIST_LENGTH),
        repository.history(testerId, HISTORY_LENGTH),
      ]);
      const profiles = await profilesOf([...drawings.map((row) => row.testerId!), ...bigWins.map((row) => row.testerId)]);
      const winner = (id: string, at: Date, coins: number) => {
        const profile = profiles.get(id);
        const fileName = profile?.avatarFile ?? '';
        return { username: profile?.username ?? '', eventStamp: at.toISOString(), coins, fileName, imageSrc: avatarSrc(fileName) };
      };
      return {
        giftCardWinners: drawings.map((row) => ({ ...winner(row.testerId!, row.at, 0), prize: goldCardPrize })),
        wheelWinners: bigWins.map((row) => winner(row.testerId, row.at, row.coins)),
        myHistory: history.map((row) => ({ coins: row.coins, logTime: row.at.toISOString() })),
        drawingDay,
      };
    },

    /** The latest `count` winners of a giveaway (the eCard and new-tester winners pages). */
    async latestWinners({ count, type }: LatestWinnersRequest): Promise<LatestWinners> {
      const all = await deps.listWinners();
      return all
        .filter((row) => row.winnerTypeDesc === WINNER_TYPES[type])
        .slice(0, count)
        .map(({ winner, winnerTime, year }) => ({ winner, winnerTime, year }));
    },
  };
}

export type WinnersService = ReturnType<typeof createWinnersService>;
