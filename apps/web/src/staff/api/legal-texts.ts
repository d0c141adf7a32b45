import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LegalPageKey,
  LegalTextChangeResponse,
  PublishLegalTextPayload,
  RestoreBuiltInLegalTextPayload,
  StaffLegalTextResponse,
  StaffLegalTextsResponse,
} from '@testerhub/shared/legal-text-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/LegalTexts (content role): every legal page with the version in force (decision 070). */
export const legalTextsQuery = () =>
  queryOptions({ queryKey: staffKeys.contentLegalTexts(), queryFn: () => apiGet<StaffLegalTextsResponse>('/staff/content/LegalTexts') });
export const useLegalTexts = () => useQuery(legalTextsQuery());

/** GET /api/staff/content/LegalTextVersions?page=: the page's body in force and its history. */
export const legalTextQuery = (page: LegalPageKey) =>
  queryOptions({
    queryKey: staffKeys.contentLegalText(page),
    queryFn: () => apiGet<StaffLegalTextResponse>(`/staff/content/LegalTextVersions?page=${encodeURIComponent(page)}`),
  });
export const useLegalText = (page: LegalPageKey) => useQuery(legalTextQuery(page));

/** POST PublishLegalText and RestoreBuiltInLegalText: each refreshes the list and the page, whatever the outcome (a refusal means it changed). */
function useLegalTextChange<Payload>(call: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'content', call],
    mutationFn: (payload: Payload) => apiPost<LegalTextChangeResponse>(`/staff/content/${call}`, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.contentLegalTexts() }),
  });
}
export const usePublishLegalText = () => useLegalTextChange<PublishLegalTextPayload>('PublishLegalText');
export const useRestoreBuiltInLegalText = () => useLegalTextChange<RestoreBuiltInLegalTextPayload>('RestoreBuiltInLegalText');
