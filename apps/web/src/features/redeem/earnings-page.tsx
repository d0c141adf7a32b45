import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Compensation, EarningsEntry } from '@testerhub/shared/redeem-schemas';
import { RetryAlert } from '../../components/retry-alert';
import { usePageTitle } from '../../hooks/use-page-title';
import { viewStatus } from '../../lib/query-status';
import { useEarningsHistory } from './api/get-earnings-history';
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
