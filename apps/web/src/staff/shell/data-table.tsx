import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TABLE_PAGE_SIZES, type SortDirection } from '@testerhub/shared/table-query';
import { paramName, type TableState } from './table-state';

export type { TableState } from './table-state';

/**
 * The staff console's table (issue 29; decision 136): a real <table> with its caption, column
 * headers that sort (a button each, the sorted one marked with aria-sort), a filter box, and pages
 * ("Showing 1-25 of 36", Previous and Next, the page size). It is always controlled: a list the
 * server pages passes its page of rows and the total (useTableSearchParams keeps the state in the
 * address); a short list already in hand goes through useClientTable. On a phone the table scrolls
 * sideways inside a focusable region named by the caption.
 */

export interface TableColumn<Row> {
  /** The sort key: for a server-paged table, one of the list's sort columns. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The value a client-side table sorts and filters on (text or number; null sorts last). */
  value?: (row: Row) => string | number | null;
  /** False: this column does not sort. */
  sortable?: boolean;
  /** The direction a first click sorts in (dates read best newest first). */
  firstDir?: SortDirection;
  /** The cell names its row (<th scope="row">): the row's first column. */
  rowHeader?: boolean;
  cellTestId?: string;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  total,
  state,
  onChange,
  rowKey,
  rowLabel,
  rowTestId,
  filterLabel,
  empty,
  busy = false,
  testId,
}: {
  caption: string;
  columns: readonly TableColumn<Row>[];
  /** The rows of the page shown. */
  rows: readonly Row[];
  /** Rows the filter keeps, over every page. */
  total: number;
  state: TableState;
  onChange: (next: TableState) => void;
  rowKey: (row: Row) => string | number;
  /** The row's accessible name, when its cells alone do not say it (a pair of accounts). */
  rowLabel?: (row: Row) => string;
  rowTestId?: string;
  filterLabel: string;
  /** Said when nothing is there, or nothing matches the filter. */
  empty: string;
  busy?: boolean;
  testId?: string;
}) {
  const id = useId();
  const captionId = `${id}-caption`;
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const first = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(total, state.page * state.pageSize);
  const sortBy = (column: TableColumn<Row>) =>
    onChange({
      ...state,
      page: 1,
      sort: column.key,
      dir: column.key === state.sort ? (state.dir === 'asc' ? 'desc' : 'asc') : (column.firstDir ?? 'asc'),
    });
  return (
    <div className="staff-data-table" data-testid={testId}>
      <div className="staff-table-tools">
        <label className="staff-table-filter">
          <span>{filterLabel}</span>
          <input type="search" value={state.q} onChange={(event) => onChange({ ...state, page: 1, q: event.target.value })} />
        </label>
        <label className="staff-table-size">
          <span>Rows a page</span>
          <select value={state.pageSize} onChange={(event) => onChange({ ...state, page: 1, pageSize: Number(event.target.value) })}>
            {TABLE_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="staff-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-busy={busy} aria-describedby={`${id}-showing`}>
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.key === state.sort ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable === false ? (
                    column.header
                  ) : (
                    <button type="button" className="staff-table-sort" onClick={() => sortBy(column)}>
                      {column.header}
                      <span aria-hidden="true">{column.key === state.sort ? (state.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} data-testid={rowTestId} aria-label={rowLabel?.(row)}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.key} scope="row" data-testid={column.cellTestId}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} data-testid={column.cellTestId}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="staff-table-pages" aria-label={`${caption}: pages`}>
        <p id={`${id}-showing`} role="status">
          {total === 0 ? 'Showing 0 of 0' : `Showing ${first}-${last} of ${total}`}
        </p>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={state.page <= 1}
          onClick={() => onChange({ ...state, page: state.page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {Math.min(state.page, pages)} of {pages}
        </span>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={state.page >= pages}
          onClick={() => onChange({ ...state, page: state.page + 1 })}
        >
          Next
        </button>
      </nav>
    </div>
  );
}

/** Compares two cell values, nulls (and empty cells) last whichever way the column sorts. */
function compareValues(a: string | number | null, b: string | number | null, dir: SortDirection) {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  return dir === 'asc' ? order : -order;
}

/** A list the page holds whole (a tester's bookings): sorted, filtered and paged here. */
export function useClientTable<Row>(all: readonly Row[], columns: readonly TableColumn<Row>[], initial: Pick<TableState, 'sort' | 'dir'>) {
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 25, q: '', ...initial });
  const kept = useMemo(() => {
    const needle = state.q.trim().toLowerCase();
    const filtered =
      needle === ''
        ? [...all]
        : all.filter((row) =>
            columns.some((column) =>
              String(column.value?.(row) ?? '')
                .toLowerCase()
                .includes(needle),
            ),
          );
    const column = columns.find((one) => one.key === state.sort);
    if (column?.value) filtered.sort((a, b) => compareValues(column.value!(a), column.value!(b), state.dir));
    return filtered;
  }, [all, columns, state.q, state.sort, state.dir]);
  const start = (state.page - 1) * state.pageSize;
  return { rows: kept.slice(start, start + state.pageSize), total: kept.length, state, onChange: setState };
}

const TABLE_FIELDS = ['page', 'pageSize', 'sort', 'dir', 'q'] as const;

/**
 * A server-paged table's state in the address (?page=2&sort=state...; `prefix` names them apart where
 * a page holds two), defaults left out, so a link or Back shows the same rows.
 */
export function useTableSearchParams(defaults: TableState, prefix = '') {
  const [params, setParams] = useSearchParams();
  const name = (field: keyof TableState) => paramName(prefix, field);
  const page = Number(params.get(name('page')));
  const pageSize = Number(params.get(name('pageSize')));
  const dir = params.get(name('dir'));
  const state: TableState = {
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    pageSize: (TABLE_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : defaults.pageSize,
    sort: params.get(name('sort')) ?? defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : defaults.dir,
    q: params.get(name('q')) ?? defaults.q,
  };
  // The address updates in a transition, and React Router's updater is handed the address of the render
  // its setter came from: a second change before the next render (the rows a page picked right after
  // typing a filter) would undo the first. So each change starts from the last one written, and writes
  // only the fields it touched.
  const written = useRef(params);
  // A new address (the change landed, or Back) is where the next change starts.
  useEffect(() => {
    written.current = params;
  }, [params]);
  const onChange = (next: TableState) => {
    const updated = new URLSearchParams(written.current);
    const changed = TABLE_FIELDS.filter((field) => next[field] !== state[field]);
    // A new filter, size or order starts again at the page it names (the first).
    if (changed.length > 0 && !changed.includes('page')) changed.push('page');
    for (const field of changed) {
      if (next[field] === defaults[field]) updated.delete(name(field));
      else updated.set(name(field), String(next[field]));
    }
    written.current = updated;
    // Typing in the filter replaces the entry rather than adding one a keystroke.
    setParams(updated, { replace: next.q !== state.q });
  };
  return { state, onChange };
}
