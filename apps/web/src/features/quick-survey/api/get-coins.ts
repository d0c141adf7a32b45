import { useMutation } from '@tanstack/react-query';
import type { QuickCoinsResponse } from '@testerhub/shared/quick-survey-schemas';
import { apiPost } from '../../../lib/api';
import { quickSurveyMutationKeys } from './query-keys';

/** POST /api/quickQuestion/GetCoins with the jobID as a bare JSON number: 0 and 0 when paid before. */
export function fetchQuickCoins(jobID: number): Promise<QuickCoinsResponse> {
  return apiPost<QuickCoinsResponse>('/quickQuestion/GetCoins', jobID);
}

/** Claims a survey's reward; the reward popup refreshes the shell's coins and level. */
export function useQuickCoins() {
  return useMutation({ mutationKey: quickSurveyMutationKeys.getCoins, mutationFn: fetchQuickCoins });
}
