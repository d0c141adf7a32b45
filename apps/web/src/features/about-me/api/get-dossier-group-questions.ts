import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DossierQuestionsResponse } from '@testerhub/shared/about-me-schemas';
import { apiPost } from '../../../lib/api';
import { aboutMeKeys } from './query-keys';

/** POST /api/dossier/GetDossierGroupQuestions with the page id as a bare JSON number. */
export function fetchDossierGroupQuestions(pageID: number): Promise<DossierQuestionsResponse> {
  return apiPost<DossierQuestionsResponse>('/dossier/GetDossierGroupQuestions', pageID);
}

export function dossierGroupQuestionsQueryOptions(pageID: number) {
  return queryOptions({ queryKey: aboutMeKeys.questions(pageID), queryFn: () => fetchDossierGroupQuestions(pageID) });
}

/** The questions of the chosen page; nothing is asked until a page is chosen. */
export function useDossierGroupQuestions(pageID: number | null) {
  return useQuery({ ...dossierGroupQuestionsQueryOptions(pageID ?? 0), enabled: pageID !== null });
}
