import {
  ORDER_TEXTS,
  REDEEM_LIMITS,
  reportWindowEnd,
  type FulfilOrderPayload,
  type OrderDecisionResponse,
  type RedeemOrderStatus,
  type RejectOrderPayload,
  type StaffOrdersRequest,
  type StaffOrdersResponse,
} from '@testerhub/shared/redeem-schemas';
import { bilingual, languageOf, type Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-loyalty.json';
import es from '@testerhub/shared/locales/es/mail-loyalty.json';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { greetingFor, standardMessage, type MailService } from '../mail/mail-service.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { usernameOfSql, type TesterService } from '../testers/tester-service.ts';
import { tableOffset } from '@testerhub/shared/table-query';
import { createRedeemRepository, type RedemptionOrderRow } from './redeem-repository.ts';

/** The ledger reason of a rejected order's refund; its reference is the order's id, so it is paid once. */
export const REDEEM_REFUND_REASON = 'redeem-refund';

interface RewardOrdersDeps {
  clock: Clock;
  ledger: Pick<LedgerService, 'record'>;
  testers: Pick<TesterService, 'findById'>;
  mail: Pick<MailService, 'queue'>;
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
}

const dateText = (date: Date, language: Language) =>
  date.toLocaleDateString(language === 'es' ? 'es-US' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const loyaltyTexts = bilingual(en, es);
type LoyaltyTranslate = ReturnType<typeof loyaltyTexts>;

/** What a decision says, in the language it is given. */
type OrderDecisionText = (
  t: LoyaltyTranslate,
  language: Language,
) => { kind: 'redeem-fulfilled' | 'redeem-rejected'; subject: string; paragraphs: string[] };

/** A fulfilled order: the code or note, and the end of the window to report an issue. */
export const fulfilledText =
  (orderId: number, code: string, windowEnd: Date): OrderDecisionText =>
  (t, language) => ({
    kind: 'redeem-fulfilled',
    subject: t('fulfilledSubject', { orderId }),
    paragraphs: [
      t('fulfilledSent'),
      code,
      t('fulfilledReport', { days: REDEEM_LIMITS.issueReportDays, date: dateText(windowEnd, language) }),
    ],
  });

/** A rejected order: staff's reason and the coins returned. */
export const rejectedText =
  (orderId: number, reason: string, coins: number): OrderDecisionText =>
  (t) => ({
    kind: 'redeem-rejected',
    subject: t('rejectedSubject', { orderId }),
    paragraphs: [t('rejectedReason'), reason, t('rejectedRefund', { coins })],
  });

/** A staff decision on a reward order, told to its tester in their own language. */
export function orderDecisionMessage(
  tester: { email: string; firstName: string; language: string },
  order: Pick<RedemptionOrderRow, 'id' | 'coins'>,
  rewardName: string,
  message: OrderDecisionText,
) {
  const language = languageOf(tester.language);
  const t = loyaltyTexts(language);
  const { kind, subject, paragraphs } = message(t, language);
  return standardMessage({
    to: tester.email,
    kind,
    language,
    subject,
    greeting: greetingFor(language, tester.firstName),
    paragraphs: [t('orderLine', { orderId: order.id, reward: rewardName, coins: order.coins }), ...paragraphs],
  });
}

/** The audit rows' view of an order: what it is about, never more. */
const auditView = (order: RedemptionOrderRow) => ({
  orderId: order.id,
  testerId: order.testerId,
  itemNo: order.itemNo,
  coins: order.coins,
  status: order.status,
  note: order.note,
});

/**
 * Redemption orders on the staff side (issue 12 section 6; decision 047): the list, fulfilment
 * (the gift code or note e-mailed with the 30-day report window) and rejection (the coins back
 * through the ledger, the reason e-mailed). Only a pending order moves, by a conditional UPDATE;
 * each change, its ledger entry, its e-mail and its audit row commit together.
 */
export function createRewardOrdersService(db: Database, deps: RewardOrdersDeps) {
  const repository = createRedeemRepository(db);

  /** The order's tester and the e-mail to them, queued in the decision's transaction. */
  async function tellTester(tx: Executor, order: RedemptionOrderRow, rewardName: string, message: OrderDecisionText) {
    const tester = await deps.testers.findById(order.testerId, tx);
    if (!tester) return;
    await deps.mail.queue(orderDecisionMessage(tester, order, rewardName, message), tx);
  }

  async function decide(
    actor: StaffPrincipal,
    orderId: number,
    status: 'fulfilled' | 'rejected',
    note: string,
    after: (tx: Executor, order: RedemptionOrderRow, rewardName: string) => Promise<void>,
  ): Promise<OrderDecisionResponse> {
    const action = status === 'fulfilled' ? 'reward-order.fulfil' : 'reward-order.reject';
    return refusalAnswered(async () => {
      await deps.audited(actor.id, action, { type: 'redemption-order', id: String(orderId) }, async (tx) => {
        const found = await createRedeemRepository(tx).findOrder(orderId);
        if (!found) throw new StaffRefusal(ORDER_TEXTS.notFound);
        const moved = await createRedeemRepository(tx).decidePending(orderId, { status, note, at: deps.clock.now() });
        if (!moved) throw new StaffRefusal(ORDER_TEXTS.notPending);
        await after(tx, moved, found.rewardName);
        return { before: auditView({ ...moved, status: 'pending', note: null }), after: auditView(moved), result: undefined };
      });
      return { status: 'succeed' as const, message: status === 'fulfilled' ? ORDER_TEXTS.fulfilled : ORDER_TEXTS.rejected };
    });
  }

  return {
    /** A page of the orders (optionally one status) as the staff table asks (decision 140); each with the tester's username. */
    async list(query: StaffOrdersRequest): Promise<StaffOrdersResponse> {
      const { rows, total } = await repository.listOrders(usernameOfSql, {
        status: query.status,
        sort: query.sort,
        dir: query.dir,
        filter: query.q,
        offset: tableOffset(query.page, query.pageSize),
        limit: query.pageSize,
      });
      return {
        status: 'succeed',
        page: query.page,
        pageSize: query.pageSize,
        total,
        hasMore: query.page * query.pageSize < total,
        orders: rows.map(({ order, rewardName, username }) => ({
          orderId: order.id,
          testerId: order.testerId,
          username: username ?? '(deleted)',
          rewardName,
          coins: order.coins,
          createdAt: order.createdAt.toISOString(),
          status: order.status as RedeemOrderStatus,
          decidedAt: order.decidedAt?.toISOString() ?? null,
          note: order.note,
          reportWindowEndsAt: order.status === 'fulfilled' && order.fulfilledAt ? reportWindowEnd(order.fulfilledAt).toISOString() : null,
        })),
      };
    },

    /** A pending order fulfilled: the code or note e-mailed to the tester with the end of the report window. */
    fulfil(actor: StaffPrincipal, input: FulfilOrderPayload) {
      return decide(actor, input.orderId, 'fulfilled', input.code, async (tx, order, rewardName) => {
        const windowEnd = reportWindowEnd(order.fulfilledAt!);
        await tellTester(tx, order, rewardName, fulfilledText(order.id, input.code, windowEnd));
      });
    },

    /** A pending order rejected: its coins return through the ledger (once: the order id is the reference) and the tester is told why. */
    reject(actor: StaffPrincipal, input: RejectOrderPayload) {
      return decide(actor, input.orderId, 'rejected', input.reason, async (tx, order, rewardName) => {
        const refund = await deps.ledger.record(
          { testerId: order.testerId, coins: order.coins, experience: 0, reason: REDEEM_REFUND_REASON, reference: String(order.id) },
          tx,
        );
        // The conditional UPDATE lets an order be rejected once; a refund already there is a fault, and rolls back.
        if (refund.status !== 'recorded') throw new Error(`Order ${order.id} was already refunded.`);
        await tellTester(tx, order, rewardName, rejectedText(order.id, input.reason, order.coins));
      });
    },
  };
}

export type RewardOrdersService = ReturnType<typeof createRewardOrdersService>;
