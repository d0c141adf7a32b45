import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { aboutMeMutationKeys } from './query-keys';

export interface DossierCoinsAnswer {
  status: string;
  message?: string;
  /** False when this page's reward was paid before (then exp and coins are 0). */
  isScreenerGetReward?: boolean;
  exp?: number;
  coins?: number;
}

/** POST /api/reward/GetCoins { StudyNo: page id, RewardType: 'Dossier' } (spec 2, section 7). */
export function fetchDossierCoins(pageID: number): Promise<DossierCoinsAnswer> {
  return apiPost<DossierCoinsAnswer>('/reward/GetCoins', { StudyNo: pageID, RewardType: 'Dossier' });
}

/**
 * Claims an answered page's reward. It changes the shell's coins and experience: the reward
 * popup asks for them again (the shell's key reaches it from app/).
 */
export function useDossierCoins() {
  return useMutation({ mutationKey: aboutMeMutationKeys.getCoins, mutationFn: fetchDossierCoins });
}
