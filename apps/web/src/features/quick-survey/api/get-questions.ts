import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickQuestionsResponse } from '@testerhub/shared/quick-survey-schemas';
import { apiPost } from '../../../lib/api';
import { quickSurveyKeys } from './query-keys';

/** POST /api/quickQuestion/GetQuestions with the jobID as a bare JSON number. */
export function fetchQuickQuestions(jobID: number): Promise<QuickQuestionsResponse> {
  return apiPost<QuickQuestionsResponse>('/quickQuestion/GetQuestions', jobID);
}

export function quickQuestionsQueryOptions(jobID: number) {
  return queryOptions({ queryKey: quickSurveyKeys.questions(jobID), queryFn: () => fetchQuickQuestions(jobID) });
}

export function useQuickQuestions(jobID: number) {
  return useQuery(quickQuestionsQueryOptions(jobID));
}
