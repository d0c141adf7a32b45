import { useState, type FormEvent } from 'react';
import {
  fulfilOrderSchema,
  REDEEM_LIMITS,
  REDEEM_ORDER_STATUSES,
  rejectOrderSchema,
  type OrderDecisionResponse,
  type RedeemOrderStatus,
  type StaffOrder,
} from '@testerhub/shared/redeem-schemas';
import { COMPANY } from '@testerhub/shared/company';
import { SelectField, TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { LoadFailed, RequiresRole, SubmitButton } from '../shell/staff-page-parts';
import { requestErrorMessage } from '../../lib/request-error';
import { useFulfilOrder, useOrders, useRejectOrder } from '../api/orders';
import { useStatusFilter } from '../queues/queue-parts';
import { companyClockNote } from '../shell/company-clock';

const STATUS_LABELS: Record<RedeemOrderStatus, string> = { pending: 'Pending', fulfilled: 'Fulfilled', rejected: 'Rejected' };
const FILTER_OPTIONS = [
  ...REDEEM_ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'all', label: 'All orders' },
];

// An order has no test site: its dates are on the company's clock (decision 139), not UTC's or the browser's.
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: COMPANY.timeZone });
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: COMPANY.timeZone,
    timeZoneName: 'short',
  });

/** Rewards staff: redemption orders, fulfilled with a gift code or note, or rejected with the coins returned (decision 047). */
export function OrdersPage() {
  usePageTitle('Orders');
  return (
    <RequiresRole role="rewards">
      <Orders />
    </RequiresRole>
  );
}

function Orders() {
  const { status, page, goTo } = useStatusFilter(REDEEM_ORDER_STATUSES, 'pending');
  const orders = useOrders({ status, page });
  // Kept above the list: a decided order leaves the pending list when it refreshes.
  const [outcome, setOutcome] = useState<OrderDecisionResponse | null>(null);
  return (
    <>
      <h1>Orders</h1>
      <p>
        Testers’ reward orders, newest first. Fulfil an order with the gift code or a note (it is e-mailed to the tester), or reject it with
        a reason (the coins go back to the tester). Issues with a reward can be reported within {REDEEM_LIMITS.issueReportDays} days of it
        being sent. {companyClockNote('Dates')}
      </p>
      <div className="staff-filters">
        <SelectField
          label="Show"
          value={status ?? 'all'}
          options={FILTER_OPTIONS}
          onChange={(event) => goTo({ status: event.target.value, page: 1 })}
        />
      </div>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      {orders.isPending && <p aria-busy="true">Loading orders…</p>}
      {orders.isError && <LoadFailed error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.data && orders.data.orders.length === 0 && (
        <p>{status ? `No ${STATUS_LABELS[status].toLowerCase()} orders.` : 'No orders yet.'}</p>
      )}
      {orders.data && orders.data.orders.length > 0 && (
        <ol className="staff-people" data-testid="orders" aria-busy={orders.isFetching}>
          {orders.data.orders.map((order) => (
            <OrderCard key={order.orderId} order={order} onOutcome={setOutcome} />
          ))}
        </ol>
      )}
      {orders.data && (orders.data.page > 1 || orders.data.hasMore) && (
        <nav aria-label="Order pages" className="staff-pages">
          {orders.data.page > 1 && (
            <button type="button" className="staff-button staff-button--quiet" onClick={() => goTo({ page: orders.data.page - 1 })}>
              Newer
            </button>
          )}
          {orders.data.hasMore && (
            <button type="button" className="staff-button staff-button--quiet" onClick={() => goTo({ page: orders.data.page + 1 })}>
              Older
            </button>
          )}
        </nav>
      )}
    </>
  );
}

function windowText(order: StaffOrder) {
  if (order.reportWindowEndsAt) return day(order.reportWindowEndsAt);
  return order.status === 'pending' ? 'Starts when the reward is sent' : 'None (rejected)';
}

type OnOutcome = (outcome: OrderDecisionResponse | null) => void;

function OrderCard({ order, onOutcome }: { order: StaffOrder; onOutcome: OnOutcome }) {
  const headingId = `order-${order.orderId}`;
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        Order #{order.orderId}: {order.rewardName}
      </h2>
      <dl className="staff-facts staff-order-facts">
        <dt>Tester</dt>
        <dd>{order.username}</dd>
        <dt>Coins</dt>
        <dd>{order.coins}</dd>
        <dt>Ordered</dt>
        <dd>
          <time dateTime={order.createdAt}>{when(order.createdAt)}</time>
        </dd>
        <dt>Status</dt>
        <dd data-testid="order-status">
          {STATUS_LABELS[order.status]}
          {order.decidedAt && (
            <>
              {' '}
              on <time dateTime={order.decidedAt}>{when(order.decidedAt)}</time>
            </>
          )}
        </dd>
        {order.note && (
          <>
            <dt>{order.status === 'rejected' ? 'Reason' : 'Code or note sent'}</dt>
            <dd>{order.note}</dd>
          </>
        )}
        <dt>Report window ends</dt>
        <dd>{windowText(order)}</dd>
      </dl>
      {order.status === 'pending' && <Decisions order={order} onOutcome={onOutcome} />}
    </li>
  );
}

function Decisions({ order, onOutcome }: { order: StaffOrder; onOutcome: OnOutcome }) {
  const fulfil = useFulfilOrder();
  const reject = useRejectOrder();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ code?: string; reason?: string }>({});
  const busy = fulfil.isPending || reject.isPending;
  const run = async (call: () => Promise<OrderDecisionResponse>) => {
    onOutcome(null);
    const named = (answer: OrderDecisionResponse) => ({ ...answer, message: `Order #${order.orderId}: ${answer.message}` });
    try {
      onOutcome(named(await call()));
    } catch (error) {
      onOutcome(named({ status: 'failed', message: requestErrorMessage(error) }));
    }
  };
  const submitFulfil = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = fulfilOrderSchema.safeParse({ orderId: order.orderId, code });
    setErrors({ code: parsed.success ? undefined : parsed.error.issues[0]?.message });
    if (parsed.success) await run(() => fulfil.mutateAsync(parsed.data));
  };
  const submitReject = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = rejectOrderSchema.safeParse({ orderId: order.orderId, reason });
    setErrors({ reason: parsed.success ? undefined : parsed.error.issues[0]?.message });
    if (parsed.success) await run(() => reject.mutateAsync(parsed.data));
  };
  return (
    <div className="staff-decisions">
      <form className="staff-form" onSubmit={(event) => void submitFulfil(event)} noValidate aria-label={`Fulfil order #${order.orderId}`}>
        <TextField
          label="Gift code or note"
          value={code}
          autoComplete="off"
          onChange={(event) => setCode(event.target.value)}
          error={errors.code ?? null}
          hint="E-mailed to the tester with the report window."
        />
        <SubmitButton pending={fulfil.isPending} label="Fulfil" pendingLabel="Fulfilling…" disabled={busy} />
      </form>
      <form className="staff-form" onSubmit={(event) => void submitReject(event)} noValidate aria-label={`Reject order #${order.orderId}`}>
        <TextField
          label="Reason for rejecting"
          value={reason}
          autoComplete="off"
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason ?? null}
          hint={`E-mailed to the tester; their ${order.coins} coins are returned.`}
        />
        <SubmitButton pending={reject.isPending} label="Reject" pendingLabel="Rejecting…" quiet disabled={busy} />
      </form>
    </div>
  );
}
