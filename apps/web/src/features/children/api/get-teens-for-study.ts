import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildrenForStudyResponse } from '@testerhub/shared/children-schemas';
import { apiPost } from '../../../lib/api';
import { childrenKeys } from './query-keys';

/** POST /api/schedule/GetChildrenInfoWithAge { studyNo }: the teens (13 to 17) a participant-type-3 study may take (decision 029). */
export function fetchTeensForStudy(studyNo: number): Promise<ChildrenForStudyResponse> {
  return apiPost<ChildrenForStudyResponse>('/schedule/GetChildrenInfoWithAge', { studyNo });
}

export function teensForStudyQueryOptions(studyNo: number) {
  return queryOptions({ queryKey: childrenKeys.teensForStudy(studyNo), queryFn: () => fetchTeensForStudy(studyNo), staleTime: 0 });
}

export function useTeensForStudy(studyNo: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teensForStudyQueryOptions(studyNo), enabled });
}
