import { checkEmail } from '@testerhub/shared/account-rules';
import { bilingual, languageOf, type Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-loyalty.json';
import es from '@testerhub/shared/locales/es/mail-loyalty.json';
import earningsEn from '@testerhub/shared/locales/en/messages-earnings.json';
import earningsEs from '@testerhub/shared/locales/es/messages-earnings.json';
import {
  REDEEM_LIMITS,
  entryText,
  reasonText,
  type EarningsHistoryResponse,
  type Reward,
  type RewardOrder,
  type RewardOrdersResponse,
  type SpendCoinResponse,
} from '@testerhub/shared/redeem-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { NotFoundError } from '../../core/errors.ts';
import { InsufficientBalanceError } from '../../core/errors.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { greetingFor, standardMessage, type MailService } from '../mail/mail-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createRedeemRepository, type RewardItemRow } from './redeem-repository.ts';

/** The tester's e-mail address cannot take the order's confirmation (SpendCoin's changeEmailAddress). */
class UnreachableTesterError extends Error {}

/** The ledger reason of a redemption; its reference is the order's id. */
export const REDEEM_REASON = 'redeem';
/** The reasons whose reference is an order id, so the history names the reward (the refund: decision 047). */
const ORDER_REASONS = new Set([REDEEM_REASON, 'redeem-refund']);
/** The earnings history's words, in the tester's language (issue 28). */
const earningsTexts = bilingual(earningsEn, earningsEs);

interface RedeemDeps {
  clock: Clock;
  ledger: Pick<LedgerService, 'record' | 'balance' | 'history'>;
  testers: Pick<TesterService, 'mailContact'>;
  mail: Pick<MailService, 'queue'>;
  /** Attended sessions with their compensation in cents, newest first (the scheduling service). */
  attendedCompensation: (testerId: string) => Promise<{ studyNo: number; endsAt: Date; coOpCostCents: number }[]>;
  /** Study names by number (the studies service). */
  studyNames: (studyNos: readonly number[]) => Promise<Map<number, string>>;
}

const loyaltyTexts = bilingual(en, es);

/** The order's confirmation: pending, and the 30 days to report an issue (spec 3, section 9). */
export function orderConfirmationMessage(options: {
  tester: { email: string; firstName: string; language: string };
  orderId: number;
  reward: RewardItemRow;
}) {
  const { tester, orderId, reward } = options;
  const language = languageOf(tester.language);
  const t = loyaltyTexts(language);
  return standardMessage({
    to: tester.email,
    kind: 'redeem-order',
    language,
    subject: t('orderSubject', { orderId, reward: reward.name }),
    greeting: greetingFor(language, tester.firstName),
    paragraphs: [
      t('orderThanks', { coins: reward.coins, reward: reward.name, orderId }),
      t('orderPending'),
      t('orderReport', { days: REDEEM_LIMITS.issueReportDays }),
    ],
  });
}

/**
 * Coins and redeeming (spec 3, "Redeem"; decision 034): the reward catalogue and redemption
 * orders. A spend is one unit of work: the order row, the ledger's debit and the confirmation
 * e-mail commit together or not at all.
 */
