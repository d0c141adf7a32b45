import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { ScreenerRun } from '../run/screener-rules';
import { screenerKeys } from './query-keys';

/** GET /api/screener/<studyNo>: a hosted screener's questions and the tester's saved answers; 404 when it is not theirs to take. */
export function fetchScreenerRun(studyNo: number): Promise<ScreenerRun> {
  return apiGet<ScreenerRun>(`/screener/${studyNo}`);
}

export function screenerRunQueryOptions(studyNo: number) {
  // Asked anew on every arrival and dropped when the page goes: the saved answers are where a
  // returning tester resumes, and a completed screener must not flash from the cache.
  return queryOptions({ queryKey: screenerKeys.run(studyNo), queryFn: () => fetchScreenerRun(studyNo), staleTime: 0, gcTime: 0 });
}

export function useScreenerRun(studyNo: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...screenerRunQueryOptions(studyNo), enabled, refetchOnWindowFocus: false });
}
