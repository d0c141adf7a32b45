import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api';
import type { Answers, ScreenerRun } from '@testerhub/shared/screener-schemas';
import { kidQuery } from './get-screener-run';
import { screenerKeys, screenerMutationKeys } from './query-keys';

/** PUT /api/screener/<studyNo>/answers[?k=] { answers }: keeps the progress so the tester can leave and come back. */
export function saveScreenerAnswers(studyNo: number, answers: Answers, kid = ''): Promise<{ status: string }> {
  return apiPut<{ status: string }>(`/screener/${studyNo}/answers${kidQuery(kid)}`, { answers });
}

/** Saves the answers so far; the cached screener then holds them too. */
export function useSaveScreenerAnswers(studyNo: number, kid = '') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: screenerMutationKeys.saveAnswers,
    mutationFn: (answers: Answers) => saveScreenerAnswers(studyNo, answers, kid),
    onSuccess: (_answer, answers) => {
      queryClient.setQueryData<ScreenerRun>(screenerKeys.run(studyNo, kid), (run) => (run ? { ...run, answers } : run));
    },
  });
}
