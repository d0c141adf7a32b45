import { useMutation } from '@tanstack/react-query';
import type { DossierCoinsResponse } from '@testerhub/shared/about-me-schemas';
import { apiPost } from '../../../lib/api';
import { aboutMeMutationKeys } from './query-keys';

/** POST /api/reward/GetCoins { StudyNo: page id, RewardType: 'Dossier' } (spec 2, section 7). */
export function fetchDossierCoins(pageID: number): Promise<DossierCoinsResponse> {
  return apiPost<DossierCoinsResponse>('/reward/GetCoins', { StudyNo: pageID, RewardType: 'Dossier' });
}

/**
 * Claims an answered page's reward. It changes the shell's coins and experience: the reward
 * popup asks for them again (the shell's key reaches it from app/).
 */
export function useDossierCoins() {
  return useMutation({ mutationKey: aboutMeMutationKeys.getCoins, mutationFn: fetchDossierCoins });
}
