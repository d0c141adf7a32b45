import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickStudiesResponse } from '@testerhub/shared/quick-survey-schemas';
import { apiGet } from '../../../lib/api';
import { quickSurveyKeys } from './query-keys';

/** GET /api/quickQuestion/GetStudies */
export function fetchQuickStudies(): Promise<QuickStudiesResponse> {
  return apiGet<QuickStudiesResponse>('/quickQuestion/GetStudies');
}

export function quickStudiesQueryOptions() {
  return queryOptions({ queryKey: quickSurveyKeys.studies(), queryFn: fetchQuickStudies });
}

/** The quick survey list; a 401 leads to login (the QueryClient's rule). */
export function useQuickStudies() {
  return useQuery(quickStudiesQueryOptions());
}
