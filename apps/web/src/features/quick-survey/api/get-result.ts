import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { quickSurveyKeys } from './query-keys';

/** One question's counts (spec 2, section 3): answerNames[i] was chosen answerCounts[i] times. */
export interface QuickResult {
  questionName: string;
  answerNames: string[];
  answerCounts: number[];
}

export interface QuickResultAnswer {
  status: string;
  message?: string;
  results?: QuickResult[];
}

/** POST /api/quickQuestion/GetResult with the jobID as a bare JSON number. */
export function fetchQuickResult(jobID: number): Promise<QuickResultAnswer> {
  return apiPost<QuickResultAnswer>('/quickQuestion/GetResult', jobID);
}

export function quickResultQueryOptions(jobID: number) {
  // Always asked anew: other testers keep answering.
  return queryOptions({ queryKey: quickSurveyKeys.result(jobID), queryFn: () => fetchQuickResult(jobID), staleTime: 0 });
}

export function useQuickResult(jobID: number) {
  return useQuery(quickResultQueryOptions(jobID));
}
