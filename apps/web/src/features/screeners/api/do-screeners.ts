import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoScreenersResponse } from '@testerhub/shared/screener-schemas';
import { apiPost } from '../../../lib/api';
import { screenerKeys, screenerMutationKeys } from './query-keys';

/** POST /api/schedule/DoScreeners { StudyNo, ScreenerType: 'Online' }: starts the online screener of a study (spec 2, section 7). */
export function doScreeners(studyNo: number): Promise<DoScreenersResponse> {
  return apiPost<DoScreenersResponse>('/schedule/DoScreeners', { StudyNo: studyNo, ScreenerType: 'Online' });
}

/** Starts a screener; a refusal means the list was out of date (closed, full, already screened), so it is asked again. */
export function useDoScreeners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: screenerMutationKeys.doScreeners,
    mutationFn: doScreeners,
    onSuccess: (answer) => {
      if (answer.status !== 'succeed') void queryClient.invalidateQueries({ queryKey: screenerKeys.list() });
    },
  });
}
