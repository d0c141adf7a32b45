import type { SortDirection } from '@testerhub/shared/table-query';

/** What a staff table shows (decision 136): its page, page size, sort column and direction, and filter. */
export interface TableState {
  page: number;
  pageSize: number;
  sort: string;
  dir: SortDirection;
  q: string;
}

/** A table's field in the address and the query: ledgerSort for the prefix ledger, sort without one. */
export const paramName = (prefix: string, field: keyof TableState) =>
  prefix ? `${prefix}${field[0]!.toUpperCase()}${field.slice(1)}` : field;

/** The query text a server-paged table asks with: its fields under their names, defaults left out. */
export function tableQueryText(state: TableState, defaults: TableState, prefix = '') {
  const parts: string[] = [];
  for (const field of ['sort', 'dir', 'pageSize', 'q'] as const)
    if (state[field] !== defaults[field]) parts.push(`${paramName(prefix, field)}=${encodeURIComponent(String(state[field]))}`);
  return parts.map((part) => `&${part}`).join('');
}
