import { z } from 'zod';

/**
 * A staff table paged, sorted and filtered on the server (issue 29; decision 136): the sort column
 * comes from the list's own fixed set (never a column name from the address), the page size from
 * TABLE_PAGE_SIZES, and the answer carries the total so the table can say "Showing 1-25 of 36".
 */

export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export type TablePageSize = (typeof TABLE_PAGE_SIZES)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const TABLE_QUERY_TEXTS = {
  sort: (columns: readonly string[]) => `Sort by one of: ${columns.join(', ')}.`,
  dir: 'Sort asc or desc.',
  pageSize: `Show ${TABLE_PAGE_SIZES.join(', ')} rows a page.`,
  page: 'Ask for a page from 1 to 10,000.',
  filter: 'Keep the filter under 100 characters.',
} as const;

/** The sort column: one of the table's fixed set, `fallback` when absent. */
export const sortField = <const Column extends string>(columns: readonly [Column, ...Column[]], fallback: NoInfer<Column>) =>
  z.enum(columns, { error: TABLE_QUERY_TEXTS.sort(columns) }).default(fallback);

export const sortDirectionField = (fallback: SortDirection) => z.enum(SORT_DIRECTIONS, { error: TABLE_QUERY_TEXTS.dir }).default(fallback);

export const pageSizeField = (fallback: TablePageSize) =>
  z.coerce
    .number({ error: TABLE_QUERY_TEXTS.pageSize })
    .refine((size) => (TABLE_PAGE_SIZES as readonly number[]).includes(size), TABLE_QUERY_TEXTS.pageSize)
    .default(fallback);

/** A text filter: rows holding it (case aside) anywhere in the table's filtered column. */
export const tableFilterField = z.string().trim().max(100, TABLE_QUERY_TEXTS.filter).default('');

/** A page number in the address: 1 when absent. */
export const tablePageField = z.coerce
  .number({ error: TABLE_QUERY_TEXTS.page })
  .int(TABLE_QUERY_TEXTS.page)
  .min(1, TABLE_QUERY_TEXTS.page)
  .max(10_000, TABLE_QUERY_TEXTS.page)
  .default(1);

/** The rows a table's page skips. */
export const tableOffset = (page: number, pageSize: number) => (page - 1) * pageSize;

/** A text filter as a LIKE pattern that finds it anywhere, its wildcards taken literally. */
export const containsPattern = (filter: string) => `%${filter.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
