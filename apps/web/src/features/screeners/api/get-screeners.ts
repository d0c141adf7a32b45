import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { Screener } from '../study-kind';
import { screenerKeys } from './query-keys';

/** GET /api/schedule/GetScreeners: the studies open to this tester (spec 2, section 7). */
export function fetchScreeners(): Promise<Screener[]> {
  return apiGet<Screener[]>('/schedule/GetScreeners');
}

export function screenersQueryOptions() {
  return queryOptions({ queryKey: screenerKeys.list(), queryFn: fetchScreeners });
}

/** The screener list; a 401 leads to login (the QueryClient's rule), other failures are the page's error state. */
export function useScreeners() {
  return useQuery(screenersQueryOptions());
}
