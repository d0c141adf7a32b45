// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { useEffect } from 'react';
import { describe, expect, test } from 'vitest';
import { DataTable, useClientTable, useTableSearchParams, type TableColumn } from './data-table';
import { paramName } from './table-state';

/**
 * The staff table (decision 136): a captioned <table> whose headers sort with aria-sort, a filter,
 * and pages that say which rows are shown; keyboard only here, as a recruiter without a mouse uses it.
 */

interface Entry {
  id: number;
  what: string;
  coins: number;
}
const ENTRIES: Entry[] = Array.from({ length: 36 }, (_, index) => ({
  id: index + 1,
  what: index % 4 === 0 ? `Wheel prize ${index + 1}` : `Screener ${index + 1}`,
  coins: (index * 7) % 50,
}));
const COLUMNS: TableColumn<Entry>[] = [
  { key: 'what', header: 'What', rowHeader: true, cell: (row) => row.what, value: (row) => row.what },
  { key: 'coins', header: 'Coins', firstDir: 'desc', cell: (row) => row.coins, value: (row) => row.coins },
  { key: 'note', header: 'Note', sortable: false, cell: () => '–' },
];

function Harness() {
  const table = useClientTable(ENTRIES, COLUMNS, { sort: 'what', dir: 'asc' });
  return (
    <DataTable
      caption="Coin ledger"
      columns={COLUMNS}
      {...table}
      rowKey={(row) => row.id}
      filterLabel="Find an entry"
      empty="No coin changes match."
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Coin ledger' }))
    .getAllByRole('row')
    .slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getByRole('rowheader').textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('the staff table', () => {
  test('is a captioned table in a focusable region named by its caption, 25 rows a page, saying which', () => {
    render(<Harness />);
    expect(screen.getByRole('region', { name: 'Coin ledger' })).toHaveAttribute('tabindex', '0');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Showing 1-25 of 36')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(header('Note')).queryByRole('button')).toBeNull();
  });

  test('sorts by a header’s button from the keyboard, toggling the direction, with aria-sort on the sorted column only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(header('What')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()[0]).toBe('Screener 10');

    screen.getByRole('button', { name: /Coins/ }).focus();
    await user.keyboard('{Enter}');
    expect(header('Coins')).toHaveAttribute('aria-sort', 'descending');
    expect(header('What')).not.toHaveAttribute('aria-sort');
    const coins = () => bodyRows().map((row) => Number((row as HTMLTableRowElement).cells[1]!.textContent));
    expect(coins()).toEqual([...coins()].sort((a, b) => b - a));
    expect(coins()[0]).toBe(49);

    await user.keyboard(' ');
    expect(header('Coins')).toHaveAttribute('aria-sort', 'ascending');
    expect(coins()[0]).toBe(0);
  });

  test('filters on any column’s text and goes back to the first page; says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 26-36 of 36')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find an entry' }), 'wheel');
    expect(screen.getByText('Showing 1-9 of 9')).toBeInTheDocument();
    expect(firstCells().every((text) => text!.startsWith('Wheel prize'))).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Find an entry' }), 'barrow');
    expect(screen.getByText('No coin changes match.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0')).toBeInTheDocument();
  });

  test('pages with Next and Previous and a page size of the fixed choices', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows a page' }), '10');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 31-36 of 36')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 21-30 of 36')).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Rows a page' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
  });
});

describe('a server-paged table’s state in the address', () => {
  test('a change made from a render that has not seen the one before it keeps that one (a filter, then the rows a page)', async () => {
    const renders: { table: ReturnType<typeof useTableSearchParams>; search: string }[] = [];
    function AddressHarness({ onRender }: { onRender: (table: ReturnType<typeof useTableSearchParams>, search: string) => void }) {
      const table = useTableSearchParams({ page: 1, pageSize: 25, sort: 'when', dir: 'desc', q: '' }, 'ledger');
      const { search } = useLocation();
      useEffect(() => {
        onRender(table, search);
      });
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/staff/testers/1?ledger_page=3']}>
        <AddressHarness onRender={(table, search) => renders.push({ table, search })} />
      </MemoryRouter>,
    );
    const { table } = renders[0]!;
    // Both changes built from the first render's state, as two quick events before a re-render.
    act(() => table.onChange({ ...table.state, page: 1, q: 'coins and' }));
    act(() => table.onChange({ ...table.state, page: 1, pageSize: 10 }));
    const params = new URLSearchParams(renders.at(-1)!.search);
    expect(params.get(paramName('ledger', 'q'))).toBe('coins and');
    expect(params.get(paramName('ledger', 'pageSize'))).toBe('10');
    expect(params.get(paramName('ledger', 'page'))).toBeNull();
  });
});
