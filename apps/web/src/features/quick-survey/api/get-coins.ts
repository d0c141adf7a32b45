import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { quickSurveyMutationKeys } from './query-keys';

export interface QuickCoinsAnswer {
  status: string;
  message?: string;
  exp?: number;
  coins?: number;
}

/** POST /api/quickQuestion/GetCoins with the jobID as a bare JSON number: 0 and 0 when paid before. */
export function fetchQuickCoins(jobID: number): Promise<QuickCoinsAnswer> {
  return apiPost<QuickCoinsAnswer>('/quickQuestion/GetCoins', jobID);
}

/** Claims a survey's reward; the reward popup refreshes the shell's coins and level. */
export function useQuickCoins() {
  return useMutation({ mutationKey: quickSurveyMutationKeys.getCoins, mutationFn: fetchQuickCoins });
}
