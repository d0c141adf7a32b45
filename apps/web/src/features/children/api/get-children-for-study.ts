import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildrenForStudyResponse } from '@testerhub/shared/children-schemas';
import { apiPost } from '../../../lib/api';
import { childrenKeys } from './query-keys';

/** POST /api/schedule/GetChildrenInfo { studyNo }: the children as a kid study sees them (decision 029). */
export function fetchChildrenForStudy(studyNo: number): Promise<ChildrenForStudyResponse> {
  return apiPost<ChildrenForStudyResponse>('/schedule/GetChildrenInfo', { studyNo });
}

export function childrenForStudyQueryOptions(studyNo: number) {
  // Each opening asks again: qualification, quota and screenings change as others screen.
  return queryOptions({ queryKey: childrenKeys.forStudy(studyNo), queryFn: () => fetchChildrenForStudy(studyNo), staleTime: 0 });
}

export function useChildrenForStudy(studyNo: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...childrenForStudyQueryOptions(studyNo), enabled });
}
