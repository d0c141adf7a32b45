import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
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
import { ORDERS_TABLE, ordersQueryFor, useFulfilOrder, useOrders, useRejectOrder } from '../api/orders';
import { companyClockNote, companyMoment } from '../shell/company-clock';
import { DataTable, useTableSearchParams, type TableColumn } from '../shell/data-table';

const STATUS_LABELS: Record<RedeemOrderStatus, string> = { pending: 'Pending', fulfilled: 'Fulfilled', rejected: 'Rejected' };
const FILTER_OPTIONS = [
  ...REDEEM_ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'all', label: 'All orders' },
];

// An order has no test site: its dates are on the company's clock (decision 139), not UTC's or the browser's.
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: COMPANY.timeZone });
const when = companyMoment;

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
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? 'pending';
  const status = (REDEEM_ORDER_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as RedeemOrderStatus) : undefined;
  const table = useTableSearchParams(ORDERS_TABLE);
  const orders = useOrders(ordersQueryFor(status, table.state));
  // Kept above the list: a decided order leaves the pending list when it refreshes.
  const [outcome, setOutcome] = useState<OrderDecisionResponse | null>(null);
  const showStatus = (next: string) =>
    setParams((current) => {
      // Another status starts on its first page, keeping the table's sort, size and filter.
      const updated = new URLSearchParams(current);
      updated.set('status', next);
      updated.delete('page');
      return updated;
    });
  const columns = useMemo(() => orderColumns(setOutcome), []);
  return (
    <>
      <h1>Orders</h1>
      <p>
        Testers’ reward orders, newest first. Fulfil an order with the gift code or a note (it is e-mailed to the tester), or reject it with
        a reason (the coins go back to the tester). Issues with a reward can be reported within {REDEEM_LIMITS.issueReportDays} days of it
        being sent. {companyClockNote('Dates')}
      </p>
      <div className="staff-filters">
        <SelectField label="Show" value={status ?? 'all'} options={FILTER_OPTIONS} onChange={(event) => showStatus(event.target.value)} />
      </div>
      <div role="status" aria-live="polite">
        {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
      </div>
      {orders.isPending && <p aria-busy="true">Loading orders…</p>}
      {orders.isError && <LoadFailed error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.data && orders.data.total === 0 && table.state.q === '' && (
        <p>{status ? `No ${STATUS_LABELS[status].toLowerCase()} orders.` : 'No orders yet.'}</p>
      )}
      {orders.data && (orders.data.total > 0 || table.state.q !== '') && (
        <DataTable
          caption={status ? `${STATUS_LABELS[status]} orders` : 'All orders'}
          columns={columns}
          rows={orders.data.orders}
          total={orders.data.total}
          state={table.state}
          onChange={table.onChange}
          rowKey={(order) => order.orderId}
          rowTestId="order-row"
          filterLabel="Find a tester or reward"
          empty="No order’s tester or reward holds that text."
          busy={orders.isFetching}
          testId="orders"
        />
      )}
    </>
  );
}

function windowText(order: StaffOrder) {
  if (order.reportWindowEndsAt) return day(order.reportWindowEndsAt);
  return order.status === 'pending' ? 'Starts when the reward is sent' : 'None (rejected)';
}

type OnOutcome = (outcome: OrderDecisionResponse | null) => void;

/** The order table's columns; the last holds a pending order's decisions (decision 140). */
function orderColumns(onOutcome: OnOutcome): readonly TableColumn<StaffOrder>[] {
  return [
    { key: 'orderId', header: 'Order', firstDir: 'desc', rowHeader: true, cell: (order) => `#${order.orderId}` },
    { key: 'rewardName', header: 'Reward', cell: (order) => order.rewardName },
    { key: 'username', header: 'Tester', cell: (order) => order.username },
    { key: 'coins', header: 'Coins', firstDir: 'desc', cell: (order) => order.coins },
    {
      key: 'createdAt',
      header: 'Ordered',
      firstDir: 'desc',
      cell: (order) => <time dateTime={order.createdAt}>{when(order.createdAt)}</time>,
    },
    {
      key: 'status',
      header: 'Status',
      cellTestId: 'order-status',
      cell: (order) => (
        <>
          {STATUS_LABELS[order.status]}
          {order.decidedAt && (
            <>
              {' '}
              on <time dateTime={order.decidedAt}>{when(order.decidedAt)}</time>
            </>
          )}
        </>
      ),
    },
    { key: 'note', header: 'Code, note or reason', sortable: false, cell: (order) => order.note ?? '' },
    { key: 'window', header: 'Report window ends', sortable: false, cell: windowText },
    {
      key: 'decide',
      header: 'Decide',
      sortable: false,
      cell: (order) => (order.status === 'pending' ? <Decisions order={order} onOutcome={onOutcome} /> : ''),
    },
  ];
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
