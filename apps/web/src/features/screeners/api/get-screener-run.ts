import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { ScreenerRun } from '@testerhub/shared/screener-schemas';
import { screenerKeys } from './query-keys';

/** The query of a child's screener (?k=<kid GUID>, decision 029); '' for the tester's own. */
export const kidQuery = (kid: string) => (kid ? `?k=${encodeURIComponent(kid)}` : '');

/** GET /api/screener/<studyNo>[?k=]: a hosted screener's questions and the saved answers; 404 when it is not theirs to take. */
export function fetchScreenerRun(studyNo: number, kid = ''): Promise<ScreenerRun> {
  return apiGet<ScreenerRun>(`/screener/${studyNo}${kidQuery(kid)}`);
}

export function screenerRunQueryOptions(studyNo: number, kid = '') {
  // Asked anew on every arrival and dropped when the page goes: the saved answers are where a
  // returning tester resumes, and a completed screener must not flash from the cache.
  return queryOptions({
    queryKey: screenerKeys.run(studyNo, kid),
    queryFn: () => fetchScreenerRun(studyNo, kid),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useScreenerRun(studyNo: number, { enabled = true, kid = '' }: { enabled?: boolean; kid?: string } = {}) {
  return useQuery({ ...screenerRunQueryOptions(studyNo, kid), enabled, refetchOnWindowFocus: false });
}
