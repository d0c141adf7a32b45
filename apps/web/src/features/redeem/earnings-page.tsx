import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Compensation, EarningsEntry, RewardOrder } from '@testerhub/shared/redeem-schemas';
import { RetryAlert } from '../../components/retry-alert';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useEarningsHistory } from './api/get-earnings-history';
import { useRewardOrders } from './api/get-reward-orders';
import { COINS_PATH } from './coins-page';
import './coins.css';

/** A date in the visitor's own time, with the year (the history reaches back years). */
const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** A change with its sign: +25, -400, 0 shown as a dash. */
const signed = (value: number) =>
  value === 0 ? '–' : value > 0 ? `+${value.toLocaleString('en-US')}` : `−${(-value).toLocaleString('en-US')}`;
const dollars = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/**
 * /community/main/account/earnings (beyond the spec, decision 034): every coin and experience
 * change with its reason and date, newest first, a page at a time; and the compensation of the
 * studies the tester attended.
 */
export function EarningsPage() {
  usePageTitle('Earnings history');
  const [page, setPage] = useState(1);
  const history = useEarningsHistory(page);
  const status = viewStatus(history);
  const data = history.data;

  return (
    <section className="coins earnings" aria-labelledby="earnings-title" aria-busy={status === 'pending' || history.isFetching}>
      <h1 id="earnings-title" className="coins__title">
        Earnings history
      </h1>
      <p>
        <Link to={COINS_PATH}>Back to my coins</Link>
      </p>
      <RewardOrders />
      {status === 'pending' && <p role="status">Loading your history…</p>}
      {status === 'error' && (
        <RetryAlert className="coins__error" text="We could not load your earnings history." onRetry={() => void history.refetch()} />
      )}
      {status === 'success' && data && (
        <>
          <h2 className="earnings__heading">Coins and experience</h2>
          {data.entries.length === 0 ? <p>No coins or experience yet.</p> : <ChangesTable entries={data.entries} />}
          {(page > 1 || data.hasMore) && (
            <nav className="earnings__pages" aria-label="History pages">
              <button type="button" className="button button--outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Newer
              </button>
              <span>Page {data.page}</span>
              <button type="button" className="button button--outline" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
                Older
              </button>
            </nav>
          )}
          <h2 className="earnings__heading">Study compensation</h2>
          {data.compensation.length === 0 ? <p>No attended studies yet.</p> : <CompensationTable rows={data.compensation} />}
        </>
      )}
    </section>
  );
}

/** What each order's status means to the tester, with the rewards team's code or reason once decided. */
function OrderStatus({ order }: { order: RewardOrder }) {
  const decided = order.decidedAt ? dateText(order.decidedAt) : '';
  if (order.status === 'pending') return <p className="orders__status">Being prepared. We will e-mail you when it is sent.</p>;
  if (order.status === 'rejected')
    return (
      <p className="orders__status">
        Not sent ({decided}): {order.note}. Your {order.coins.toLocaleString('en-US')} coins were returned.
      </p>
    );
  return (
    <>
      <p className="orders__status">Sent on {decided}. Your code or note from our rewards team:</p>
      <p className="orders__code">
        <code>{order.note}</code>
      </p>
    </>
  );
}

const ORDER_STATUS_WORDS: Record<RewardOrder['status'], string> = { pending: 'Pending', fulfilled: 'Sent', rejected: 'Not sent' };

/**
 * The tester's reward orders, newest first (issue 29: the status and the gift code were only in the
 * e-mails): a list rather than a table, so a long code wraps on a phone instead of scrolling.
 */
function RewardOrders() {
  const orders = useRewardOrders();
  const status = viewStatus(orders);
  return (
    <section className="orders" aria-labelledby="orders-title" aria-busy={status === 'pending'}>
      <h2 id="orders-title" className="earnings__heading">
        Reward orders
      </h2>
      {status === 'pending' && <p role="status">Loading your orders…</p>}
      {status === 'error' && (
        <RetryAlert className="coins__error" text="We could not load your orders." onRetry={() => void orders.refetch()} />
      )}
      {status === 'success' &&
        orders.data &&
        (orders.data.orders.length === 0 ? (
          <p>
            No reward orders yet. <Link to={COINS_PATH}>Choose a reward</Link>
          </p>
        ) : (
          <ul className="orders__list">
            {orders.data.orders.map((order) => (
              <li key={order.orderId} className="orders__item">
                <p className="orders__title">
                  <strong>{order.rewardName}</strong>, {order.coins.toLocaleString('en-US')} coins{' '}
                  <span className={`orders__badge orders__badge--${order.status}`}>{ORDER_STATUS_WORDS[order.status]}</span>
                </p>
                <p className="orders__meta">
                  Order #{order.orderId}, {dateText(order.orderedAt)}
                </p>
                <OrderStatus order={order} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/** A column: its heading, and whether it holds amounts (right-aligned). */
type Column = { heading: string; amount?: boolean };

/**
 * A history table, newest first. It may scroll sideways on a phone, so it sits in a focusable
 * region that the keyboard can scroll too.
 */
function HistoryTable({ label, columns, rows }: { label: string; columns: Column[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="earnings__scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="earnings__table">
        <caption className="visually-hidden">{label}, newest first</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={column.amount ? 'earnings__amount' : undefined}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={columns[index]!.heading} className={columns[index]!.amount ? 'earnings__amount' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangesTable({ entries }: { entries: EarningsEntry[] }) {
  return (
    <HistoryTable
      label="Coin and experience changes"
      columns={[{ heading: 'Date' }, { heading: 'Reason' }, { heading: 'Coins', amount: true }, { heading: 'Experience', amount: true }]}
      rows={entries.map((entry, index) => ({
        key: `${entry.loggedAt}-${index}`,
        cells: [dateText(entry.loggedAt), entry.description, signed(entry.coins), signed(entry.exp)],
      }))}
    />
  );
}

function CompensationTable({ rows }: { rows: Compensation[] }) {
  return (
    <HistoryTable
      label="Study compensation"
      columns={[{ heading: 'Date' }, { heading: 'Study' }, { heading: 'Compensation', amount: true }]}
      rows={rows.map((row, index) => ({
        key: `${row.attendedAt}-${index}`,
        cells: [dateText(row.attendedAt), row.studyName, dollars(row.amount)],
      }))}
    />
  );
}
