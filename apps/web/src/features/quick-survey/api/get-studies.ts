import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { quickSurveyKeys } from './query-keys';

/** A quick survey in the list (spec 2, section 3). */
export interface QuickStudy {
  jobID: number;
  shortName: string;
  coinValue: number;
  isDone: boolean;
}

export interface QuickStudiesAnswer {
  status: string;
  message?: string;
  filteredStudyDatas?: QuickStudy[];
}

/** GET /api/quickQuestion/GetStudies */
export function fetchQuickStudies(): Promise<QuickStudiesAnswer> {
  return apiGet<QuickStudiesAnswer>('/quickQuestion/GetStudies');
}

export function quickStudiesQueryOptions() {
  return queryOptions({ queryKey: quickSurveyKeys.studies(), queryFn: fetchQuickStudies });
}

/** The quick survey list; a 401 leads to login (the QueryClient's rule). */
export function useQuickStudies() {
  return useQuery(quickStudiesQueryOptions());
}
