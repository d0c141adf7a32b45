import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Compensation, EarningsEntry, RewardOrder } from '@testerhub/shared/redeem-schemas';
import { RetryAlert } from '../../components/retry-alert';
import type { Language } from '@testerhub/shared/i18n';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useEarningsHistory } from './api/get-earnings-history';
import { useRewardOrders } from './api/get-reward-orders';
import { COINS_PATH } from './coins-page';
import { localeOf, useRedeemTexts } from './redeem-texts';
import './coins.css';

/** A date in the visitor's own time, with the year (the history reaches back years). */
const dateText = (language: Language, iso: string) =>
  new Date(iso).toLocaleDateString(localeOf(language), { month: 'short', day: 'numeric', year: 'numeric' });
/** A change with its sign: +25, -400, 0 shown as a dash. */
const signed = (language: Language, value: number) =>
  value === 0 ? '–' : value > 0 ? `+${value.toLocaleString(localeOf(language))}` : `−${(-value).toLocaleString(localeOf(language))}`;
const dollars = (language: Language, amount: number) => amount.toLocaleString(localeOf(language), { style: 'currency', currency: 'USD' });

/**
 * /community/main/account/earnings (beyond the spec, decision 034): every coin and experience
 * change with its reason and date, newest first, a page at a time; and the compensation of the
 * studies the tester attended.
 */
export function EarningsPage() {
  const t = useRedeemTexts();
  usePageTitle(t('earningsTitle'));
  const [page, setPage] = useState(1);
  const history = useEarningsHistory(page);
  const status = viewStatus(history);
  const data = history.data;

  return (
    <section className="coins earnings" aria-labelledby="earnings-title" aria-busy={status === 'pending' || history.isFetching}>
      <h1 id="earnings-title" className="coins__title">
        {t('earningsTitle')}
      </h1>
      <p>
        <Link to={COINS_PATH}>{t('backToCoins')}</Link>
      </p>
      <RewardOrders />
      {status === 'pending' && <p role="status">{t('loadingHistory')}</p>}
      {status === 'error' && <RetryAlert className="coins__error" text={t('historyFailed')} onRetry={() => void history.refetch()} />}
      {status === 'success' && data && (
        <>
          <h2 className="earnings__heading">{t('changesHeading')}</h2>
          {data.entries.length === 0 ? <p>{t('noChanges')}</p> : <ChangesTable entries={data.entries} />}
          {(page > 1 || data.hasMore) && (
            <nav className="earnings__pages" aria-label={t('historyPages')}>
              <button type="button" className="button button--outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                {t('newer')}
              </button>
              <span>{t('page', { n: data.page })}</span>
              <button type="button" className="button button--outline" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
                {t('older')}
              </button>
            </nav>
          )}
          <h2 className="earnings__heading">{t('compensationHeading')}</h2>
          {data.compensation.length === 0 ? <p>{t('noCompensation')}</p> : <CompensationTable rows={data.compensation} />}
        </>
      )}
    </section>
  );
}

/** What each order's status means to the tester, with the rewards team's code or reason once decided. */
function OrderStatus({ order }: { order: RewardOrder }) {
  const t = useRedeemTexts();
  const language = useLanguage();
  const decided = order.decidedAt ? dateText(language, order.decidedAt) : '';
  if (order.status === 'pending') return <p className="orders__status">{t('orderPending')}</p>;
  if (order.status === 'rejected')
    return (
      <p className="orders__status">
        {t('orderRejected', { date: decided, note: order.note ?? '', coins: order.coins.toLocaleString(localeOf(language)) })}
      </p>
    );
  return (
    <>
      <p className="orders__status">{t('orderSent', { date: decided })}</p>
      <p className="orders__code">
        <code>{order.note}</code>
      </p>
    </>
  );
}

const ORDER_STATUS_KEYS = { pending: 'statusPending', fulfilled: 'statusFulfilled', rejected: 'statusRejected' } as const;

/**
 * The tester's reward orders, newest first (issue 29: the status and the gift code were only in the
 * e-mails): a list rather than a table, so a long code wraps on a phone instead of scrolling.
 */
function RewardOrders() {
  const t = useRedeemTexts();
  const language = useLanguage();
  const orders = useRewardOrders();
  const status = viewStatus(orders);
  return (
    <section className="orders" aria-labelledby="orders-title" aria-busy={status === 'pending'}>
      <h2 id="orders-title" className="earnings__heading">
        {t('ordersHeading')}
      </h2>
      {status === 'pending' && <p role="status">{t('loadingOrders')}</p>}
      {status === 'error' && <RetryAlert className="coins__error" text={t('ordersFailed')} onRetry={() => void orders.refetch()} />}
      {status === 'success' &&
        orders.data &&
        (orders.data.orders.length === 0 ? (
          <p>
            {t('noOrders')} <Link to={COINS_PATH}>{t('chooseAReward')}</Link>
          </p>
        ) : (
          <ul className="orders__list">
            {orders.data.orders.map((order) => (
              <li key={order.orderId} className="orders__item">
                <p className="orders__title">
                  <strong>{order.rewardName}</strong>, {t('orderCoins', { coins: order.coins.toLocaleString(localeOf(language)) })}{' '}
                  <span className={`orders__badge orders__badge--${order.status}`}>{t(ORDER_STATUS_KEYS[order.status])}</span>
                </p>
                <p className="orders__meta">{t('orderMeta', { id: order.orderId, date: dateText(language, order.orderedAt) })}</p>
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
  const newestFirst = useRedeemTexts()('newestFirst', { label });
  return (
    <div className="earnings__scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="earnings__table">
        <caption className="visually-hidden">{newestFirst}</caption>
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
  const t = useRedeemTexts();
  const language = useLanguage();
  return (
    <HistoryTable
      label={t('changesLabel')}
      columns={[
        { heading: t('columnDate') },
        { heading: t('columnReason') },
        { heading: t('columnCoins'), amount: true },
        { heading: t('columnExperience'), amount: true },
      ]}
      rows={entries.map((entry, index) => ({
        key: `${entry.loggedAt}-${index}`,
        cells: [dateText(language, entry.loggedAt), entry.description, signed(language, entry.coins), signed(language, entry.exp)],
      }))}
    />
  );
}

function CompensationTable({ rows }: { rows: Compensation[] }) {
  const t = useRedeemTexts();
  const language = useLanguage();
  return (
    <HistoryTable
      label={t('compensationHeading')}
      columns={[{ heading: t('columnDate') }, { heading: t('columnStudy') }, { heading: t('columnCompensation'), amount: true }]}
      rows={rows.map((row, index) => ({
        key: `${row.attendedAt}-${index}`,
        cells: [dateText(language, row.attendedAt), row.studyName, dollars(language, row.amount)],
      }))}
    />
  );
}
