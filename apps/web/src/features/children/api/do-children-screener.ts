import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoChildrenScreenerRequest, DoChildrenScreenerResponse } from '@testerhub/shared/children-schemas';
import { apiPost } from '../../../lib/api';
import { childrenKeys, childrenMutationKeys } from './query-keys';

/** POST /api/schedule/DoChildrenScreener { childID, studyNo }: starts a child's screener (spec 3, section 7; decision 029). */
export function doChildrenScreener(request: DoChildrenScreenerRequest): Promise<DoChildrenScreenerResponse> {
  return apiPost<DoChildrenScreenerResponse>('/schedule/DoChildrenScreener', request);
}

/** Starts a child's screener; a refusal means the list was out of date, so the study's children are asked again. */
export function useDoChildrenScreener() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: childrenMutationKeys.screen,
    mutationFn: doChildrenScreener,
    onSuccess: (answer, request) => {
      if (answer.status === 'succeed') return;
      void queryClient.invalidateQueries({ queryKey: childrenKeys.forStudy(request.studyNo) });
      void queryClient.invalidateQueries({ queryKey: childrenKeys.teensForStudy(request.studyNo) });
    },
  });
}