export function createRedeemService(db: Database, deps: RedeemDeps) {
  const repository = createRedeemRepository(db);
  const toReward = (item: RewardItemRow): Reward => ({
    rItemNo: item.id,
    rItemName: item.name,
    rItemCoins: item.coins,
    rItemImagePath: item.imagePath,
  });
  const currentCoins = async (testerId: string) => (await deps.ledger.balance(testerId))?.coins ?? 0;

  return {
    /** The month's reward orders placed, fulfilled and rejected, counts and coins (decision 122). */
    orderFigures: (from: Date, to: Date) => repository.orderFigures(from, to),

    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    /** How many of the tester's orders wait for the rewards team: a rejection would refund them (decision 144). */
    pendingOrderCount: (testerId: string, tx?: Executor) => createRedeemRepository(tx ?? db).pendingOrderCount(testerId),

    async rewardList(): Promise<Reward[]> {
      return (await repository.listActive()).map(toReward);
    },

    currentCoins,

    /**
     * POST SpendCoin. The cost is the catalogue's, never the browser's; the ledger's conditional
     * UPDATE refuses a balance below zero, so racing spends of one tester can only spend what is
     * there. `changeEmailAddress` when the confirmation cannot reach the tester: nothing is spent.
     */
    async spendCoin(testerId: string, itemNo: number): Promise<SpendCoinResponse> {
      let outcome: SpendCoinResponse;
      try {
        outcome = await inTransaction(db, async (tx: Executor): Promise<SpendCoinResponse> => {
          const placed = await createRedeemRepository(tx).placeOrder(testerId, itemNo, deps.clock.now());
          if (!placed) return { status: 'failed', coins: 0 };
          const { orderId, reward } = placed;
          const tester = await deps.testers.mailContact(testerId, tx);
          if (!tester) throw new NotFoundError('No such tester.');
          // The confirmation cannot reach the tester: the order goes back with the unit of work.
          if (checkEmail(tester.email) || !tester.emailConfirmedAt) throw new UnreachableTesterError();
          const spent = await deps.ledger.record(
            { testerId, coins: -reward.coins, experience: 0, reason: REDEEM_REASON, reference: String(orderId) },
            tx,
          );
          // A new order's id is never a reference already paid: anything else is a fault, and rolls back.
          if (spent.status !== 'recorded') throw new Error(`Order ${orderId} was already debited.`);
          await deps.mail.queue(orderConfirmationMessage({ tester, orderId, reward }), tx);
          return { status: 'succeed', coins: spent.coins };
        });
      } catch (error) {
        // Refused: the whole unit of work (the order too) rolled back.
        if (error instanceof UnreachableTesterError) outcome = { status: 'changeEmailAddress', coins: 0 };
        else if (error instanceof InsufficientBalanceError) outcome = { status: 'failed', coins: 0 };
        else throw error;
      }
      if (outcome.status === 'succeed') return outcome;
      // Nothing was spent: the answer carries the balance as it is.
      return { status: outcome.status, coins: await currentCoins(testerId) };
    },

    /** The tester's newest reward orders with their status and, once decided, the rewards team's code or reason (issue 29). */
    async rewardOrders(testerId: string): Promise<RewardOrdersResponse> {
      const rows = await repository.ordersOf(testerId, REDEEM_LIMITS.ordersShown);
      return {
        orders: rows.map(({ order, rewardName }) => ({
          orderId: order.id,
          rewardName,
          coins: order.coins,
          status: order.status as RewardOrder['status'],
          orderedAt: order.createdAt.toISOString(),
          decidedAt: order.decidedAt?.toISOString() ?? null,
          note: order.status === 'pending' ? null : order.note,
        })),
      };
    },

    /** The earnings history (beyond the spec, decision 034): a page of ledger changes in words (the tester's language), and the compensation of attended studies. */
    async earningsHistory(testerId: string, page: number, language: Language = 'en'): Promise<EarningsHistoryResponse> {
      const t = earningsTexts(language);
      const size = REDEEM_LIMITS.historyPageSize;
      // One more than a page tells whether another page follows.
      const rows = await deps.ledger.history(testerId, { limit: size + 1, offset: (page - 1) * size });
      const shown = rows.slice(0, size);
      const orderIds = shown.filter((row) => ORDER_REASONS.has(row.reason)).map((row) => Number(row.reference));
      const redeemed = await repository.itemNamesOfOrders(testerId, orderIds.filter(Number.isSafeInteger));
      const entries = shown.map((row) => {
        const item = ORDER_REASONS.has(row.reason) ? redeemed.get(Number(row.reference)) : undefined;
        return {
          coins: row.coins,
          exp: row.experience,
          description: item ? `${reasonText(row.reason, t)}: ${item}` : entryText(row, t),
          loggedAt: row.createdAt.toISOString(),
        };
      });
      const attended = await deps.attendedCompensation(testerId);
      const names = await deps.studyNames([...new Set(attended.map((row) => row.studyNo))]);
      const compensation = attended.map((row) => ({
        studyName: names.get(row.studyNo) ?? t('studyNumbered', { studyNo: row.studyNo }),
        attendedAt: row.endsAt.toISOString(),
        amount: row.coOpCostCents / 100,
      }));
      return { page, entries, hasMore: rows.length > size, compensation };
    },
  };
}

export type RedeemService = ReturnType<typeof createRedeemService>;
