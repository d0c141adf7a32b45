import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DossierAnswerItem } from '@testerhub/shared/about-me-schemas';
import { apiPost } from '../../../lib/api';
import { aboutMeKeys, aboutMeMutationKeys } from './query-keys';

/** POST /api/dossier/AddDossierAnswer: one item per question set of the page. */
export function addDossierAnswer(items: DossierAnswerItem[]): Promise<{ status: string; message?: string }> {
  return apiPost<{ status: string; message?: string }>('/dossier/AddDossierAnswer', items);
}

/** Saves a page's answers. An answered page leaves the list, so the list is asked again. */
export function useAddDossierAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: aboutMeMutationKeys.addAnswer,
    mutationFn: addDossierAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboutMeKeys.groups() }),
  });
}
