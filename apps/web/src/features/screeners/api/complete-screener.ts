import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalContext } from '../../../hooks/use-portal-context';
import { apiPost } from '../../../lib/api';
import type { Answers, CompleteOutcome } from '@testerhub/shared/screener-schemas';
import { kidQuery } from './get-screener-run';
import { screenerKeys, screenerMutationKeys } from './query-keys';

/** POST /api/screener/<studyNo>/complete[?k=] { answers }: the server evaluates the answers (a child's with k). */
export function completeScreener(studyNo: number, answers: Answers, kid = ''): Promise<CompleteOutcome> {
  return apiPost<CompleteOutcome>(`/screener/${studyNo}/complete${kidQuery(kid)}`, { answers });
}

/**
 * Completes a screener. Whatever the outcome, the study leaves the tester's list and the
 * screener cannot be taken again (its query is dropped when the page goes, gcTime 0), and coins
 * may have been paid: the list is asked again and the shell's coins and level refreshed.
 */
export function useCompleteScreener(studyNo: number, kid = '') {
  const queryClient = useQueryClient();
  const portal = usePortalContext();
  return useMutation({
    mutationKey: screenerMutationKeys.complete,
    mutationFn: (answers: Answers) => completeScreener(studyNo, answers, kid),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: screenerKeys.list() });
      portal?.refreshProfile();
    },
  });
}
