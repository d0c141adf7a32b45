import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickResultResponse } from '@testerhub/shared/quick-survey-schemas';
import { apiPost } from '../../../lib/api';
import { quickSurveyKeys } from './query-keys';

/** POST /api/quickQuestion/GetResult with the jobID as a bare JSON number. */
export function fetchQuickResult(jobID: number): Promise<QuickResultResponse> {
  return apiPost<QuickResultResponse>('/quickQuestion/GetResult', jobID);
}

export function quickResultQueryOptions(jobID: number) {
  // Always asked anew: other testers keep answering.
  return queryOptions({ queryKey: quickSurveyKeys.result(jobID), queryFn: () => fetchQuickResult(jobID), staleTime: 0 });
}

export function useQuickResult(jobID: number) {
  return useQuery(quickResultQueryOptions(jobID));
}
